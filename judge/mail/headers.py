"""Read header values from any mail, however broken, without raising.

The stdlib header parser decodes RFC 2047 words and raw 8-bit text well, but on rare
malformed input it can raise. Every reader here falls back to the raw header text,
so a broken header costs the judge a nicer value, never the whole mail.

That parser is also slow: most of the judge's CPU per mail went into it. Most mail
is plain, though, so `SimpleHeaders` splits a plain header block by hand, exactly as
the stdlib parser would split it, and reads only values whose meaning is beyond
doubt: ASCII without encoded words, and addresses and ids in their plainest form.
For anything else it raises `NotSimple`, and the caller reads the mail the slow way.
Both readers give their values the same final touch (`_printable`, `ids_in`).
"""

from __future__ import annotations

import re
from email.message import Message
from email.utils import getaddresses
from typing import Protocol

from judge import rfc5322 as grammar


class HeaderValues(Protocol):
    """A mail's header values, however read."""

    def text(self, name: str) -> str:
        """The decoded, unfolded value of the first `name` header, or ""."""
        ...

    def has(self, name: str) -> bool: ...


class HeaderView(HeaderValues, Protocol):
    """What the no-reply rules read of a mail's headers."""

    def content_type(self) -> str:
        """The mail's own content type ("" when unreadable)."""
        ...


class MessageHeaders:
    """`HeaderView` of a parsed `Message`: the slow path."""

    __slots__ = ("message",)

    def __init__(self, message: Message) -> None:
        self.message = message

    def text(self, name: str) -> str:
        return header_text(self.message, name)

    def has(self, name: str) -> bool:
        return has_header(self.message, name)

    def content_type(self) -> str:
        try:
            return self.message.get_content_type()
        except Exception:  # an unreadable Content-Type is no content type
            return ""


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
    return ids_in(header_text(message, name))


def ids_in(text: str) -> tuple[str, ...]:
    """The `<id>` tokens of a References-like text, else its words."""
    found = grammar.MSG_ID_TOKEN.findall(text)
    return tuple(found) if found else tuple(text.split())


def _raw_header(message: Message, name: str) -> str:
    try:
        for key, value in message.raw_items():
            if key.lower() == name.lower():
                return str(value)
    except Exception:  # nothing more we can do: no value
        pass
    return ""


def printable(text: str) -> str:
    """What every reader here makes of a header value (see `_printable`)."""
    return _printable(text)


def _printable(text: str) -> str:
    """Unfolded, without control characters, and with raw 8-bit bytes made readable."""
    if text.isascii() and text.isprintable():  # the usual case, and what follows would keep it
        return text.strip()
    if any("\udc80" <= char <= "\udcff" for char in text):
        try:
            raw = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raw = text.encode("utf-8", "replace")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
    text = grammar.UNFOLD.sub(" ", text)
    return "".join(char if char.isprintable() else " " for char in text).strip()


# --- the fast path: plain header blocks, split by hand ----------------------------------


class NotSimple(Exception):
    """The mail is not plain enough for the fast path: read it with the stdlib parser."""


_PHRASE = rf"{grammar.ATEXT}+(?:[ \t]+{grammar.ATEXT}+)*"
_QUOTED = r"[\t\x20\x21\x23-\x5b\x5d-\x7e]*"  # qtext and white space, no quoted-pair
_SIMPLE_ADDRESS = re.compile(
    rf"[ \t]*(?:(?P<bare>{grammar.ADDR_SPEC})"
    rf'|(?:(?P<phrase>{_PHRASE})|"(?P<quoted>{_QUOTED})")?'
    rf"[ \t]*<(?P<angle>{grammar.ADDR_SPEC})>)[ \t]*"
)


class SimpleHeaders:
    """A header block split as the stdlib parser splits it, read only where plain.

    `value` is the unfolded value the stdlib would hand its header classes; `text`,
    `address` and `message_id` return what `header_text`, `first_address` and
    `header_text` of `Message-ID` return for the same mail, or raise `NotSimple`.
    """

    __slots__ = ("_first", "_repeated")

    def __init__(self, fields: list[tuple[str, str]]) -> None:
        self._first: dict[str, str] = {}
        self._repeated: set[str] = set()
        for name, value in fields:
            key = name.lower()
            if key in self._first:
                self._repeated.add(key)
            else:
                self._first[key] = value

    def has(self, name: str) -> bool:
        return name.lower() in self._first

    def repeated(self, name: str) -> bool:
        return name.lower() in self._repeated

    def value(self, name: str) -> str | None:
        """The first `name` header's unfolded value if plain ASCII, None if absent."""
        value = self._first.get(name.lower())
        if value is not None and not grammar.is_plain_value(value):
            raise NotSimple(name)  # raw 8-bit text or encoded words: the stdlib decodes them
        return value

    def text(self, name: str) -> str:
        value = self.value(name)
        return "" if value is None else _printable(value)

    def address(self, name: str) -> tuple[str, str]:
        """(display name, address) for `addr@host`, `<addr@host>`, `Name <addr@host>` or
        `"Name" <addr@host>`, ("", "") when absent or blank."""
        value = self.value(name)
        if value is None or not value.strip(" \t"):
            return "", ""
        found = _SIMPLE_ADDRESS.fullmatch(value)
        if found is None:
            raise NotSimple(name)
        if found["bare"]:
            return "", found["bare"]
        if found["phrase"]:
            return " ".join(found["phrase"].split()), found["angle"]
        return _printable(found["quoted"] or ""), found["angle"]

    def message_id(self) -> str:
        value = self.value("Message-ID")
        if value is None:
            return ""
        value = value.strip(" \t")
        if not grammar.PLAIN_MSG_ID.fullmatch(value):
            raise NotSimple("Message-ID")
        return value


def split_header_block(raw: bytes) -> tuple[SimpleHeaders, int]:
    """The header block of `raw` and the offset where its body begins, or `NotSimple`.

    Simple: lines end all in CRLF or all in LF, every header line is a field or a
    continuation, and an empty line ends the block. The body is the rest, untouched.
    With the fast paths off (`grammar.FAST_PATHS`), nothing is simple.
    """
    if not grammar.fast_paths():
        raise NotSimple("the fast paths are off")
    newline = raw.find(b"\n")
    eol = b"\r\n" if newline > 0 and raw[newline - 1] == 13 else b"\n"
    end = raw.find(eol + eol)
    if end <= 0:
        raise NotSimple("no header block")
    head = raw[:end]
    if head.count(b"\r") != (head.count(b"\r\n") if eol == b"\r\n" else 0):
        raise NotSimple("mixed line ends")
    if eol == b"\r\n" and head.count(b"\n") != head.count(b"\r\n"):
        raise NotSimple("mixed line ends")
    return SimpleHeaders(_fields(head.split(eol))), end + 2 * len(eol)


def _fields(lines: list[bytes]) -> list[tuple[str, str]]:
    """(name, unfolded value) per header, as the stdlib's policy would produce them."""
    fields: list[tuple[str, str]] = []
    for line in lines:
        if grammar.is_continuation(line) and fields:
            name, value = fields[-1]
            fields[-1] = (name, value + line.decode("latin-1"))
            continue
        colon = grammar.FIELD.match(line)
        if colon is None:
            raise NotSimple("not a header line")
        name = line[: colon.end() - 1].decode("ascii")
        fields.append((name, line[colon.end() :].decode("latin-1").lstrip(" \t")))
    return fields
