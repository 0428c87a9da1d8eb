"""A mail's header block is read once, when it is stored; processing reads only the body.

The facts kept (`judge.mail.header_facts`) must give the very reading of the whole
mail: on the hostile corpus (the worst mails, and those just under each limit), on
the client corpus (the samples), and on generated header blocks whose lines the
stdlib's feed parser splits in its own ways (lone CR, an empty field name, a
continuation first, mbox "From " lines, a body without its blank line). Facts that
cannot be trusted (another version, such as those an older judge kept, or damaged
JSON) are ignored, never believed: the mail is read whole again.
"""

from __future__ import annotations

import json
from email.parser import BytesParser
from email.policy import compat32

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.hostile.hostile_mails import UNDER_LIMITS, WORST
from support.mail import samples
from support.mail.samples import JUDGE

from judge.mail.header_facts import FACTS_VERSION, HeaderFacts, KeptHeaders
from judge.mail.header_reading import header_facts_json, message_facts, read_header_facts
from judge.mail.read import read_message, read_stored

CLIENT_MAILS = {name: raw for name, raw in vars(samples).items() if name.isupper() and
                isinstance(raw, bytes)}  # fmt: skip


def _stored(raw: bytes) -> object:
    """The facts of `raw` as an inbox row gives them back."""
    return json.loads(json.dumps(header_facts_json(raw)))


@pytest.mark.parametrize("name", sorted(CLIENT_MAILS))
def test_a_client_mail_read_from_its_kept_facts_is_the_whole_mail_read(name: str) -> None:
    raw = CLIENT_MAILS[name]
    assert read_stored(raw, _stored(raw), JUDGE) == read_message(raw, JUDGE)


@pytest.mark.parametrize("name", sorted([*UNDER_LIMITS, *WORST]))
def test_a_hostile_mail_read_from_its_kept_facts_is_the_whole_mail_read(name: str) -> None:
    raw = {**UNDER_LIMITS, **WORST}[name]()
    kept = _stored(raw)
    assert kept is not None
    assert read_stored(raw, kept, JUDGE) == read_message(raw, JUDGE)
    if name in WORST and name != "LIST (plain)":
        assert HeaderFacts.from_json(kept).too_costly  # type: ignore[union-attr]
        assert not read_stored(raw, kept, JUDGE).lines  # its lines are never read


def test_a_mail_beyond_the_limits_is_answered_from_its_facts_alone() -> None:
    raw = WORST["Subject: 70,000 encoded words"]()
    facts = HeaderFacts.from_json(_stored(raw))
    assert facts is not None and facts.too_costly
    mail = read_stored(b"", _stored(raw), JUDGE)  # no byte of the mail read
    assert mail.sender == "mallory@example.org" and "did not read this mail" in mail.problems[0]


# The facts of GMAIL_REPLY as version 1 kept them (an older judge, which also kept
# where the body began and how to read it).
VERSION_1 = {
    "v": 1, "sender": "ann@example.net", "sender_name": "Ann Example", "reply_to": "",
    "subject": "Re: LOCAL:g1 - S1901M Results", "message_id": "<reply-2@example.net>",
    "references": ["<first@example.net>", "<judge-1@example.org>"], "signs": [],
    "content_type": "text/plain", "body_at": 282,
    "body": {"plain": {"charset": "utf-8", "flowed": None}}, "too_costly": "",
}  # fmt: skip


def test_facts_kept_by_version_1_send_the_mail_to_be_read_whole() -> None:
    raw = CLIENT_MAILS["GMAIL_REPLY"]
    assert HeaderFacts.from_json(VERSION_1) is None
    mail = read_stored(raw, VERSION_1, JUDGE)
    assert mail == read_message(raw, JUDGE) and mail.lines and not mail.failure


def test_a_part_without_headers_is_read_as_plain_text() -> None:
    """RFC 2046: a body part with no header fields is text/plain (the stdlib's part
    object is falsy then, and the reader once skipped it)."""
    raw = (b"From: ann@example.org\nContent-Type: multipart/mixed; boundary=XX\n\n"
           b"--XX\n\nLIST\n--XX--\n")  # fmt: skip
    assert read_message(raw, JUDGE).lines == ("LIST",)
    assert read_stored(raw, _stored(raw), JUDGE).lines == ("LIST",)


def test_facts_of_another_version_or_damaged_are_not_believed() -> None:
    raw = CLIENT_MAILS["GMAIL_REPLY"]
    whole = read_message(raw, JUDGE)
    kept = header_facts_json(raw)
    assert kept is not None and kept["v"] == FACTS_VERSION
    lying = {**kept, "sender": "mallory@example.org"}
    assert read_stored(raw, lying, JUDGE).sender == "mallory@example.org"  # believed...
    for untrusted in (
        {**lying, "v": FACTS_VERSION + 1},  # ...unless of another version
        {**lying, "v": FACTS_VERSION - 1},
        {**lying, "signs": "x-loop"},
        {**lying, "signs": [["x-loop"]]},
        {**lying, "references": [3]},
        {**lying, "too_costly": None},
        {key: value for key, value in lying.items() if key != "subject"},
        "not a mapping",
        [1, 2],
    ):
        assert read_stored(raw, untrusted, JUDGE) == whole


def test_values_a_json_column_cannot_keep_leave_the_mail_to_be_read_whole() -> None:
    facts = read_header_facts(b"From: ann@example.org\n\nLIST\n")
    assert facts.to_json() is not None
    for text in ("a\x00b", "a\udce9b"):
        for changed in (facts.__class__(**{**_fields(facts), "subject": text}),
                        facts.__class__(**{**_fields(facts), "signs": (("x-loop", text),)})):
            assert changed.to_json() is None  # fmt: skip


def _fields(facts: HeaderFacts) -> dict[str, object]:
    return {name: getattr(facts, name) for name in facts.__slots__}


def test_the_kept_view_refuses_a_header_it_did_not_keep() -> None:
    view = KeptHeaders(read_header_facts(b"From: a@example.org\nX-Loop: x\n\nLIST\n"))
    assert view.text("X-Loop") == "x" and view.has("x-loop") and not view.has("Precedence")
    with pytest.raises(KeyError, match="X-Spam"):
        view.text("X-Spam")


def test_the_intake_reads_the_header_block_as_the_whole_mail_reads_it() -> None:
    for raw in CLIENT_MAILS.values():
        whole = _PARSER.parsebytes(raw)  # what `read_message` parses: headers and body
        assert read_header_facts(raw) == message_facts(whole)


_PARSER = BytesParser(policy=compat32)


# --- header blocks the stdlib's feed parser splits in its own ways --------------------

HEADER_LINES = st.sampled_from([
    b"From: ann@example.org", b"Subject: hello", b"Content-Type: text/plain; charset=utf-8",
    b"Content-Type: multipart/mixed; boundary=b", b"content-transfer-encoding: base64",
    b"Content-Disposition: attachment", b" continued", b"\tcontinued", b": no name",
    b"From mbox line", b"X-Empty:", b"Content-Type:", b"not a header", b"Message-ID: <a@b>",
])  # fmt: skip
LINE_ENDS = st.sampled_from([b"\n", b"\r\n", b"\r"])
BODIES = st.sampled_from([
    b"LIST\n", b"LIST\r\n", b"\rLIST", b"", b"\n\nLIST\n", b"--b\n\nLIST\n--b--\n",
    b"SklTVAo=\n", b"From x\nLIST\n",
])  # fmt: skip


@st.composite
def odd_mails(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(st.tuples(HEADER_LINES, LINE_ENDS), max_size=8))
    head = b"".join(line + end for line, end in lines)
    separator = draw(st.sampled_from([b"\n", b"\r\n", b"\r", b""]))
    return head + separator + draw(BODIES)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(odd_mails())
def test_odd_header_blocks_read_from_their_facts_are_the_whole_mail_read(raw: bytes) -> None:
    assert read_stored(raw, _stored(raw), JUDGE) == read_message(raw, JUDGE)


def test_a_from_line_last_in_the_header_block_reads_as_the_whole_mail() -> None:
    raw = b"From: ann@example.org\nFrom the mbox\n\nLIST\n"
    assert read_stored(raw, _stored(raw), JUDGE) == read_message(raw, JUDGE)
