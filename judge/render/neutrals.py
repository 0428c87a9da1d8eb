"""Which powers a map draws as neutral, read from a variant's public summary.

In Taskdip the powers nobody plays must look neutral on every map (in the zine
and in the mail alike), or the picture would hint at who holds them. The public
summary says which powers started neutral (`originally_neutral`) and from which
phase each was allotted to a player (`allotted_later`). A summary without these
keys (every other variant) draws each power in its own colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.render.palette import ColourOf, neutral_for
from judge.rules.state import Phase, PhaseType, Season

SEASONS = (Season.SPRING, Season.FALL, Season.WINTER)
TYPES = (PhaseType.BID, PhaseType.MOVEMENT, PhaseType.RETREAT, PhaseType.ADJUSTMENT)


def phase_key(phase: Phase) -> tuple[int, int, int]:
    """Playing order: year, then spring, fall, winter, then bid, movement, retreat,
    adjustment (`Phase` itself compares season letters as stored: F < S < W)."""
    return (phase.year, SEASONS.index(phase.season), TYPES.index(phase.type))


def neutral_on(summary: Mapping[str, Any], board: Phase) -> frozenset[str]:
    """The powers nobody played on the board of phase `board`."""
    allotted = {
        entry["power"]
        for entry in summary.get("allotted_later", [])
        if phase_key(Phase.parse(entry["phase"])) <= phase_key(board)
    }
    return frozenset(summary.get("originally_neutral", [])) - allotted


def board_colours(summary: Mapping[str, Any], board: Phase) -> ColourOf | None:
    """The colour hook for the map of the board of phase `board` (None: the usual)."""
    neutral = neutral_on(summary, board)
    return neutral_for(neutral) if neutral else None
