"""The inbox's Message-ID of a mail stored without header facts is the one the intake
reads, and the one a `policy.default` reader finds."""

from __future__ import annotations

from email.parser import BytesParser
from email.policy import default

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.header_reading import read_header_facts
from judge.store.message_id import header_message_id

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


def reference_message_id(raw: bytes) -> str | None:
    """The first Message-ID field found by `policy.default`'s parser, as written,
    unfolded, 8-bit bytes as UTF-8, control characters as spaces."""
    message = BytesParser(policy=default).parsebytes(raw, headersonly=True)
    value = next((str(v) for k, v in message.raw_items() if k.lower() == "message-id"), "")
    text = value.replace("\r", "").replace("\n", "")
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(char if char.isprintable() else " " for char in text).strip() or None


@settings(max_examples=600)
@given(MAIL)
def test_every_mail_gives_the_reference_and_the_intake_message_id(raw: bytes) -> None:
    assert header_message_id(raw) == reference_message_id(raw)
    assert header_message_id(raw) == (read_header_facts(raw).message_id or None)


def test_folded_unusual_and_missing_message_ids() -> None:
    assert header_message_id(b"Message-ID:\r\n <a@b>\r\n\r\nbody") == "<a@b>"
    assert header_message_id(b"From x\nMessage-ID: <a@b>\n\n") == "<a@b>"
    assert header_message_id(b"Message-ID: <caf\xc3\xa9@b>\n\n") == "<café@b>"
    assert header_message_id(b"Message-ID: <caf\xe9@b>\n\n") == "<caf\ufffd@b>"
    assert header_message_id(b"Subject: x\n\nMessage-ID: <in@body>\n") is None
    assert header_message_id(b"garbage only") is None
