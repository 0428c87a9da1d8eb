"""`PRESS [GREY] [TO powers]` ... `ENDPRESS` and `BROADCAST` ... `ENDPRESS`: multi-line commands.

Between the opening line and ENDPRESS every line is press text, even one that looks
like a command. SIGNOFF also ends the press (the press is sent, then the mail ends).
A press with neither is not sent: the lines after it might be orders, and orders
must never go out as press by mistake.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.language.arguments import CommandError
from judge.language.command_types import Broadcast, Command, ParsedLine, Press
from judge.language.keywords import BROADCAST, PRESS, ends_press_block, is_signoff, match_keyword
from judge.language.messages import Message
from judge.language.press_recipients import recipients

GREY_WORDS = frozenset({"GREY", "GRAY", "ANONYMOUS"})


def read_press_block(lines: Sequence[str], start: int) -> tuple[ParsedLine, int]:
    """The press block opening at `lines[start]`, and the index of the line after it."""
    end, closed = _block_end(lines, start)
    stop = end + 1 if closed else end
    raw = tuple(lines[start:stop])
    body = _trimmed(lines[start + 1 : end])
    try:
        command = _press_command(lines[start], body, closed, end < len(lines))
    except CommandError as error:
        return ParsedLine(raw, start, error=Message("press_not_sent", error=error.message)), stop
    return ParsedLine(raw, start, command=command), stop


def _block_end(lines: Sequence[str], start: int) -> tuple[int, bool]:
    """Index of the ENDPRESS line (closed=True), else of SIGNOFF or the end (False)."""
    for index in range(start + 1, len(lines)):
        if ends_press_block(lines[index]):
            return index, True
        if is_signoff(lines[index]):
            return index, False
    return len(lines), False


def _trimmed(body: Sequence[str]) -> tuple[str, ...]:
    lines = [line.rstrip() for line in body]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return tuple(lines)


def _press_command(head: str, body: tuple[str, ...], closed: bool, signed_off: bool) -> Command:
    found = match_keyword(head, (PRESS, BROADCAST))
    if found is None:
        raise CommandError("not_press_line")
    keyword, rest = found
    command = _broadcast(rest, body) if keyword is BROADCAST else _press(rest, body)
    if not closed and not signed_off:
        raise CommandError("no_endpress", name=keyword.name)
    if not body:
        raise CommandError("press_no_text", name=keyword.name)
    return command


def _broadcast(rest: str, body: tuple[str, ...]) -> Broadcast:
    if rest:
        raise CommandError("broadcast_to_all", rest=rest)
    return Broadcast(body)


def _press(rest: str, body: tuple[str, ...]) -> Press:
    """`PRESS [GREY] [TO powers]`, GREY also accepted last (`PRESS TO F G GREY`)."""
    rest, grey = _without_grey(rest)
    press = _addressed(rest, body)
    return Press(press.to, body, grey=True, all_but=press.all_but) if grey else press


def _without_grey(rest: str) -> tuple[str, bool]:
    """The press line's rest without a GREY word first or last, and whether it had one."""
    words = rest.split()
    if words and words[0].upper().rstrip(".:") in GREY_WORDS:
        return " ".join(words[1:]), True
    if len(words) > 1 and words[-1].upper().rstrip(".:") in GREY_WORDS:
        return " ".join(words[:-1]), True
    return rest, False


def _addressed(rest: str, body: tuple[str, ...]) -> Press:
    words = rest.split(maxsplit=1)
    if words and words[0].upper() == "TO":
        rest = words[1] if len(words) == 2 else ""
        if not rest:
            raise CommandError("press_to_no_powers")
    if not rest or rest.upper().rstrip(".:") == "ALL":
        return Press(None, body)
    try:
        names, all_but = recipients(rest.rstrip(":"))
        return Press(names, body, all_but=all_but)
    except CommandError as error:
        raise CommandError("press_powers", error=error.message) from error
