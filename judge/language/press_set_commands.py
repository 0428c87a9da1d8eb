"""Readers of the GM's press settings: `SET PRESS`, `SET PARTIAL`, `SET GUNBOAT`.

They are game settings like `SET MAPS`: written after SET, or as CREATE options
(`CREATE g1 pw standard PRESS GREY, PARTIAL OFF, GUNBOAT`). njudge's spellings are
read too: GRAY for GREY, NO (or OFF) for NONE, `SET NO GUNBOAT` or `GUNBOAT OFF`.
"""

from __future__ import annotations

from judge.language.arguments import CommandError, on_off, words
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


def set_partial(rest: str) -> SetPartial:
    given = words(rest)
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
