"""Small builders for boards in rules tests, so each test states only what matters.

`board("S1901M", ENGLAND="F LON, A LVP", FRANCE="A PAR")` gives a GameState with
those units; `centers={"GERMANY": "BER KIE"}` sets owners and
`dislodged={"AUSTRIA A SER": "ALB GRE"}` adds units that must retreat.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from judge.rules.map import GameMap, load_map
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType


@cache
def standard_map() -> GameMap:
    return load_map("standard")


def unit(power: str, text: str) -> Unit:
    kind, location = text.split()
    return Unit(power, UnitType(kind.upper()), location.upper())


def board(
    phase: str = "S1901M",
    centers: Mapping[str, str] | None = None,
    dislodged: Mapping[str, str] | None = None,
    **units: str,
) -> GameState:
    placed = [
        unit(power, text.strip())
        for power, texts in units.items()
        for text in texts.split(",")
        if text.strip()
    ]
    owners = {center: power for power, names in (centers or {}).items() for center in names.split()}
    retreating = []
    for key, options in (dislodged or {}).items():
        power, kind, location = key.split()
        retreating.append(
            DislodgedUnit(unit(power, f"{kind} {location}"), tuple(sorted(options.split())))
        )
    return GameState.from_units(Phase.parse(phase), placed, owners, retreating)


def retreat_board() -> GameState:
    """F1901R: Austria's army in Serbia dislodged (to Albania or Greece), Turkey's fleet
    in Rumania dislodged (to Bulgaria's east coast or Sevastopol)."""
    return board(
        "F1901R",
        dislodged={"AUSTRIA A SER": "ALB GRE", "TURKEY F RUM": "BUL/EC SEV"},
        ITALY="A SER",
    )
