"""Pick, from a mail's text, the lines the judge should read as commands.

Outside press, blank lines, quoted lines (`>`), the judge's own reply sentences pasted
back without `>` (mentioned once in the reply) and a reply's "... wrote:" line just
above them are skipped. Inside `PRESS`/`BROADCAST` ... `ENDPRESS` every line is kept
as typed, blank and quoted ones too, because they are part of the message to the
other players. Reading stops at a signature line (`--`), at the start of a quoted or
forwarded mail (`judge.mail.quoted` says where: a marker, a header block, an
attribution line, the judge's own lines pasted back), or after SIGNOFF, which is kept.
"""

from __future__ import annotations

from judge import work
from judge.language.keywords import ends_press_block, is_signoff, starts_press_block
from judge.mail.quoted import Verdict, verdict

MAX_LINES = 500


def command_lines(text: str) -> tuple[tuple[str, ...], list[str]]:
    """The lines to read, right-stripped, and any problem (e.g. the line cap; the
    judge's own sentences pasted back, skipped and mentioned once).
    Linear in the text (`judge.mail.text_bounds` has bounded its lines)."""
    work.charge(len(text))
    raw = [line.rstrip() for line in text.splitlines()]
    kept: list[str] = []
    pasted = 0
    in_press = False
    for index, line in enumerate(raw):
        seen = verdict(raw, index, in_press)
        if line == "--" or seen is Verdict.STOP:
            break
        if seen is Verdict.PASTED:
            pasted += 1
            continue
        if not in_press and (seen is Verdict.SKIP or not line.strip()):
            continue
        if len(kept) >= MAX_LINES:
            return tuple(kept), [f"only the first {MAX_LINES} lines were read", *_pasted(pasted)]
        kept.append(line)
        if is_signoff(line):
            break
        in_press = _still_in_press(line, in_press)
    return tuple(kept), _pasted(pasted)


def _pasted(count: int) -> list[str]:
    if not count:
        return []
    lines = "1 line" if count == 1 else f"{count} lines"
    return [f"{lines} of the judge's own reply, pasted without '>', skipped (not commands)"]


def _still_in_press(line: str, in_press: bool) -> bool:
    if in_press:
        return not ends_press_block(line)
    return starts_press_block(line)
