"""The settings that change how a game is played, as LIST and the start mail show them.

Players must see the rules they play under: the press (white, grey or none),
partial press, gunboat, named draws (NODIAS), and every rule flag of the variant with its value (the
rulebook first), defaults included, so that propaganda's 1971 rulebook or a
changed `civil_disorder` is never a surprise told only in `HELP gm`.
"""

from __future__ import annotations

from typing import Any

from judge.store.game_settings import GameSettings
from judge.variants.base import Variant


def play_settings(variant: Variant, settings: GameSettings) -> dict[str, Any]:
    """`{"press": "white", "partial": True, "gunboat": False, "dias": True,
    "rules": [...], "nmr": False, "quiet": False}` (`dias` False: njudge's NODIAS,
    named draws; `nmr`, `quiet`: SET NMR and SET QUIET), each
    rule `{"name", "value", "default"}` (`default`: the value is the variant's own)."""
    defaults = variant.default_rules()
    names = sorted(defaults, key=lambda name: (name != "rulebook", name))
    rules = [
        {
            "name": name,
            "value": str(settings.rules.get(name) or defaults[name]),
            "default": not settings.rules.get(name) or settings.rules[name] == defaults[name],
        }
        for name in names
    ]
    return {
        "press": settings.effective_press,
        "partial": settings.partial,
        "gunboat": settings.gunboat,
        "dias": settings.dias,
        "rules": rules,
        "nmr": settings.nmr,
        "quiet": settings.quiet,
    }
