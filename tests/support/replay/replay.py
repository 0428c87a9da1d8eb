"""Replay a Droidippy game phase by phase and find the first divergence.

Phase N's orders, adjudicated on phase N's board, must give phase N+1's board:
the same phase code, units, dislodged units and centre owners. The board carried
into phase N+1 is the judge's own, so a retreat phase uses the retreats the judge
computed (the file lists dislodged units, not their options). A dislodged unit
with no retreat is not compared: Droidippy removed such units at once.

Each phase goes through `judge.rules.idle.adjudicate_through`, the path of
`judge adjudicate` and of games by mail, which passes over a winter nobody can
act in. Droidippy did not always: it skipped such a winter only when the powers
owed builds owned no home centre at all; where one owned home centres that were
all occupied, it opened the winter (`droidippy_opens`). The replay expects the
board of such an opened winter, then replays the file's (empty) winter.

A file may also lack a phase the server had. The replay steps over it only when
adjudicating that phase with no orders gives exactly the file's next board; the
phases stepped over are reported (`Replay.stepped_over`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from judge.rules.idle import Advance, adjudicate_through
from judge.rules.map import GameMap
from judge.rules.results import OrderResult, RuleOptions
from judge.rules.state import GameState
from support.replay.reader import DroidPhase, read_game, read_orders


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


def _report(results: tuple[OrderResult, ...]) -> tuple[str, ...]:
    return tuple(
        f"{r.power} {r.text}: {r.outcome.value}" + (f" ({r.reason})" if r.reason else "")
        for r in results
    )


def droidippy_opens(game_map: GameMap, idle: GameState) -> bool:
    """Did Droidippy open this winter, in which nobody can act?

    It did when some power owed builds owned a home centre (all of them occupied,
    or the winter would not be idle); it skipped the winter only when every such
    power owned no home centre at all.
    """
    for power, homes in game_map.home_centers.items():
        due = len(idle.centers_of(power)) - len(idle.units_of(power))
        if due > 0 and any(idle.centers.get(home) == power for home in homes):
            return True
    return False


def droidippy_next(game_map: GameMap, advance: Advance) -> GameState:
    """The board Droidippy showed next: the first passed-over winter it opened, if any."""
    for step in advance.steps[:-1]:
        if droidippy_opens(game_map, step.state):
            return step.state
    return advance.state


@dataclass(frozen=True)
class Replay:
    phases: int  # phases adjudicated
    divergence: Divergence | None
    opened: tuple[str, ...] = ()  # idle winters the judge skips and Droidippy opened
    skipped: tuple[str, ...] = ()  # idle winters both skipped
    stepped_over: tuple[str, ...] = ()  # phases the file lacks, replayed with no orders


def replay(path: Path, game_map: GameMap, options: RuleOptions) -> Replay:
    """Every phase of the game through the shared path; stops at the first divergence."""
    phases = read_game(path)
    state = phases[0].state()
    opened: list[str] = []
    skipped: list[str] = []
    stepped: list[str] = []
    for number, (current, following) in enumerate(pairwise(phases)):
        orders = read_orders(game_map, state, current.orders)
        advance = adjudicate_through(game_map, state, orders, options)
        shown = droidippy_next(game_map, advance)
        problems = compare(shown, following)
        if problems and str(shown.phase) != following.code:
            lacked = adjudicate_through(game_map, shown, [], options)
            if not compare(droidippy_next(game_map, lacked), following):
                stepped.append(str(shown.phase))
                advance, shown, problems = lacked, droidippy_next(game_map, lacked), []
        if problems:
            found = Divergence(current.code, tuple(problems), _report(advance.results))
            return Replay(number + 1, found, tuple(opened), tuple(skipped), tuple(stepped))
        for step in advance.steps[:-1]:
            (opened if step.state is shown else skipped).append(str(step.state.phase))
        state = shown
    return Replay(len(phases) - 1, None, tuple(opened), tuple(skipped), tuple(stepped))
