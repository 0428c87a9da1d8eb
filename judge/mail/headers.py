"""Read header values from any mail, however broken, without raising.

The stdlib header parser decodes RFC 2047 words and raw 8-bit text well, but on rare
malformed input it can raise. Every reader here falls back to the raw header text,
so a broken header costs the judge a nicer value, never the whole mail.
"""

from __future__ import annotations

import re
from email.message import Message
from email.utils import getaddresses

_MESSAGE_ID = re.compile(r"<[^<>\s]+>")


def header_text(message: Message, name: str) -> str:
    """The decoded, unfolded value of the first `name` header, or "" if absent."""
    try:
        value = message.get(name)
        text = "" if value is None else str(value)
    except Exception:  # the stdlib header parser is not total; read the raw text instead
        text = _raw_header(message, name)
    return _printable(text)


def has_header(message: Message, name: str) -> bool:
    try:
        return name in message
    except Exception:  # a damaged header block: treat the header as absent
        return False


def first_address(message: Message, name: str) -> tuple[str, str]:
    """(display name, address) of the first address in header `name`, or ("", "")."""
    try:
        value = message.get(name)
        addresses = getattr(value, "addresses", None)
        if addresses:
            first = addresses[0]
            return _printable(first.display_name), _printable(first.addr_spec)
    except Exception:  # fall back to the simpler parser below
        pass
    pairs = getaddresses([header_text(message, name)])
    pairs = [(display, addr) for display, addr in pairs if addr]
    return pairs[0] if pairs else ("", "")


def message_ids(message: Message, name: str) -> tuple[str, ...]:
    """The `<id>` tokens of a Message-ID-like header (References, In-Reply-To)."""
    text = header_text(message, name)
    found = _MESSAGE_ID.findall(text)
    return tuple(found) if found else tuple(text.split())


def _raw_header(message: Message, name: str) -> str:
    try:
        for key, value in message.raw_items():
            if key.lower() == name.lower():
                return str(value)
    except Exception:  # nothing more we can do: no value
        pass
    return ""


def _printable(text: str) -> str:
    """Unfolded, without control characters, and with raw 8-bit bytes made readable."""
    if any("\udc80" <= char <= "\udcff" for char in text):
        try:
            raw = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raw = text.encode("utf-8", "replace")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
    text = re.sub(r"\r?\n[ \t]*", " ", text)
    return "".join(char if char.isprintable() else " " for char in text).strip()
