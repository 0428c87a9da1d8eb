"""How much of a mail a reply (or a copy of it) repeats: a screenful, every line that
did something, and a count of the rest.

The reply echoes each line it read with its outcome. Echoed in full, a mail of
hundreds of lines makes the judge repeat a stranger's text at length to whatever
address the From names. So a reply repeats the first `SCREENFUL` lines of the
mail (with their outcomes), and after them only the lines that did something
(`Entry.changed`: a command that writes, and was not refused): a password
change, an order, a press, a concession is never done unseen, however far down
the mail it stands. The rest (lines that only read, such as LIST or HELP, and
refused lines, which changed nothing) are counted in one note, with how many of
them were refused. A stranger's mail is mostly refused lines, so its echo stays a
screenful. The error count at the end still counts every line.

The copy a seat's player gets of what was done in their name (`judge.service.
seat_copies`) is cut the same way, but keeps every line that tried to do
something in their name, refused or not (`copy_screenful`): the sender of such a
mail held the seat's password or was its game's master, so the copy is no
stranger's amplifier, and a player must see what was attempted as them too. Only
lines that read (or could not be read) are counted there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from judge.service.context import Note, note
from judge.service.replies.dispatch import Entry

SCREENFUL = 40  # lines of the sender's text a reply repeats, before only those that did something


def screenful(entries: Sequence[Entry]) -> tuple[list[Entry], list[Note]]:
    """The entries a reply shows (a screenful, then each entry that did something),
    and the note that counts the lines left out: none when nothing was."""
    return _cut(entries, lambda entry: entry.changed, "more_lines")


def copy_screenful(entries: Sequence[Entry]) -> tuple[list[Entry], list[Note]]:
    """The entries a seat's copy shows (a screenful, then each entry that did or
    tried to do something in the seat's name, refused or not), and the note that
    counts the lines left out (lines that only read, or were not read at all)."""
    return _cut(entries, lambda entry: entry.writes, "copy_more_lines")


def _cut(
    entries: Sequence[Entry], kept: Callable[[Entry], bool], count_note: str
) -> tuple[list[Entry], list[Note]]:
    shown: list[Entry] = []
    left = SCREENFUL
    more_lines = more_errors = 0
    for entry in entries:
        lines = entry.text.splitlines() or [""]
        if kept(entry):
            shown.append(entry)
            left = max(left - len(lines), 0)
            continue
        if left <= 0:
            more_lines += len(lines)
            more_errors += entry.errors
            continue
        if len(lines) > left:
            more_lines += len(lines) - left
            entry = replace(entry, text="\n".join(lines[:left]))
        shown.append(entry)
        left = max(left - len(lines), 0)
    if not more_lines:
        return shown, []
    return shown, [note(count_note, count=more_lines, errors=more_errors, limit=SCREENFUL)]
