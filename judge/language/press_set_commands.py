"""Readers of the GM's press settings: `SET PRESS`, `SET PARTIAL`, `SET GUNBOAT`.

They are game settings like `SET MAPS`: written after SET, or as CREATE options
(`CREATE g1 pw standard PRESS GREY, PARTIAL OFF, GUNBOAT`). njudge's spellings are
read too: GRAY for GREY, NO (or OFF) for NONE, `SET NO GUNBOAT` or `GUNBOAT OFF`.

njudge's own press words are read as the nearest of ours (`NJUDGE_PRESS`; the
differences are in docs/commands.md): `SET WHITE` is white press only;
`SET WHITE/GREY` (white, grey allowed), `SET GREY` and `SET GREY/WHITE` are our
GREY, where press is signed unless the player writes PRESS GREY; `SET NO PRESS`
(`NOPRESS`, `NONE`) is NONE; `SET PARTIAL` and `SET NO PARTIAL` are PARTIAL ON/OFF.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.language.arguments import CommandError, no_arguments, on_off, words
from judge.language.command_types import PressLevel, SetGunboat, SetPartial, SetPress

PRESS_WORDS: dict[str, PressLevel] = {
    "WHITE": "white",
    "GREY": "grey",
    "GRAY": "grey",
    "NONE": "none",
    "NO": "none",
    "OFF": "none",
}


def set_press(rest: str) -> SetPress:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_press_usage")
    level = PRESS_WORDS.get(given[0].rstrip(".").upper())
    if level is None:
        raise CommandError("set_press_not", word=given[0])
    return SetPress(level)


# njudge's SET word (as `Keyword` spells it) -> (its name, our press level).
NJUDGE_PRESS: tuple[tuple[str, str, PressLevel], ...] = (
    ("WHITE", "WHITE", "white"),
    ("WHITE/GREY", "WHITE / GR[EA]Y", "grey"),
    ("GREY/WHITE", "GR[EA]Y / WHITE", "grey"),
    ("GREY", "GR[EA]Y", "grey"),
    ("NOPRESS", "NO PRESS", "none"),
)


def njudge_press(name: str, level: PressLevel) -> Callable[[str], SetPress]:
    """The reader of one of njudge's press words: `SET GREY` is `SET PRESS GREY`."""

    def read(rest: str) -> SetPress:
        no_arguments(f"SET {name}", rest)
        return SetPress(level)

    return read


def set_nopartial(rest: str) -> SetPartial:
    """njudge's `SET NO PARTIAL`: press goes to everyone or nobody."""
    no_arguments("SET NO PARTIAL", rest)
    return SetPartial(False)


def set_partial(rest: str) -> SetPartial:
    """`SET PARTIAL ON|OFF`, or njudge's `SET PARTIAL` alone (ON)."""
    given = words(rest)
    if not given:
        return SetPartial(True)
    if len(given) != 1:
        raise CommandError("set_partial_usage")
    return SetPartial(on_off(given[0], "SET PARTIAL"))


def set_gunboat(rest: str) -> SetGunboat:
    """`SET GUNBOAT`, or `SET GUNBOAT ON|OFF`."""
    given = words(rest)
    if not given:
        return SetGunboat(True)
    if len(given) != 1:
        raise CommandError("set_gunboat_usage")
    return SetGunboat(on_off(given[0], "SET GUNBOAT"))


def set_nogunboat(rest: str) -> SetGunboat:
    if words(rest):
        raise CommandError("set_nogunboat_usage")
    return SetGunboat(False)
