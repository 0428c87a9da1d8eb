"""How much of what the sender wrote the reply repeats: one screenful, then a count.

The reply echoes each line it read with its outcome. Echoed in full, a mail of
hundreds of lines makes the judge repeat a stranger's text at length to whatever
address the From names. So the reply repeats at most `SCREENFUL` lines of the
mail (the lines read first, with their outcomes); the rest is counted in one
line, with how many of those lines were refused. The error count at the end
still counts every line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from judge.service.context import Note, note
from judge.service.dispatch import Entry

SCREENFUL = 40  # lines of the sender's text a reply repeats


def screenful(entries: Sequence[Entry]) -> tuple[list[Entry], list[Note]]:
    """The entries the reply shows (cut at `SCREENFUL` echoed lines), and the note
    that counts the rest (none when nothing was left out)."""
    shown: list[Entry] = []
    left = SCREENFUL
    more_lines = more_errors = 0
    for entry in entries:
        lines = entry.text.splitlines() or [""]
        if left <= 0:
            more_lines += len(lines)
            more_errors += entry.errors
            continue
        if len(lines) > left:
            more_lines += len(lines) - left
            entry = replace(entry, text="\n".join(lines[:left]))
        shown.append(entry)
        left -= min(len(lines), left)
    if not more_lines:
        return shown, []
    return shown, [note("more_lines", count=more_lines, errors=more_errors, limit=SCREENFUL)]
