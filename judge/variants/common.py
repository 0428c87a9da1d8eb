"""Small board questions several variants ask: adjustments due, who must move."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING

from judge.rules.map import GameMap
from judge.rules.orders import Build, IllegalOrder, Order, Remove, Waive, ordered_province
from judge.rules.state import GameState, PhaseType

if TYPE_CHECKING:  # base.py uses this module: the contract's completeness rule
    from judge.variants.base import Submission


def adjustment_delta(game_map: GameMap, state: GameState, power: str) -> int:
    """Builds due (positive) or removals due (negative), builds capped by free homes."""
    delta = len(state.centers_of(power)) - len(state.units_of(power))
    if delta > 0:
        return min(delta, len(free_home_centers(game_map, state, power)))
    return delta


def free_home_centers(game_map: GameMap, state: GameState, power: str) -> list[str]:
    return [
        c
        for c in game_map.home_centers.get(power, ())
        if state.centers.get(c) == power and c not in state.units
    ]


def powers_with_duties(game_map: GameMap, state: GameState) -> frozenset[str]:
    """Powers that have something to order in the current phase."""
    kind = state.phase.type
    if kind is PhaseType.MOVEMENT:
        return frozenset(u.power for u in state.units.values())
    if kind is PhaseType.RETREAT:
        return frozenset(d.unit.power for d in state.dislodged.values())
    if kind is PhaseType.ADJUSTMENT:
        return frozenset(
            p for p in game_map.home_centers if adjustment_delta(game_map, state, p) != 0
        )
    return frozenset()


def all_orders(submissions: Mapping[str, Submission]) -> list[Order | IllegalOrder]:
    """Every seat's orders, in seat order, as one list for the adjudicator."""
    return [order for _, sub in sorted(submissions.items()) for order in sub.orders]


def center_winner(state: GameState, needed: int = 18) -> str | None:
    """The power owning at least `needed` centres, if any."""
    for power, count in state.center_counts().items():
        if count >= needed:
            return power
    return None


def duties_covered(
    game_map: GameMap,
    state: GameState,
    powers: Collection[str],
    orders: Iterable[Order | IllegalOrder],
) -> bool:
    """Whether `orders` are complete for `powers`: an order for every unit (movement),
    every dislodged unit (retreats), and every build or removal due (adjustments)."""
    given = [o for o in orders if not isinstance(o, IllegalOrder)]
    kind = state.phase.type
    if kind is PhaseType.MOVEMENT:
        needed = {p for p, u in state.units.items() if u.power in powers}
        return needed <= {ordered_province(o) for o in given}
    if kind is PhaseType.RETREAT:
        needed = {p for p, d in state.dislodged.items() if d.unit.power in powers}
        return needed <= {ordered_province(o) for o in given}
    if kind is PhaseType.ADJUSTMENT:
        return all(_adjustments_covered(game_map, state, p, given) for p in powers)
    return True


def _adjustments_covered(
    game_map: GameMap, state: GameState, power: str, orders: list[Order]
) -> bool:
    delta = adjustment_delta(game_map, state, power)
    mine = [o for o in orders if o.power == power]
    if delta > 0:
        return sum(isinstance(o, (Build, Waive)) for o in mine) >= delta
    if delta < 0:
        return sum(isinstance(o, Remove) for o in mine) >= -delta
    return True
