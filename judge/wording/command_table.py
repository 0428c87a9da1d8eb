"""The two-column table of commands a HELP page shows: usage on the left, what the
command does on the right, within the mail's 78 columns.

The general HELP page is written by hand in this shape (`  HELP [topic]`, the
description from column 36); `HELP COMMANDS` and `HELP keyword` build it from the
command registry, in the reader's language, so a description too long for its
column is wrapped under itself rather than left to the body rule (which would hang
it two spaces under the usage), and a usage too long for its column puts the
description on the next line.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.wording.mail_width import MAIL_WIDTH, line_bytes

INDENT = "  "
DESCRIPTION_COLUMN = 35  # as on the general HELP page
# French sets these apart with a space (`O (observateur) ; ? pour la rejoindre`):
# never at the start of a line.
PUNCTUATION = frozenset({";", ":", "!", "?", "»"})


def command_table(rows: Iterable[tuple[str, str]], width: int = MAIL_WIDTH) -> str:
    """`rows` of (usage, description), already in the reader's language, as lines."""
    lines: list[str] = []
    for usage, description in rows:
        left = INDENT + usage
        pad = DESCRIPTION_COLUMN - len(left)
        accents = line_bytes(left) - len(left)  # `é` is one column but two bytes
        words = _wrapped(description, width - DESCRIPTION_COLUMN - accents)
        if pad < 1 or not words:
            lines.append(left)
        else:
            lines.append(left + " " * pad + words.pop(0))
        lines.extend(" " * DESCRIPTION_COLUMN + line for line in words)
    return "\n".join(lines)


def _wrapped(text: str, width: int) -> list[str]:
    """`text` broken at spaces into lines of at most `width` UTF-8 bytes (a word
    longer than that stays whole; French punctuation stays with the word before it)."""
    tokens: list[str] = []
    for word in text.split():
        if word in PUNCTUATION and tokens:
            tokens[-1] = f"{tokens[-1]} {word}"
        else:
            tokens.append(word)
    lines: list[str] = []
    current = ""
    for token in tokens:
        if current and line_bytes(f"{current} {token}") > width:
            lines.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
    if current:
        lines.append(current)
    return lines
