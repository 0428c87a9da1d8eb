"""The results mail's lines for the phases skipped because no power could act in them.

`Variant.advance` processes such phases at once and names them in
`report["public"]["skipped"]`; this renders the sentence every variant's results
share (the variant's own report template need not know about it). For a skipped
winter it names the powers owed builds they could not make: the board after the
skip still shows them (nothing was built), so it is read from there.
"""

from __future__ import annotations

from typing import Any

from judge.rules.map import GameMap
from judge.rules.state import GameState, Phase, PhaseType
from judge.variants.base import Outcome
from judge.variants.common import adjustment_delta
from judge.wording.describe import power_title
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.report import phase_words
from judge.wording.templates import render
from judge.wording.vocabulary import wording_for


def skipped_phases(outcome: Outcome) -> list[str]:
    """The codes of the phases skipped after the processed one, in order."""
    public = outcome.report.get("public", {}) if outcome.report else {}
    return [str(code) for code in public.get("skipped", ())]


def unbuildable(game_map: GameMap, state: GameState) -> list[dict[str, Any]]:
    """Powers with more centres than units but no free home centre to build in."""
    rows = []
    for power in sorted(game_map.home_centers):
        due = len(state.centers_of(power)) - len(state.units_of(power))
        if due > 0 and adjustment_delta(game_map, state, power) == 0:
            rows.append({"power": power_title(power), "due": due})
    return rows


def skipped_text(game_map: GameMap, outcome: Outcome, reader: Reader = DEFAULT_READER) -> str:
    """`\\nSkipped: Adjustment for Winter of 1901 (W1901A).\\n...`, or "" if none."""
    codes = skipped_phases(outcome)
    if not codes:
        return ""
    phases = []
    for code in codes:
        phase = Phase.parse(code)
        stuck = (
            unbuildable(game_map, outcome.snapshot.state)
            if phase.type is PhaseType.ADJUSTMENT
            else []
        )
        words = phase_words(phase, wording_for(reader.language))
        phases.append({"code": code, "words": words, "unbuildable": stuck})
    return "\n" + render("_skipped_phases.txt.j2", reader, phases=phases)
