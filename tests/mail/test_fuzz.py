"""Property tests: the mail reader and the command parser never raise, whatever arrives.

A mail from the outside world is untrusted bytes. Whatever it holds, the judge must
produce a value it can answer (or decide not to answer), never a traceback.
"""

from __future__ import annotations

import base64
import os
import quopri
from datetime import datetime, timedelta
from email.message import EmailMessage

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from support.language.parsing import GRAMMAR, VOCABULARY
from support.mail import samples

from judge.language.command_types import ParsedLine
from judge.language.commands import parse_commands
from judge.language.durations import DurationError, parse_duration, parse_when
from judge.mail.html_text import html_to_text
from judge.mail.read import IncomingMail, read_message

JUDGE = samples.JUDGE
EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "300"))  # raise it for a deeper run
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CHARSETS = [
    "utf-8", "us-ascii", "iso-8859-1", "iso-8859-15", "windows-1252", "koi8-r", "shift_jis",
    "utf-16", "utf-7", "gb2312", "x-unknown", "base64", "rot13", "", "utf-8\"; x=\"",
]  # fmt: skip
ENCODINGS = ["7bit", "8bit", "quoted-printable", "base64", "x-uuencode", "binary", "bogus"]
SUBTYPES = ["plain", "html", "enriched", "octet-stream"]
HEADER_NAMES = [
    "From", "Reply-To", "Subject", "Message-ID", "References", "In-Reply-To", "Return-Path",
    "Auto-Submitted", "Precedence", "X-Autoreply", "List-Id", "X-Loop", "Content-Type",
    "Content-Disposition", "Content-Transfer-Encoding", "MIME-Version",
]  # fmt: skip

COMMANDISH = st.sampled_from(
    [
        "SIGNON Fg1 pw", "SIGN ON ?g1 pw", "PRESS TO F", "PRESS", "BROADCAST", "ENDPRESS",
        "END PRESS", "SIGNOFF", "SET DEADLINE +2d", "SET MOVE NEXT 3d", "CREATE g1 pw standard",
        "A PAR-BUR", "> quoted", "", "  ", "--", "-- ", "PREFERENCES FGEAIRT", "BID I 3",
        "ORDERS", "ENDORDERS", "Ann wrote:", "-----Original Message-----", "SET",
    ]
)  # fmt: skip
LINE = st.one_of(COMMANDISH, st.text(max_size=60))
LINES = st.lists(LINE, max_size=30)


def assert_accounted_for(lines: list[str], parsed: list[ParsedLine]) -> None:
    """Every non-blank line is in exactly one ParsedLine, in order; blanks may be skipped."""
    covered: list[int] = []
    for item in parsed:
        assert (item.command is None) != (item.error is None)
        assert item.lines == tuple(lines[item.start : item.start + len(item.lines)])
        covered.extend(range(item.start, item.start + len(item.lines)))
    assert covered == sorted(set(covered))
    for index, line in enumerate(lines):
        if index not in covered:
            assert not line.strip("\ufeff\u200b\u200c\u200d\u2060").strip()


@FUZZ
@given(LINES)
def test_parse_commands_never_raises_and_accounts_for_every_line(lines: list[str]) -> None:
    assert_accounted_for(lines, parse_commands(lines, VOCABULARY, GRAMMAR))


@FUZZ
@given(st.lists(st.text(), max_size=20))
def test_parse_commands_takes_any_text(lines: list[str]) -> None:
    assert_accounted_for(lines, parse_commands(lines, VOCABULARY, GRAMMAR))


@FUZZ
@given(st.binary(max_size=3000))
def test_read_message_never_raises_on_random_bytes(raw: bytes) -> None:
    mail = read_message(raw, JUDGE)
    assert isinstance(mail, IncomingMail)
    assert not any("could not be read (" in problem for problem in mail.problems)
    assert_accounted_for(list(mail.lines), parse_commands(mail.lines, VOCABULARY, GRAMMAR))


def mutated(sample: bytes, data: st.DataObject) -> bytes:
    raw = bytearray(sample)
    for _ in range(data.draw(st.integers(0, 12))):
        position = data.draw(st.integers(0, max(0, len(raw) - 1)))
        action = data.draw(st.sampled_from(["flip", "insert", "delete"]))
        byte = data.draw(st.integers(0, 255))
        if action == "flip" and raw:
            raw[position] = byte
        elif action == "insert":
            raw.insert(position, byte)
        elif raw:
            del raw[position]
    return bytes(raw)


SAMPLES = [getattr(samples, name) for name in dir(samples) if name.isupper() and name != "JUDGE"]


@FUZZ
@given(st.sampled_from(SAMPLES), st.data())
def test_read_message_never_raises_on_damaged_real_mail(sample: bytes, data: st.DataObject) -> None:
    mail = read_message(mutated(sample, data), JUDGE)
    assert not any("could not be read (" in problem for problem in mail.problems)


def encoded_body(text: str, charset: str, encoding: str) -> bytes:
    try:
        data = text.encode(charset or "utf-8", errors="replace")
    except (LookupError, TypeError):
        data = text.encode("utf-8")
    if encoding == "base64":
        return base64.encodebytes(data)
    if encoding == "quoted-printable":
        return quopri.encodestring(data)
    return data


@st.composite
def raw_parts(draw: st.DrawFn) -> bytes:
    charset = draw(st.sampled_from(CHARSETS))
    encoding = draw(st.sampled_from(ENCODINGS))
    headers = [
        f'Content-Type: text/{draw(st.sampled_from(SUBTYPES))}; charset="{charset}"',
        f"Content-Transfer-Encoding: {encoding}",
    ]
    if draw(st.booleans()):
        headers.append("Content-Disposition: " + draw(st.sampled_from(["inline", "attachment"])))
    body = encoded_body(draw(st.text(max_size=300)), charset, encoding)
    return "\n".join(headers).encode() + b"\n\n" + body


@st.composite
def raw_mails(draw: st.DrawFn) -> bytes:
    headers = [
        f"{draw(st.sampled_from(HEADER_NAMES))}: {draw(st.text(max_size=40))}"
        for _ in range(draw(st.integers(0, 6)))
    ]
    head = "\n".join(headers).encode("utf-8", "surrogatepass")
    parts = draw(st.lists(raw_parts(), min_size=1, max_size=4))
    if len(parts) == 1 and draw(st.booleans()):
        return head + b"\n" + parts[0]
    kind = draw(st.sampled_from(["mixed", "alternative", "report", "related"]))
    boundary = b"=_b"
    out = head + b"\nContent-Type: multipart/" + kind.encode() + b'; boundary="=_b"\n\n'
    for part in parts:
        out += b"--" + boundary + b"\n" + part + b"\n"
    if draw(st.booleans()):
        out += b"--" + boundary + b"--\n"
    return out


@FUZZ
@given(raw_mails())
def test_read_message_never_raises_on_random_mime(raw: bytes) -> None:
    mail = read_message(raw, JUDGE)
    assert not any("could not be read (" in problem for problem in mail.problems)
    assert_accounted_for(list(mail.lines), parse_commands(mail.lines, VOCABULARY, GRAMMAR))


@st.composite
def email_messages(draw: st.DrawFn) -> bytes:
    message = EmailMessage()
    for name in ("From", "Subject", "Reply-To", "References", "Precedence"):
        if draw(st.booleans()):
            try:
                message[name] = draw(st.text(max_size=30))
            except Exception:  # the builder refuses some values: not what is tested
                reject()
    text = draw(st.text(max_size=300))
    charset = draw(st.sampled_from(["utf-8", "iso-8859-1", "koi8-r", "utf-16"]))
    cte = draw(st.sampled_from(["7bit", "8bit", "quoted-printable", "base64"]))
    try:
        message.set_content(text, subtype=draw(st.sampled_from(["plain", "html"])),
                            charset=charset, cte=cte)  # fmt: skip
        if draw(st.booleans()):
            message.add_alternative("<p>" + text + "</p>", subtype="html")
            message.set_boundary("=_fixed")  # else the stdlib draws one with global random
        return bytes(message)
    except Exception:  # unencodable combinations are the builder's limit, not ours
        reject()


@FUZZ
@given(email_messages())
def test_read_message_never_raises_on_built_messages(raw: bytes) -> None:
    mail = read_message(raw, JUDGE)
    assert not any("could not be read (" in problem for problem in mail.problems)


SIMPLE_LINE = st.from_regex(r"[A-Z][A-Za-z0-9 ,.?-]{0,40}[A-Za-z0-9]", fullmatch=True).filter(
    lambda line: (
        line.split()[0].upper() not in {"PRESS", "BROADCAST", "SIGNOFF"}
        and "SIGN" not in line.upper()
        and "WROTE" not in line.upper()
    )
)


CHARSET_AND_ENCODING = st.tuples(
    st.sampled_from(["utf-8", "iso-8859-1", "koi8-r"]),
    st.sampled_from(["7bit", "8bit", "quoted-printable", "base64"]),
)


@FUZZ
@given(st.lists(SIMPLE_LINE, min_size=1, max_size=15), CHARSET_AND_ENCODING)
def test_plain_command_lines_come_back_as_sent(
    lines: list[str], charset_and_encoding: tuple[str, str]
) -> None:
    charset, cte = charset_and_encoding
    message = EmailMessage()
    message["From"] = "ann@example.net"
    message.set_content("\n".join(lines) + "\n", charset=charset, cte=cte)
    assert read_message(bytes(message), JUDGE).lines == tuple(lines)


@FUZZ
@given(st.text(max_size=200))
def test_html_to_text_never_raises(html: str) -> None:
    assert isinstance(html_to_text(html), str)


@FUZZ
@given(st.one_of(st.text(max_size=40), st.from_regex(r"\+?[0-9. ]{0,30}[a-z]{0,8}.*")))
def test_duration_readers_raise_only_duration_error(text: str) -> None:
    for parse in (parse_duration, parse_when):
        try:
            value = parse(text)
        except DurationError:
            continue
        assert isinstance(value, timedelta | datetime)
