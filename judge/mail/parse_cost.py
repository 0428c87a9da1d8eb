"""Give the stdlib's parser no more lines than the reading needs.

The stdlib's feed parser walks a mail line by line in Python, about a microsecond a
line, and it does so even for the header parser (its headers-only mode still reads
every line of the body). A mail of 1 MB of empty lines is a million lines: with the
body reader's own loop over them, 1.9 to 2.8 s of CPU (issue 31), for a mail whose
content is one LIST. So:

* `header_block` cuts a mail at the end of its header block (the first empty line,
  kept) before the header parser sees it: the same headers, read from the bytes the
  parser would stop at anyway; a mail without such a line is given whole.
* `fewer_blank_lines` keeps at most `KEEP_BLANK` empty lines of any run: no command is
  in an empty line, and the press text keeps runs of up to `KEEP_BLANK`. The header
  block ends at the first empty line, and a MIME part's header at its own first, so
  the structure is unchanged. One pass of a regular expression over runs of white
  space: linear.
The stored bytes are never changed: only what the parser is given.
"""

from __future__ import annotations

import re

KEEP_BLANK = 20  # empty lines kept of a longer run
# A line end and the white space after it: the empty (or blank) lines of a run, and
# the indentation of the line after them. One character class repeated: the regular
# expression engine scans it in C (a repeated group of line ends cost 0.2 s per MB).
_WHITE_RUN = re.compile(rb"\n[ \t\r\n]{%d,}" % KEEP_BLANK)
_HEADER_END = re.compile(rb"\r?\n\r?\n")


def header_block(raw: bytes) -> bytes:
    """`raw` up to the end of its first empty line (its header block, for a parser
    that stops there); all of `raw` when it has none."""
    end = _HEADER_END.search(raw)
    return raw if end is None else raw[: end.end()]


def fewer_blank_lines(raw: bytes) -> bytes:
    """`raw` with every run of more than `KEEP_BLANK` empty lines (or lines of white
    space only) cut to `KEEP_BLANK` empty lines."""
    return _WHITE_RUN.sub(_cut_run, raw)


def _cut_run(match: re.Match[bytes]) -> bytes:
    run = match.group()
    last = run.rfind(b"\n")
    if run.count(b"\n", 0, last + 1) - 1 <= KEEP_BLANK:
        return run  # short enough (or mostly indentation)
    ending = b"\r\n" if b"\r\n" in run else b"\n"
    return b"\n" + ending * KEEP_BLANK + run[last + 1 :]
