"""Where a mail's header block ends and its body begins, as the stdlib's parser decides.

The judge reads a mail's header block when it stores the mail, and only the body
when it processes it (`judge.mail.header_facts`). For a MIME body, the stdlib's
parser is then given the top MIME fields, a blank line and the body: so the judge
must cut the mail exactly where the stdlib's feed parser would, and find those
fields as that parser would split them. `body_start` walks the header block line by
line with the feed parser's own rules (lines end in CRLF, CR or LF; a header line
is a field, a continuation or an mbox "From " line; a field with an empty name, a
misplaced "From " line and a first-line continuation are dropped). The one layout
where the feed parser's body is not one piece of the mail (a "From " line last in
the header block, which it hands back to the body) gives None: that mail is parsed
whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge import rfc5322 as grammar

# The top header block's fields that the stdlib's MIME parser and the body reader use.
BODY_FIELDS = frozenset({"content-type", "content-transfer-encoding", "content-disposition"})


@dataclass(frozen=True, slots=True)
class BodyStart:
    """The body's offset in the mail, and the byte ranges of its top `BODY_FIELDS`."""

    body_at: int
    field_spans: tuple[tuple[int, int], ...]


def body_start(raw: bytes) -> BodyStart | None:
    """Where the body of `raw` begins, or None when it is not one piece of the mail."""
    spans: list[tuple[int, int]] = []
    field: list[int] | None = None  # [start, end] of the kept field in progress
    in_field = False  # a field is in progress (kept or not): continuations extend it
    body_at = len(raw)
    last_from_line = False
    for index, (start, end) in enumerate(_lines(raw)):
        line = raw[start:end]
        if grammar.STDLIB_HEADER_LINE.match(line) is None:
            body_at = end if line[:1] in (b"\r", b"\n") else start
            break
        last_from_line = False
        if grammar.is_continuation(line):
            if in_field and field is not None:
                field[1] = end
            continue
        if field is not None:
            spans.append((field[0], field[1]))
        field, in_field = None, False
        if line.startswith(b"From "):
            last_from_line = index > 0
            continue
        colon = line.find(b":")
        if colon == 0:
            continue  # a field without a name: dropped
        in_field = True
        if line[:colon].decode("ascii").lower() in BODY_FIELDS:
            field = [start, end]
    if field is not None:
        spans.append((field[0], field[1]))
    if last_from_line:
        return None
    return BodyStart(body_at, tuple(spans))


def _lines(raw: bytes) -> Iterator[tuple[int, int]]:
    """(start, end) of each line of `raw`, its line end (CRLF, CR or LF) included."""
    offset, size = 0, len(raw)
    while offset < size:
        newline = raw.find(b"\n", offset)
        cr = raw.find(b"\r", offset, newline if newline >= 0 else size)
        if cr < 0:
            end = size if newline < 0 else newline + 1
        elif cr + 1 < size and raw[cr + 1] == 10:
            end = cr + 2
        else:
            end = cr + 1
        yield offset, end
        offset = end
