"""Small board questions several variants ask: adjustments due, who must move."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from judge.rules.idle import adjustments_due, free_home_centres, powers_to_act
from judge.rules.map import GameMap
from judge.rules.orders import Build, IllegalOrder, Order, Remove, Waive, ordered_province
from judge.rules.state import GameState, PhaseType
from judge.variants.values import Submission

# Who can act in a phase is the rules core's one definition (`judge.rules.idle`), so
# that a game by mail and `judge adjudicate` skip the same phases.
adjustment_delta = adjustments_due
free_home_centers = free_home_centres
powers_with_duties = powers_to_act


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
