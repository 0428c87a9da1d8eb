"""The headers the judge acts on are read from the one parse of the mail (issue 31, item 5).

`Authentication-Results` decides whether a sender is never locked out by wrong
passwords. It was read by a scan of the raw bytes of its own, up to the first
blank line, while the stdlib's parser (and the MTA, which deletes forged fields
of its own id from the header block only) ends the header block at the first
line that is no header field: a line without a colon, a field name with a space
or an 8-bit byte. A field after such a line is in the body, where the sender
writes what they like, yet the scan trusted it.

Now every header the judge uses comes from the stdlib's `compat32` parse, kept
with the inbox row (`judge.mail.header_facts`). The property test generates
header blocks (defects, 8-bit names and values, folding, duplicates, lone CRs, a
body without its blank line) and holds the judge's readings, through the facts
the intake keeps, equal to what `BytesParser(policy=compat32)` sees.
"""

from __future__ import annotations

import json
from email.message import Message
from email.parser import BytesParser
from email.policy import compat32
from email.utils import getaddresses
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.config import Config, config_from_dict
from judge.mail.auth_results import MAX_FIELDS, verified_domain
from judge.mail.header_facts import NO_REPLY_SIGNS, HeaderFacts, KeptHeaders
from judge.mail.header_reading import header_facts_json
from judge.mail.read import IncomingMail, read_message, read_stored
from judge.service.reading.sender_auth import sender_verified

JUDGE = "judge@example.org"
MTA = "mx.example.org"
VOUCHING = f"{MTA}; dmarc=pass header.from=example.com"
FIELD = b"Authentication-Results: " + VOUCHING.encode()
_PARSER = BytesParser(policy=compat32)


@cache
def config_with_authserv(authserv_id: str) -> Config:
    """A judge's configuration that trusts the fields of `authserv_id`."""
    return config_from_dict({"security": {"authserv_id": authserv_id}}, Path("/nonexistent"))


def _stored(raw: bytes) -> object:
    """The facts of `raw` as an inbox row gives them back (through JSON)."""
    return json.loads(json.dumps(header_facts_json(raw)))


def _readings(raw: bytes) -> list[IncomingMail]:
    """The mail as processing reads it: from its kept facts, and whole."""
    return [read_stored(raw, _stored(raw), JUDGE), read_message(raw, JUDGE)]


def _stdlib_fields(message: Message, name: str) -> list[list[str]]:
    """The words of every `name` field the stdlib's parse holds, in order."""
    return [value.split() for value in message.get_all(name) or []]


def test_a_field_after_a_line_without_a_colon_is_body_and_not_trusted() -> None:
    config = config_with_authserv(MTA)
    trusted = b"From: ann@example.com\r\n" + FIELD
    for breaker in (b"no colon here", b"Name with space: x", b"Caf\xc3\xa9: 8-bit name",
                    b"X-Bad\xff: 8-bit name", b"Name : space before the colon"):  # fmt: skip
        raw = b"From: ann@example.com\r\n%s\r\n%s\r\n\r\nLIST\r\n" % (breaker, FIELD)
        assert _PARSER.parsebytes(raw).get_all("Authentication-Results") is None, breaker
        for mail in _readings(raw):
            assert mail.auth_results == () and not sender_verified(mail, config), breaker
    for mail in _readings(trusted + b"\r\n\r\nLIST\r\n"):
        assert sender_verified(mail, config)  # the same field in the header block: trusted


def test_a_folded_field_is_read_whole_and_every_field_is_read() -> None:
    config = config_with_authserv(MTA)
    raw = (b"Authentication-Results: other.example; dmarc=pass header.from=example.com\r\n"
           b"From: ann@example.com\r\n"
           b"Authentication-Results: mx.example.org;\r\n"
           b"\tspf=none smtp.mailfrom=example.com;\r\n"
           b"  dmarc=pass (p=none)\r\n header.from=example.com\r\n\r\nLIST\r\n")  # fmt: skip
    for mail in _readings(raw):
        assert len(mail.auth_results) == 2
        assert mail.auth_results[1].split() == [
            "mx.example.org;", "spf=none", "smtp.mailfrom=example.com;", "dmarc=pass",
            "(p=none)", "header.from=example.com",
        ]  # fmt: skip
        assert sender_verified(mail, config)


def test_only_the_first_fields_are_read() -> None:
    config = config_with_authserv(MTA)
    others = b"Authentication-Results: other.example; none\r\n" * MAX_FIELDS
    late = FIELD + b"\r\n"
    raw = b"From: ann@example.com\r\n" + others + late + b"\r\nLIST\r\n"
    for mail in _readings(raw):
        assert len(mail.auth_results) == MAX_FIELDS and not sender_verified(mail, config)


def test_facts_kept_without_the_fields_send_the_mail_to_be_read_whole() -> None:
    """Facts an older judge (version 2) kept have no Authentication-Results: they are
    not believed, and the mail is read whole, fields included."""
    raw = b"From: ann@example.com\r\n%s\r\n\r\nLIST\r\n" % FIELD
    kept = _stored(raw)
    assert isinstance(kept, dict)
    older = {key: value for key, value in kept.items() if key != "auth_results"} | {"v": 2}
    mail = read_stored(raw, older, JUDGE)
    assert mail == read_message(raw, JUDGE) and mail.auth_results == (VOUCHING,)


def test_a_mail_beyond_the_reading_limits_has_no_fields_to_trust() -> None:
    subject = b"Subject: " + b"=?utf-8?q?x?= " * 70_000
    raw = b"From: ann@example.com\r\n%s\r\n%s\r\n\r\nLIST\r\n" % (FIELD, subject)
    facts = HeaderFacts.from_json(_stored(raw))
    assert facts is not None and facts.too_costly
    for mail in _readings(raw):
        assert mail.auth_results == () and not mail.lines


# --- generated header blocks ----------------------------------------------------------

AUTH_VALUES = [VOUCHING, "other.example; dmarc=pass header.from=example.com",
               f"{MTA}; dkim=pass header.d=example.com", f"{MTA}; dmarc=fail header.from=x.org",
               f"{MTA};\r\n\tdmarc=pass\r\n header.from=example.com", f"{MTA}; none"]  # fmt: skip
FIELD_LINES = st.sampled_from([
    b"From: ann@example.com", b"From: Ann <ann@example.com>", b"From: Ann\r\n <ann@example.com>",
    b"From: bob@example.net", b"Reply-To: r@example.org", b"Subject: hello there",
    b"Subject: folded\r\n subject", b"Message-ID: <a@b>", b"References: <a@b> <c@d>",
    b"In-Reply-To: <e@f>", b"X-Loop: judge", b"Precedence: bulk", b"Auto-Submitted: no",
    b"List-Id: <l.example>", b"Return-Path: <>", b"X-Caf\xc3\xa9: 8-bit value \xc3\xa9",
    *(b"Authentication-Results: " + value.encode() for value in AUTH_VALUES),
    b"authentication-results: " + VOUCHING.encode(),  # any case
])  # fmt: skip
ODD_LINES = st.sampled_from([
    b" continued", b"\tcontinued", b": no name", b"From mbox line", b"no colon at all",
    b"Caf\xc3\xa9: 8-bit name", b"X-\xff: 8-bit name", b"Name : space before the colon",
    b"X-Empty:", b"Authentication-Results:", b"",
])  # fmt: skip
LINE_ENDS = st.sampled_from([b"\r\n", b"\n", b"\r"])
BODIES = st.sampled_from([
    b"LIST\r\n", FIELD + b"\r\nLIST\r\n", b"",
])  # fmt: skip


@st.composite
def header_blocks(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(st.tuples(st.one_of(FIELD_LINES, ODD_LINES), LINE_ENDS), max_size=12))
    head = b"".join(line + end for line, end in lines)
    separator = draw(st.sampled_from([b"\r\n", b"\n", b""]))
    return head + separator + draw(BODIES)


def _first_address(message: Message, name: str) -> str:
    value = message.get(name)
    if value is None:
        return ""
    unfolded = str(value).replace("\r", "").replace("\n", "")  # RFC 5322 unfolding
    found = [address for _, address in getaddresses([unfolded]) if address]
    if found and found[0] not in unfolded:  # joined from pieces: the field as written,
        return "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in unfolded.strip())
    return found[0] if found else ""


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(header_blocks())
def test_the_judges_readings_are_the_stdlib_parsers(raw: bytes) -> None:
    config = config_with_authserv(MTA)
    message = _PARSER.parsebytes(raw)
    fields = _stdlib_fields(message, "Authentication-Results")[:MAX_FIELDS]
    sender = _first_address(message, "From")
    facts = HeaderFacts.from_json(_stored(raw))
    assert facts is not None and not facts.too_costly
    kept = KeptHeaders(facts)
    for name in NO_REPLY_SIGNS:
        assert kept.has(name) == (message.get(name) is not None), name
    for mail in _readings(raw):
        assert [value.split() for value in mail.auth_results] == fields
        assert mail.sender == sender
        assert mail.subject.split() == str(message.get("Subject") or "").split()
        assert mail.message_id.split() == str(message.get("Message-ID") or "").split()
        domain = sender.rpartition("@")[2] if "@" in sender else ""
        expected = verified_domain([" ".join(words) for words in fields], MTA, domain)
        assert sender_verified(mail, config) == expected
