"""Undo `format=flowed` (RFC 3676): the soft line breaks some mail programs add.

Thunderbird (by default), Apple Mail and others send text as `format=flowed`: a long
line is cut into several, each but the last ending in a space, and the reader is
meant to join them again. The judge reads one command per line, so it must join
them first, or `A PAR S A MAR - BUR` could arrive as two lines.

The rules, from RFC 3676 section 4:

* A line ending in a space is "flowed": it continues on the next line. Other lines
  end a paragraph. The signature separator `-- ` is never flowed.
* A line's quote depth is its number of leading `>`; a flowed line joins the next
  only at the same depth (else it ends there).
* After the quote marks, one leading space is "stuffing" (added so that a line
  starting with `>` or `From ` survives) and is removed.
* With `DelSp=yes`, the space that marks a flowed line is deleted when joining;
  without it, that space is part of the text.
"""

from __future__ import annotations

import re

from judge import work

_QUOTES = re.compile(r">*")
SIGNATURE = "-- "


def unflow(text: str, delsp: bool = False) -> str:
    """The text with its flowed lines joined, quote marks kept (`> ` per depth).
    Linear in the text: a paragraph's pieces are joined once, when it ends."""
    work.charge(len(text))
    lines: list[str] = []
    depth_open = -1  # the quote depth of the open paragraph; -1: none open
    pieces: list[str] = []  # the open paragraph's text so far
    for raw in text.splitlines():
        depth, content = _parts(raw)
        if depth_open >= 0 and depth_open != depth:
            lines.append(_quoted(depth_open, "".join(pieces)))
            depth_open, pieces = -1, []
        if content.endswith(" ") and content != SIGNATURE:
            pieces.append(content[:-1] if delsp else content)
            depth_open = depth
        else:
            pieces.append(content)
            lines.append(_quoted(depth, "".join(pieces)))
            depth_open, pieces = -1, []
    if depth_open >= 0:
        lines.append(_quoted(depth_open, "".join(pieces)))
    return "\n".join(lines) + ("\n" if lines else "")


def _parts(line: str) -> tuple[int, str]:
    marks = _QUOTES.match(line)
    depth = marks.end() if marks else 0
    content = line[depth:]
    if content.startswith(" "):
        content = content[1:]  # space-stuffing
    return depth, content


def _quoted(depth: int, content: str) -> str:
    return f"{'>' * depth} {content}" if depth else content
