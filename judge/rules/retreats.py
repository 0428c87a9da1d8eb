"""Adjudicate a retreat phase: dislodged units retreat or are disbanded.

A retreat must go to one of the options computed at the end of the movement
phase (`DislodgedUnit.retreats`). A coast may be left out when only one coast of
the province is open, and an army's coast is ignored (DATC 4.B.2, 4.B.6). Two or
more retreats to one province all fail and those units are disbanded
(DATC 6.H.7, 6.H.8; reason `bounce`). A dislodged unit without an order is
disbanded and nothing is reported for it. The orders reaching this module are
already legal and at most one per unit (see `intake`).
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.rules.orders import Disband, Order, Retreat, ordered_province
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import DislodgedUnit, GameState, Unit, UnitType, coast_of, province_of


def retreat_target(dislodged: DislodgedUnit, target: str) -> str | None:
    """The retreat option that `target` names, or None if it names none."""
    if target in dislodged.retreats:
        return target
    province = province_of(target)
    if dislodged.unit.kind is UnitType.FLEET and coast_of(target) is not None:
        return None
    matches = [loc for loc in dislodged.retreats if province_of(loc) == province]
    return matches[0] if len(matches) == 1 else None


def adjudicate_retreats(
    state: GameState, orders: Sequence[Order]
) -> tuple[list[OrderResult], dict[str, Unit]]:
    """Results for `orders` (same order) and the units after the phase."""
    targets: dict[str, str] = {}  # dislodged province -> retreat location
    crowd: dict[str, int] = {}
    for order in orders:
        if isinstance(order, Retreat):
            where = _target(state, order)
            if where is not None:
                targets[order_province(order)] = where
                crowd[province_of(where)] = crowd.get(province_of(where), 0) + 1
    results = [_result(state, o, targets, crowd) for o in orders]
    units = dict(state.units)
    for origin, where in targets.items():
        if crowd[province_of(where)] == 1:
            unit = state.dislodged[origin].unit
            units[province_of(where)] = Unit(unit.power, unit.kind, where)
    return results, units


def order_province(order: Order) -> str:
    return ordered_province(order) or ""


def _target(state: GameState, order: Retreat) -> str | None:
    dislodged = state.dislodged.get(order_province(order))
    return None if dislodged is None else retreat_target(dislodged, order.target)


def _result(
    state: GameState, order: Order, targets: dict[str, str], crowd: dict[str, int]
) -> OrderResult:
    dislodged = state.dislodged.get(order_province(order))
    power = dislodged.unit.power if dislodged else getattr(order, "power", "")
    text = str(order)
    if isinstance(order, Disband):
        return OrderResult(power, text, Outcome.SUCCEEDS, None, order)
    where = targets.get(order_province(order))
    if where is None:
        return OrderResult(power, text, Outcome.ILLEGAL, "not a legal retreat", order)
    if crowd[province_of(where)] > 1:
        return OrderResult(power, text, Outcome.FAILS, "bounce", order)
    return OrderResult(power, text, Outcome.SUCCEEDS, None, order)
