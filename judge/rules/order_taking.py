"""Sort a phase's orders into the ones to adjudicate and the ones already decided.

Before a phase is adjudicated every order is checked once more, whatever the
parser said:

* an `IllegalOrder` from the parser is reported `illegal` with its reason and
  canonical text; the unit holds (DATC 4.E.1);
* an order of the wrong kind for the phase, or one `legality.check_order`
  rejects, is reported `illegal` the same way;
* if a unit receives several legal orders, the last one is used and each
  earlier one is reported `fails` with reason `void` (DATC 4.D.3 leaves this to
  automated judges; illegal orders are ignored first, so a legal order is never
  displaced by an illegal one). Builds and waives are not unit orders: all are
  kept, in order, for `adjustments` to use one by one (DATC 4.D.4, 4.D.5).

A retreat-phase `Remove` is read as a disband and an adjustment-phase `Disband`
as a removal, since players write both as `D`.

Checking once more costs nothing for an order the parser itself read and
checked on this very board: the parser notes it (`GameState.checked_orders`)
and the check answers from the note. Any other order, such as one built by the
caller or read on another board, is checked in full.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from judge.rules.legality import Checker
from judge.rules.map import GameMap
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    IllegalOrder,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.rules.reasons import Reason
from judge.rules.results import OrderResult, Outcome, new_result
from judge.rules.state import GameState, PhaseType, province_of

_KINDS: dict[PhaseType, frozenset[type]] = {
    PhaseType.MOVEMENT: frozenset((Hold, Move, SupportHold, SupportMove, Convoy)),
    PhaseType.RETREAT: frozenset((Retreat, Disband)),
    PhaseType.ADJUSTMENT: frozenset((Build, Remove, Waive)),
}


@dataclass
class Intake:
    """`slots` has one entry per given order: a final result, or an order to adjudicate.

    `by_province` holds the unit orders to adjudicate (all but builds and waives)
    by the province of their unit, in the order of `accepted`.
    """

    slots: list[OrderResult | Order]
    by_province: dict[str, Order] = field(default_factory=dict)
    illegal_at: dict[int, str] = field(default_factory=dict)  # slot -> its unit's province

    @property
    def accepted(self) -> list[Order]:
        return [s for s in self.slots if not isinstance(s, OrderResult)]

    def merge(self, decided: Sequence[OrderResult]) -> list[OrderResult]:
        """Put the results of `accepted` (in its order) back among the others."""
        if len(decided) == len(self.slots):  # every order was accepted
            return list(decided)
        pending = iter(decided)
        return [s if isinstance(s, OrderResult) else next(pending) for s in self.slots]

    def mark_dislodged(
        self, results: list[OrderResult], dislodged: Collection[str]
    ) -> list[OrderResult]:
        """`merge`'s results, where a unit whose only orders were illegal held and was
        dislodged: its last illegal order's result says so, as a legal order's would.
        (A unit with an adjudicated order carries it in that order's result.)"""
        last = {
            province: slot
            for slot, province in sorted(self.illegal_at.items())
            if province in dislodged and province not in self.by_province
        }
        for slot in last.values():
            results[slot] = replace(results[slot], dislodged=True)
        return results


def take_orders(
    game_map: GameMap, state: GameState, orders: Sequence[Order | IllegalOrder]
) -> Intake:
    phase = state.phase.type
    movement = phase is PhaseType.MOVEMENT
    allowed = _KINDS.get(phase, frozenset())
    slots: list[OrderResult | Order] = []
    accepted: dict[str, Order] = {}  # the order in use for each unit, by province
    accepted_slot: dict[str, int] = {}  # where that order is in `slots`
    illegal_at: dict[int, str] = {}
    check = Checker(game_map, state).check
    province_at = game_map.topology.province_at
    for given in orders:
        if isinstance(given, IllegalOrder):
            if given.location is not None:
                illegal_at[len(slots)] = _province(province_at, given.location)
            slots.append(_illegal(given.power or "", given.canonical, given.reason, None))
            continue
        order = given if movement else _as_phase_order(given, phase)
        cls = type(order)
        if cls in allowed:
            reason = check(order)
        else:
            reason = Reason("wrong_phase", phase=phase.name.lower())
        if reason is not None:
            location = getattr(order, "location", None)
            if location is not None:
                illegal_at[len(slots)] = _province(province_at, location)
            slots.append(_illegal(order.power, str(order), reason, order))
            continue
        if cls is not Build and cls is not Waive:
            key = _province(province_at, order.location)  # type: ignore[union-attr]
            if key in accepted:
                _void_earlier(slots, accepted_slot[key], accepted.pop(key))
            accepted[key], accepted_slot[key] = order, len(slots)
        slots.append(order)
    return Intake(slots, accepted, illegal_at)


def _province(province_at: Mapping[str, str], location: str) -> str:
    return province_at.get(location) or province_of(location)


def _illegal(power: str, text: str, reason: str, order: Order | None) -> OrderResult:
    return new_result(power, text, Outcome.ILLEGAL, reason, order, False)


def _void_earlier(slots: list[OrderResult | Order], position: int, earlier: Order) -> None:
    """Replace the `earlier` order, at `position` in `slots`, by its `void` result.

    The caller keeps each accepted order's position, so a unit given thousands of
    orders costs one step per order rather than a search of `slots` for each.
    """
    slots[position] = new_result(earlier.power, str(earlier), Outcome.FAILS, "void", earlier, False)


def _as_phase_order(order: Order, phase: PhaseType) -> Order:
    if phase is PhaseType.RETREAT and isinstance(order, Remove):
        return Disband(order.power, order.kind, order.location)
    if phase is PhaseType.ADJUSTMENT and isinstance(order, Disband):
        return Remove(order.power, order.kind, order.location)
    return order
