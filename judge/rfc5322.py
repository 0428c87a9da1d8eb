"""The pieces of RFC 5322 and RFC 5321 that the judge's fast paths read and write by hand.

The stdlib's `email` package is the judge's reference reader and writer; it is also
most of the judge's CPU per mail. So plain mail takes fast paths: a plain header
block read by hand (`judge.mail.read`, `judge.mail.headers`), the Message-ID of a
mail stored without its header facts (`judge.store.message_id`), `reply_bytes`
(`judge.mail.compose`), one header line of a fan-out (`judge.outbox.enqueue`), the SMTP
addresses of the intake (`judge.server.smtp_protocol`).
Each of them decides "plain enough" with the same grammar, defined once here, and
hands anything else to the stdlib. It sits at the top of the package, not in
`judge.mail`, because the store and the daemon use it too, and the store knows no
MIME (`tests/test_layering.py`).

`FAST_PATHS` turns every one of them off at once: with it False, all mail goes
through the stdlib (the tests run the whole pipeline both ways and compare). It
is read at each call, so a test (or an operator chasing a doubt) may flip it.
(`STDLIB_HEADER_LINE` is no fast path: it is the stdlib's own rule, with which
`judge.mail.header_block` finds where a body begins, either way.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

FAST_PATHS = True


def fast_paths() -> bool:
    """Whether the hand-written fast paths may run (see the module's docstring)."""
    return FAST_PATHS


@contextmanager
def stdlib_only() -> Iterator[None]:
    """Within the block, every fast path is off and all mail goes to the stdlib."""
    global FAST_PATHS
    before, FAST_PATHS = FAST_PATHS, False
    try:
        yield
    finally:
        FAST_PATHS = before


# RFC 5322 3.2.3: atext, and a dot-atom of it. An addr-spec of two dot-atoms is the
# plainest form of an address (no quoted local part, no domain literal, no comment).
ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
DOT_ATOM = rf"{ATEXT}+(?:\.{ATEXT}+)*"
ADDR_SPEC = rf"{DOT_ATOM}@{DOT_ATOM}"
# A host name of RFC 1123 labels (no leading or trailing hyphen): what the judge
# accepts to store; and RFC 5321's looser Domain as aiosmtpd reads it in MAIL FROM.
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
HOST_NAME = rf"{LABEL}(?:\.{LABEL})*"
SMTP_DOMAIN = r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"

# A msg-id in its plainest form (`<dot-atom@dot-atom>`), and any `<...>` token of a
# References-like header (the reader keeps what clients write, plain or not).
PLAIN_MSG_ID = re.compile(rf"<{ADDR_SPEC}>")
MSG_ID_TOKEN = re.compile(r"<[^<>\s]+>")

# The stdlib feed parser's header line (email.feedparser.headerRE without its mbox
# "From " case): a field name of printable ASCII but ":", then ":". Group 1 is the
# name. A line that is neither this, a continuation nor empty ends a header block.
FIELD = re.compile(rb"([\x21-\x39\x3b-\x7e]+):")
FOLDING_WHITE_SPACE = (b" ", b"\t")  # a line starting with one continues the field
UNFOLD = re.compile(r"\r?\n[ \t]*")  # what unfolding a value replaces by one space

# RFC 2047: the start of an encoded word. Any "=?" in a value sends it to the stdlib.
ENCODED_WORD = re.compile(rb"=\?[^?\s]*\?[bBqQ]\?")
ENCODED_WORD_START = "=?"


def is_continuation(line: bytes) -> bool:
    """True for a folded line: it continues the field before it."""
    return line[:1] in FOLDING_WHITE_SPACE


def is_plain_value(value: str) -> bool:
    """ASCII without encoded words: a value the stdlib would hand back unchanged."""
    return value.isascii() and ENCODED_WORD_START not in value


# The stdlib feed parser's own header line (email.feedparser.headerRE): the mbox
# "From " line, a field (whose name may be empty), or a continuation. Its header
# block ends at the first line that is none of these, and that line is the body's
# first unless it is empty. Where the body begins is read with this, not `FIELD`.
STDLIB_HEADER_LINE = re.compile(rb"From |[\x21-\x39\x3b-\x7e]*:|[\t ]")
