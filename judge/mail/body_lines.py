"""Pick, from a mail's text, the lines the judge should read as commands.

Outside press, blank lines, quoted lines (`>`) and a reply's "... wrote:" line are
skipped. Inside `PRESS`/`BROADCAST` ... `ENDPRESS` every line is kept as typed, blank
and quoted ones too, because they are part of the message to the other players.
Reading stops at a signature line (`--`), at a quoted original ("-----Original
Message-----" or Outlook's line of underscores), or after SIGNOFF, which is kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judge.language.keywords import ends_press_block, is_signoff, starts_press_block
from judge.mail import work

MAX_LINES = 500

_ORIGINAL_MESSAGE = re.compile(r"-{2,}\s*original message\s*-{2,}|_{20,}", re.IGNORECASE)
_ATTRIBUTION = re.compile(r".*\b(wrote|writes|schrieb|a écrit|escribió|scrisse)\s*:$", re.I)
# Gmail breaks a long attribution in two: "On Tue, Dec 1, 2026 at 6:00 PM Judge <" and
# "judge@example.org> wrote:". The first half starts like one, in the usual languages.
_ATTRIBUTION_START = re.compile(r"(on|am|le|el|il|op)\s.*\d.*", re.I)


def command_lines(text: str) -> tuple[tuple[str, ...], list[str]]:
    """The lines to read, right-stripped, and any problem (e.g. the line cap).
    Linear in the text (`judge.mail.text_bounds` has bounded its lines)."""
    work.charge(len(text))
    raw = [line.rstrip() for line in text.splitlines()]
    kept: list[str] = []
    in_press = False
    for index, line in enumerate(raw):
        if _ends_reading(line):
            break
        if not in_press and _skipped(raw, index):
            continue
        if len(kept) >= MAX_LINES:
            return tuple(kept), [f"only the first {MAX_LINES} lines were read"]
        kept.append(line)
        if is_signoff(line):
            break
        in_press = _still_in_press(line, in_press)
    return tuple(kept), []


def _ends_reading(line: str) -> bool:
    return line == "--" or bool(_ORIGINAL_MESSAGE.fullmatch(line.strip()))


def _still_in_press(line: str, in_press: bool) -> bool:
    if in_press:
        return not ends_press_block(line)
    return starts_press_block(line)


def _skipped(lines: Sequence[str], index: int) -> bool:
    line = lines[index].strip()
    return not line or _is_quote(line) or _is_attribution(lines, index)


def _is_quote(line: str) -> bool:
    return line.lstrip().startswith(">")


def _is_attribution(lines: Sequence[str], index: int) -> bool:
    """A line like `On Monday, Ann wrote:` just above quoted text, or the first half
    of one broken in two (`On Tue, Dec 1, 2026 at 6:00 PM Judge <`)."""
    line = lines[index].strip()
    if _ATTRIBUTION.fullmatch(line):
        return _is_quote(_next_text(lines, index + 1))
    # The next line is checked to be the second half before it is read as a whole
    # attribution: a chain of first halves is then never followed line after line.
    if index + 1 < len(lines) and _ATTRIBUTION_START.fullmatch(line):
        return bool(_ATTRIBUTION.fullmatch(lines[index + 1].strip())) and _is_attribution(
            lines, index + 1
        )
    return False


def _next_text(lines: Sequence[str], start: int) -> str:
    """The first line from `start` on that is not blank ("" if none), found without
    copying the rest of the mail: each blank run is walked by the one line above it."""
    for index in range(start, len(lines)):
        if lines[index].strip():
            return lines[index]
    return ""
