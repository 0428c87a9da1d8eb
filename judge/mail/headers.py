"""Read the header values the judge needs from a mail the stdlib parsed, without raising.

The judge parses mail with the stdlib's `compat32` policy only (`judge.mail.read`):
its headers are the raw text of each field, which costs nothing to get, while the
structured header objects of `email.policy.default` cost some twenty times more per
mail. So the few values the judge reads are turned into text here, each the same way
(`header_text`): folds removed, raw 8-bit bytes read as UTF-8 (what cannot be is
U+FFFD), RFC 2047 encoded words decoded (`email.header.decode_header`), and control
characters made spaces. An address is found by `email.utils.getaddresses`, and the
`<id>` tokens of a Message-ID-like field by `ids_in`.

Nothing here raises on a broken header: a value that cannot be decoded is kept as
written. The cost of what reaches these readers is bounded before the parse
(`judge.mail.bounds`).
"""

from __future__ import annotations

from email.header import decode_header
from email.message import Message
from email.utils import getaddresses
from typing import Protocol

from judge import rfc5322 as grammar
from judge.rfc5322 import printable, unfolded, utf8_text


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
    """The header values of a `compat32` `Message`: the first field of each name, read
    once into a dict (the judge asks for a dozen names of a block of a few dozen)."""

    __slots__ = ("_first", "message")

    def __init__(self, message: Message) -> None:
        self.message = message
        self._first: dict[str, str] = {}
        for name, value in message.raw_items():
            self._first.setdefault(name.lower(), value)

    def has(self, name: str) -> bool:
        return name.lower() in self._first

    def text(self, name: str) -> str:
        """The first `name` field as text (`header_text`), or ""."""
        value = self._first.get(name.lower())
        return "" if value is None else header_text(value)

    def plain(self, name: str) -> str:
        """The first `name` field unfolded and readable, its encoded words left as
        written (ids and tokens, which RFC 2047 does not encode), or "". The store
        reads a Message-ID so too (`judge.store.message_id`)."""
        value = self._first.get(name.lower())
        return "" if value is None else printable(utf8_text(unfolded(value)))

    def address(self, name: str) -> tuple[str, str]:
        """(display name, address) of the first address in the first `name` field, or
        ("", "") when it holds none."""
        value = self._first.get(name.lower())
        if value is None:
            return "", ""
        written = utf8_text(unfolded(value))
        try:
            found = getaddresses([written])
        except RecursionError:
            # The stdlib's parser recurses once per group it opens (`:`), so a field of
            # a few hundred colons (`From: ::::... <ann@example.org>`) exhausts the
            # stack: no plain address either, the field as written (see below).
            return "", printable(written.strip())
        pairs = [(display, address) for display, address in found if address]
        if not pairs:
            return "", ""
        display, address = pairs[0]
        if address not in written:
            # The parser joined pieces the field does not write together (`<ann@example.o
            # rg>`, a comment inside the address): other readers find another address
            # there, so the address is the field as written, which no reply can go to.
            address = written.strip()
        return printable(decoded_words(display)), printable(address)

    def every_plain(self, name: str) -> tuple[str, ...]:
        """Every `name` field, in order, each read as `plain` reads the first."""
        key = name.lower()
        fields = [value for field, value in self.message.raw_items() if field.lower() == key]
        return tuple(printable(utf8_text(unfolded(value))) for value in fields)

    def ids(self, name: str) -> tuple[str, ...]:
        """The `<id>` tokens of a Message-ID-like field (References, In-Reply-To)."""
        return ids_in(self.plain(name))

    def content_type(self) -> str:
        try:
            return self.message.get_content_type()
        except Exception:  # an unreadable Content-Type is no content type
            return ""


def header_text(value: str) -> str:
    """A raw field value (as `compat32` keeps it) as text: unfolded, its 8-bit bytes
    read as UTF-8, its encoded words decoded, its control characters spaces."""
    return printable(decoded_words(utf8_text(unfolded(value))))


def decoded_words(text: str) -> str:
    """`text` with its RFC 2047 encoded words decoded (`decode_header` splits them out;
    undecodable bytes become U+FFFD, an unknown charset is read as UTF-8); as written
    when it cannot be decoded at all. The pieces are joined as they come: the white
    space between encoded words is dropped, any other kept."""
    if grammar.ENCODED_WORD_START not in text:
        return text
    try:
        return "".join(_piece(piece, charset) for piece, charset in decode_header(text))
    except Exception:  # a piece the stdlib cannot take: keep the text as written
        return text


def _piece(piece: bytes | str, charset: str | None) -> str:
    if isinstance(piece, str):  # no encoded word at all
        return piece
    if charset is None:  # plain text between encoded words, as decode_header encodes it
        return piece.decode("raw-unicode-escape")
    try:
        return piece.decode(charset, "replace")
    except LookupError:
        return piece.decode("utf-8", "replace")


def ids_in(text: str) -> tuple[str, ...]:
    """The `<id>` tokens of a References-like text, else its words."""
    found = grammar.MSG_ID_TOKEN.findall(text)
    return tuple(found) if found else tuple(text.split())
