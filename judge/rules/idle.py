"""Which phases nobody can act in, and adjudicating straight past them.

`adjudicate_phase` answers one phase and names the phase that follows it in the
rules' sequence (it already passes over a retreat phase in which no unit can
retreat). A winter can still be empty: a power owed builds whose owned home
centres are all occupied (or who owns none) cannot build, and if no other power
adjusts, nobody can do anything in it. `spec/adjudicate.md` asks for "the next
phase that has anything to do", and a game by mail skips that winter
(`Variant.advance`). Both answers come from here:

* `adjustments_due`, `powers_to_act` and `is_idle` are the one definition of who
  can act in a phase; `judge.variants.common` (every variant's `owing`, hence
  `Variant.nothing_to_do` and the skip in games) uses them;
* `adjudicate_through` adjudicates a phase, then every following idle phase with
  no orders, and says which it skipped; `judge adjudicate` and the replay tests
  go through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.rules.map import GameMap
from judge.rules.orders import IllegalOrder, Order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.state import GameState, Phase, PhaseType

# A year has at most a retreat phase after each movement phase and a winter; an
# idle phase is never a movement phase, so two skips in a row cannot happen on a
# standard board. The bound only guards against a map with a broken cycle.
_MAX_SKIPPED = 8


def free_home_centres(game_map: GameMap, state: GameState, power: str) -> list[str]:
    """The power's home centres it owns with no unit on them (where it may build)."""
    return [
        c
        for c in game_map.home_centers.get(power, ())
        if state.centers.get(c) == power and c not in state.units
    ]


def adjustments_due(game_map: GameMap, state: GameState, power: str) -> int:
    """Builds the power can make (positive) or removals it owes (negative).

    Builds are capped by the free owned home centres: a build with nowhere to go
    is no build at all.
    """
    delta = len(state.centers_of(power)) - len(state.units_of(power))
    if delta > 0:
        return min(delta, len(free_home_centres(game_map, state, power)))
    return delta


def powers_to_act(game_map: GameMap, state: GameState) -> frozenset[str]:
    """The powers that have something to order in `state.phase`."""
    kind = state.phase.type
    if kind is PhaseType.MOVEMENT:
        return frozenset(u.power for u in state.units.values())
    if kind is PhaseType.RETREAT:
        return frozenset(d.unit.power for d in state.dislodged.values())
    if kind is PhaseType.ADJUSTMENT:
        return frozenset(
            p for p in game_map.home_centers if adjustments_due(game_map, state, p) != 0
        )
    return frozenset()


def is_idle(game_map: GameMap, state: GameState) -> bool:
    """Can nobody do anything in this retreat or adjustment phase, so that it is skipped?

    A movement phase is never idle (units hold without orders, but the phase is
    the players' to play); nor is a phase of another kind (a variant's bid phase).
    """
    kind = state.phase.type
    if kind is PhaseType.RETREAT:
        return not any(d.retreats for d in state.dislodged.values())
    if kind is PhaseType.ADJUSTMENT:
        return not powers_to_act(game_map, state)
    return False


@dataclass(frozen=True, slots=True)
class Advance:
    """A phase adjudicated, then every idle phase after it.

    `steps[0]` is the phase that was ordered; each further step is a skipped
    phase, adjudicated with no orders. `skipped` names them in order.
    """

    steps: tuple[PhaseResult, ...]

    @property
    def phase(self) -> Phase:
        return self.steps[0].phase

    @property
    def results(self) -> tuple[OrderResult, ...]:
        """The ordered phase's results (an idle phase has none of its own)."""
        return self.steps[0].results

    @property
    def skipped(self) -> tuple[Phase, ...]:
        return tuple(step.phase for step in self.steps[1:])

    @property
    def state(self) -> GameState:
        """The board at the start of the next phase that has anything to do."""
        return self.steps[-1].state


def adjudicate_through(
    game_map: GameMap,
    state: GameState,
    orders: Sequence[Order | IllegalOrder],
    options: RuleOptions | None = None,
) -> Advance:
    """Adjudicate `state.phase` with `orders`, then each following idle phase."""
    chosen = options if options is not None else RuleOptions()
    steps = [adjudicate_phase(game_map, state, orders, chosen)]
    while len(steps) <= _MAX_SKIPPED and is_idle(game_map, steps[-1].state):
        steps.append(adjudicate_phase(game_map, steps[-1].state, [], chosen))
    return Advance(tuple(steps))
