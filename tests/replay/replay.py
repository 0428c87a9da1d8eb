"""Replay a Droidippy game phase by phase and find the first divergence.

Phase N's orders, adjudicated on phase N's board, must give phase N+1's board:
the same phase code (the judge skips the phases the server skipped), units,
dislodged units and centre owners. The board carried into phase N+1 is the
judge's own, so a retreat phase uses the retreats the judge computed (the file
lists dislodged units, not their options). A dislodged unit with no retreat is
not compared: Droidippy removed such units at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from judge.rules.map import GameMap
from judge.rules.phases import adjudicate_phase
from judge.rules.results import PhaseResult, RuleOptions
from judge.rules.state import GameState

from .reader import DroidPhase, read_game, read_orders


@dataclass(frozen=True)
class Divergence:
    phase: str  # the phase whose adjudication went wrong
    problems: tuple[str, ...]
    results: tuple[str, ...]  # that phase's order results, for the report

    def __str__(self) -> str:
        lines = [f"first divergence after {self.phase}:", *self.problems, "orders:", *self.results]
        return "\n  ".join(lines)


def _pairs(units: object) -> set[tuple[str, str]]:
    return {(u.power, str(u)) for u in units}  # type: ignore[attr-defined]


def _difference(label: str, got: set[tuple[str, str]], want: set[tuple[str, str]]) -> list[str]:
    if got == want:
        return []
    return [f"{label}: judge only {sorted(got - want)}; server only {sorted(want - got)}"]


def compare(state: GameState, expected: DroidPhase) -> list[str]:
    """What differs between the judge's next board and the server's."""
    problems = []
    if str(state.phase) != expected.code:
        problems.append(f"next phase: judge {state.phase}, server {expected.code}")
    problems += _difference("units", _pairs(state.units.values()), _pairs(expected.units))
    retreating = [d.unit for d in state.dislodged.values() if d.retreats]
    problems += _difference("dislodged", _pairs(retreating), _pairs(expected.dislodged))
    centers = {(p, c) for c, p in state.centers.items()}
    problems += _difference("centres", centers, {(p, c) for c, p in expected.centers.items()})
    return problems


def _report(outcome: PhaseResult) -> tuple[str, ...]:
    return tuple(
        f"{r.power} {r.text}: {r.outcome.value}" + (f" ({r.reason})" if r.reason else "")
        for r in outcome.results
    )


def replay(path: Path, game_map: GameMap, options: RuleOptions) -> tuple[int, Divergence | None]:
    """(phases adjudicated, the first divergence or None)."""
    phases = read_game(path)
    state = phases[0].state()
    for number, (current, following) in enumerate(pairwise(phases)):
        orders = read_orders(game_map, state, current.orders)
        outcome = adjudicate_phase(game_map, state, orders, options)
        problems = compare(outcome.state, following)
        if problems:
            return number + 1, Divergence(current.code, tuple(problems), _report(outcome))
        state = outcome.state
    return len(phases) - 1, None
