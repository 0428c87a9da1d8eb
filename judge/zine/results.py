"""A processed phase's results in the results mail's terms: order lines and tables.

The lines come from `judge.wording.report`, as in the results mail. When the
variant went on through phases where nobody had anything to order, one stored
phase holds several phases' results; `results_by_phase` in its public report
says where each begins, and each gets its own part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.rules.map import GameMap
from judge.rules.results import OrderResult
from judge.rules.state import Phase
from judge.wording.report import order_lines, phase_title, results_data
from judge.zine.record import PlayedPhase


@dataclass(frozen=True)
class ResultsPart:
    """The results of one phase, as `_phase_results.txt.j2` shows them."""

    title: str
    orders: list[dict[str, Any]]
    dislodged: list[dict[str, Any]] = field(default_factory=list)
    ownership: list[dict[str, Any]] = field(default_factory=list)
    adjustments: list[dict[str, Any]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.orders or self.dislodged or self.ownership)


def results_parts(game_map: GameMap, played: PlayedPhase) -> list[ResultsPart]:
    """The phase's results, then those of any phase processed with it; empty parts left out."""
    chunks = split_by_phase(played.results, played.report.get("results_by_phase"))
    first = chunks[0][1] if chunks else played.results
    disbanded = played.report.get("disbanded", {})
    parts = [ResultsPart(**results_data(game_map, played.before, first, played.after, disbanded))]
    parts += [
        ResultsPart(phase_title(Phase.parse(code)), order_lines(game_map, chunk))
        for code, chunk in chunks[1:]
    ]
    return [part for part in parts if not part.empty]


def split_by_phase(
    results: Sequence[OrderResult], counts: Any
) -> list[tuple[str, list[OrderResult]]]:
    """(phase code, its results) per entry of `results_by_phase`; [] when there is none."""
    if not isinstance(counts, list) or not all(isinstance(c, Mapping) for c in counts):
        return []
    chunks: list[tuple[str, list[OrderResult]]] = []
    start = 0
    for entry in counts:
        end = start + int(entry.get("results", 0))
        chunks.append((str(entry.get("phase")), list(results[start:end])))
        start = end
    return chunks
