"""The Message-ID of a received mail stored without its header facts.

The intake reads a mail's header block when it stores it (`judge.mail.header_facts`),
and the inbox records the Message-ID read then. A mail stored without those facts
(by a tool or a test: the store itself reads no MIME) gets its Message-ID here.

The stdlib's header parser (compat32) defines the value; reading a whole header block
with it costs more than the rest of storing the mail. Plain header blocks (ASCII,
every line a field, a continuation or the block's end, and an unfolded Message-ID)
are read here directly, with the same result; anything else goes to the parser.
"""

from __future__ import annotations

from email.parser import BytesHeaderParser
from email.policy import compat32

from judge import rfc5322 as grammar

_NAME = b"message-id"


def header_message_id(raw: bytes) -> str | None:
    """The Message-ID header of raw mail bytes, or None when absent or unreadable."""
    plain = _plain_message_id(raw) if grammar.fast_paths() else _NOT_PLAIN
    if plain is not _NOT_PLAIN:
        return plain if isinstance(plain, str) else None
    return parsed_message_id(raw)


def parsed_message_id(raw: bytes) -> str | None:
    """The same, always through the stdlib's parser."""
    try:
        headers = BytesHeaderParser(policy=compat32).parsebytes(raw)
        value = headers.get("Message-ID")
    except Exception:  # a mail must be stored even when its headers are garbage
        return None
    text = str(value).strip() if value is not None else ""
    return text or None


_NOT_PLAIN = object()


def _plain_message_id(raw: bytes) -> object:
    """The value (None when absent or empty), or `_NOT_PLAIN` for the parser."""
    lines = raw.split(b"\n")
    found: bytes | None = None
    found_at = -2
    for index, line in enumerate(lines):
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line.isascii() or b"\r" in line:
            return _NOT_PLAIN
        if not line:
            break
        if grammar.is_continuation(line):
            if found is not None and found_at == index - 1:
                return _NOT_PLAIN  # a folded Message-ID
            continue
        if grammar.FIELD.match(line) is None:
            return _NOT_PLAIN  # "From ", or the body starting without a blank line
        if found is None and line[:11].lower() == _NAME + b":":
            found, found_at = line[11:], index
    if found is None:
        return None
    return found.strip().decode("ascii") or None
