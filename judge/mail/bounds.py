"""Bound what one mail may cost before any parser of the standard library sees it.

The stdlib's header and MIME parsers are not linear on hostile input: a Subject of
70,000 encoded words needed about 24 GB, a Content-Type with 70,000 parameters 55 s
of CPU, a multipart nested 1,000 deep was never answered. `check_bounds` walks the
raw bytes once, line by line, as the stdlib's feed parser would split them into
header blocks and parts, and raises `TooCostly` when a mail goes beyond one of the
limits below. Its own cost is linear in the mail's size: a mail that is not
multipart is read only up to the end of its header block.

The limits are far above what any mail client writes, and far below what costs the
parsers seconds or megabytes (see `bench/hostile.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge import rfc5322 as grammar

MAX_FIELD_BYTES = 16 * 1024  # one header field, unfolded
# Fields the stdlib reads with its structured parsers, at about 13 µs per byte on
# hostile input (addresses, MIME types): a smaller cap each, and one for the mail.
MAX_STRUCTURED_BYTES = 4 * 1024
MAX_STRUCTURED_TOTAL = 32 * 1024
MAX_COMMENTS = 30  # "(" in one structured field: nested comments recurse in the stdlib
MAX_FIELDS = 500  # header fields in one header block
MAX_ENCODED_WORDS = 100  # RFC 2047 encoded words, in all the mail's header blocks
MAX_PARAMETERS = 30  # parameters of one Content-Type or Content-Disposition
MAX_DEPTH = 10  # nesting of multiparts and attached messages
MAX_PARTS = 200  # parts of any kind

_BOUNDARY = re.compile(rb';\s*boundary\s*=\s*(?:"([^"\r\n]*)"|([^\s;]+))', re.IGNORECASE)
_KIND = re.compile(rb"\s*([a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+)", re.IGNORECASE)
_WITH_PARAMETERS = ("content-type", "content-disposition")
_STRUCTURED = frozenset({
    "from", "sender", "reply-to", "return-path", "message-id", "content-type",
    "content-disposition", "content-transfer-encoding",
})  # fmt: skip


class TooCostly(Exception):
    """The mail goes beyond a reading limit; the message says which, for the reply."""


@dataclass
class HeaderBlock:
    """One header block's fields, each value unfolded and cut at `MAX_FIELD_BYTES`."""

    fields: list[tuple[str, str]] = field(default_factory=list)
    kind: str = "text/plain"
    boundary: bytes | None = None
    typed: bool = False  # a Content-Type was read: the stdlib, too, reads the first


@dataclass
class _Walk:
    """The mail's bytes, read a line at a time without splitting them all at once
    (a mail of a million empty lines would be a million objects)."""

    raw: bytes
    offset: int = 0
    after: int = 0  # where the line `peek` returned ends
    encoded_words: int = 0
    structured_bytes: int = 0
    parts: int = 0
    stack: list[tuple[bytes, int]] = field(default_factory=list)  # (boundary, depth)

    def peek(self) -> bytes | None:
        """The line at the current offset, without its line end; None at the end."""
        if self.offset >= len(self.raw):
            return None
        end = self.raw.find(b"\n", self.offset)
        end = len(self.raw) if end < 0 else end
        self.after = end + 1
        return self.raw[self.offset : end].rstrip(b"\r")

    def advance(self) -> None:
        self.offset = self.after

    def skip_to_dashes(self) -> bool:
        """Move to the next line that starts with "--"; False at the end."""
        while self.offset < len(self.raw):
            if self.raw.startswith(b"--", self.offset):
                return True
            end = self.raw.find(b"\n", self.offset)
            self.offset = len(self.raw) if end < 0 else end + 1
        return False


def top_headers(raw: bytes) -> HeaderBlock:
    """The mail's own header block, read without the limits (each value cut at
    `MAX_FIELD_BYTES`). The reader uses it to answer a mail it will not parse."""
    return _header_block(_Walk(raw), check=False)


def check_bounds(raw: bytes) -> None:
    """Raise `TooCostly` if reading `raw` would go beyond a limit. Linear time."""
    walk = _Walk(raw)
    depth = 0
    block = _header_block(walk, check=True)
    while True:
        walk.parts += 1
        if walk.parts > MAX_PARTS:
            raise TooCostly(f"it has more than {MAX_PARTS} MIME parts")
        if depth > MAX_DEPTH:
            raise TooCostly(f"its MIME parts are nested more than {MAX_DEPTH} deep")
        if block.kind.startswith("message/"):
            depth += 1  # an attached message: its own header block follows at once
            block = _header_block(walk, check=True)
            continue
        if block.kind.startswith("multipart/") and block.boundary:
            walk.stack.append((block.boundary, depth))
        child = _next_part(walk)
        if child is None:
            return
        depth = child
        block = _header_block(walk, check=True)


def _next_part(walk: _Walk) -> int | None:
    """Skip body lines up to the next part's delimiter; the new part's depth, or None
    at the end of the mail (or of every open multipart)."""
    while walk.stack and walk.skip_to_dashes():
        line = walk.peek() or b""
        walk.advance()
        for level in range(len(walk.stack) - 1, -1, -1):
            boundary, depth = walk.stack[level]
            if not line.startswith(b"--" + boundary):
                continue
            rest = line[2 + len(boundary) :]
            if rest.startswith(b"--"):
                del walk.stack[level:]  # the closing delimiter
                break
            if not rest.strip():
                del walk.stack[level + 1 :]
                return depth + 1
    return None


def _header_block(walk: _Walk, *, check: bool) -> HeaderBlock:
    """Read one header block from the walk's offset to its blank line (or first line
    that is not a header line), checking the limits when `check`."""
    block = HeaderBlock()
    values: list[list[bytes]] = []
    sizes: list[int] = []
    while (line := walk.peek()) is not None:
        if not line:
            walk.advance()
            break
        if grammar.is_continuation(line) and values:
            sizes[-1] += len(line)
            if sizes[-1] <= MAX_FIELD_BYTES:
                values[-1].append(line)
            elif check:
                raise TooCostly(f"its {block.fields[-1][0]} header is longer than "
                                f"{MAX_FIELD_BYTES} bytes")  # fmt: skip
            walk.advance()
            continue
        found = grammar.FIELD.match(line)  # or the mbox "From " line, skipped
        if found is None and not line.startswith(b"From "):
            break  # the body begins (the stdlib notes a defect and does the same)
        walk.advance()
        if found is None:
            continue
        if len(values) >= MAX_FIELDS:
            if not check:
                break  # enough to answer by: the first fields
            raise TooCostly(f"a header block has more than {MAX_FIELDS} fields")
        first = line[found.end() :]
        block.fields.append((found[1].decode("ascii"), ""))
        values.append([first[:MAX_FIELD_BYTES]])
        sizes.append(len(line))
        if check and len(line) > MAX_FIELD_BYTES:
            raise TooCostly(f"its {block.fields[-1][0]} header is longer than "
                            f"{MAX_FIELD_BYTES} bytes")  # fmt: skip
    for index, pieces in enumerate(values):
        value = b"".join(pieces)
        name = block.fields[index][0]
        if check:
            _check_field(walk, name, value)
        block.fields[index] = (name, value.decode("latin-1").lstrip(" \t"))
        if name.lower() == "content-type":
            _read_kind(block, value)
    return block


def _check_field(walk: _Walk, name: str, value: bytes) -> None:
    walk.encoded_words += len(grammar.ENCODED_WORD.findall(value))
    if walk.encoded_words > MAX_ENCODED_WORDS:
        raise TooCostly(f"its headers hold more than {MAX_ENCODED_WORDS} encoded words "
                        f"(the last in {name})")  # fmt: skip
    key = name.lower()
    if key not in _STRUCTURED:
        return
    if len(value) > MAX_STRUCTURED_BYTES:
        raise TooCostly(f"its {name} header is longer than {MAX_STRUCTURED_BYTES} bytes")
    walk.structured_bytes += len(value)
    if walk.structured_bytes > MAX_STRUCTURED_TOTAL:
        raise TooCostly(f"its address and MIME headers are longer than "
                        f"{MAX_STRUCTURED_TOTAL} bytes in all")  # fmt: skip
    if value.count(b"(") > MAX_COMMENTS:
        raise TooCostly(f"its {name} header has more than {MAX_COMMENTS} comments")
    if key in _WITH_PARAMETERS and value.count(b";") > MAX_PARAMETERS:
        raise TooCostly(f"its {name} header has more than {MAX_PARAMETERS} parameters")


def _read_kind(block: HeaderBlock, value: bytes) -> None:
    """The content type and boundary, as the first Content-Type names them."""
    if block.typed:
        return
    block.typed = True
    kind = _KIND.match(value)
    if kind is None:
        return
    block.kind = kind[1].decode("ascii").lower()
    boundary = _BOUNDARY.search(value)
    if boundary is not None:
        block.boundary = (boundary[1] if boundary[1] is not None else boundary[2]).rstrip(b" \t")
