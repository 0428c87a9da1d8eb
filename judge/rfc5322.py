"""The pieces of RFC 5322 and RFC 5321 grammar the judge checks by itself, defined once.

Mail is read and written by the stdlib's `email` package. A few checks come before
or beside it and need the grammar as text: the reading limits that keep hostile
mail away from the stdlib's parser (`judge.mail.bounds`: a header line, folding,
encoded words), the plain-address and host-name checks of what the judge stores
(`judge.addresses`), the judge's own Message-IDs (`judge.mail.identifiers`), and
the values the writer must encode rather than write as they stand (`judge.mail.wire`),
and header text made readable the one way the intake and the store read it.
It sits at the top of the package, not in `judge.mail`, because `judge.addresses`
(which the config uses) and the store sit below the mail layer (`tests/test_layering.py`).
"""

from __future__ import annotations

import re

# RFC 5322 3.2.3: atext, and a dot-atom of it. An addr-spec of two dot-atoms is the
# plainest form of an address (no quoted local part, no domain literal, no comment).
ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
DOT_ATOM = rf"{ATEXT}+(?:\.{ATEXT}+)*"
ADDR_SPEC = rf"{DOT_ATOM}@{DOT_ATOM}"
# A host name of RFC 1123 labels (no leading or trailing hyphen): what the judge
# accepts to store.
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
HOST_NAME = rf"{LABEL}(?:\.{LABEL})*"

# A msg-id in its plainest form (`<dot-atom@dot-atom>`), and any `<...>` token of a
# References-like header (the reader keeps what clients write, plain or not).
PLAIN_MSG_ID = re.compile(rf"<{ADDR_SPEC}>")
MSG_ID_TOKEN = re.compile(r"<[^<>\s]+>")

# The stdlib feed parser's header line (email.feedparser.headerRE without its mbox
# "From " case): a field name of printable ASCII but ":", then ":". Group 1 is the
# name. A line that is neither this, a continuation nor empty ends a header block.
FIELD = re.compile(rb"([\x21-\x39\x3b-\x7e]+):")
FOLDING_WHITE_SPACE = (b" ", b"\t")  # a line starting with one continues the field

# RFC 2047: the start of an encoded word. Any "=?" in a value sends it to the stdlib.
ENCODED_WORD = re.compile(rb"=\?[^?\s]*\?[bBqQ]\?")
ENCODED_WORD_START = "=?"


def is_continuation(line: bytes) -> bool:
    """True for a folded line: it continues the field before it."""
    return line[:1] in FOLDING_WHITE_SPACE


def is_plain_value(value: str) -> bool:
    """ASCII without encoded words: a value the stdlib would hand back unchanged."""
    return value.isascii() and ENCODED_WORD_START not in value


# Header text as the stdlib's compat32 parser keeps it, made readable the one way the
# intake (`judge.mail.headers`) and the store (`judge.store.message_id`) both read it.


def unfolded(value: str) -> str:
    """Unfolding removes the line breaks and keeps the white space after them."""
    if "\n" not in value and "\r" not in value:
        return value
    return value.replace("\r", "").replace("\n", "")


def utf8_text(value: str) -> str:
    """Raw 8-bit bytes (`compat32` keeps them as surrogate escapes) read as UTF-8;
    what is not UTF-8 becomes U+FFFD."""
    if value.isascii():
        return value
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def printable(text: str) -> str:
    """Without control characters (each a space), and without white space around."""
    if text.isascii() and text.isprintable():  # the usual case
        return text.strip()
    return "".join(char if char.isprintable() else " " for char in text).strip()
