"""The inbox's quick Message-ID reader agrees with the stdlib's header parser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rfc5322 import stdlib_only
from judge.store.message_id import (
    _NOT_PLAIN,
    _plain_message_id,
    header_message_id,
    parsed_message_id,
)

NAMES = st.sampled_from(["Message-ID", "message-id", "MESSAGE-ID", "Message-Id ", "From",
                         "Subject", "X-Thing", "To", "Message-IDs", ":odd", "From ", ""])
VALUES = st.one_of(
    st.sampled_from(["<a@b>", " <a@b> ", "", "  ", "<a@b> <c@d>", "\t<x@y>", "é"]),
    st.text("<>@.abc xyz\t:;", max_size=12),
)
LINE = st.one_of(
    st.builds(lambda n, v: f"{n}:{v}", NAMES, VALUES),
    st.builds(lambda v: f" {v}", VALUES),  # a continuation
    st.sampled_from(["", "From someone Sat Nov 21", "no colon here", "\r", ">From x"]),
)
MAIL = st.builds(
    lambda lines, eol, body: (eol.join(lines) + eol + eol + body).encode("utf-8"),
    st.lists(LINE, max_size=6),
    st.sampled_from(["\r\n", "\n"]),
    st.sampled_from(["LIST", "Message-ID: <in@body>", ""]),
)


@settings(max_examples=600)
@given(MAIL)
def test_every_mail_gives_the_parsers_message_id(raw: bytes) -> None:
    assert header_message_id(raw) == parsed_message_id(raw)
    with stdlib_only():
        assert header_message_id(raw) == parsed_message_id(raw)


@given(st.lists(st.sampled_from(["From: a@b", "Subject: hi", "To: j@x"]), max_size=4),
       st.sampled_from(["<m1@example.org>", "<a.b@c.d>"]), st.sampled_from(["\r\n", "\n"]))
def test_plain_mails_are_read_without_the_parser(
    before: list[str], message_id: str, eol: str
) -> None:
    raw = eol.join([*before, f"Message-ID: {message_id}", "X: y"]).encode() + (eol * 2).encode()
    assert _plain_message_id(raw) == message_id == parsed_message_id(raw)


def test_unusual_headers_go_to_the_parser() -> None:
    folded = b"Message-ID:\r\n <a@b>\r\n\r\nbody"
    assert _plain_message_id(folded) is _NOT_PLAIN
    assert header_message_id(folded) == parsed_message_id(folded) == "<a@b>"
    assert _plain_message_id(b"From x\nMessage-ID: <a@b>\n\n") is _NOT_PLAIN
    assert header_message_id(b"garbage only") is None
