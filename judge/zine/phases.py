"""Phase codes in playing order, and their names on the page.

`Phase` compares its fields as stored (season letters sort F < S < W), so the
zine sorts by `phase_key`: year, then spring, fall, winter, then bid, movement,
retreat, adjustment.
"""

from __future__ import annotations

from judge.rules.state import Phase, PhaseType, Season

SEASONS = (Season.SPRING, Season.FALL, Season.WINTER)
TYPES = (PhaseType.BID, PhaseType.MOVEMENT, PhaseType.RETREAT, PhaseType.ADJUSTMENT)


def phase_key(phase: Phase) -> tuple[int, int, int]:
    return (phase.year, SEASONS.index(phase.season), TYPES.index(phase.type))


def heading(phase: Phase) -> str:
    """`Spring 1901: Movement`."""
    return f"{phase.season_name} {phase.year}: {phase.type_name}"
