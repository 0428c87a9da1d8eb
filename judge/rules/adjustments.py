"""Adjudicate an adjustment (winter) phase: builds, removals, waives.

A power may build as many units as it has centres beyond its units, and must
remove as many as it has units beyond its centres. Orders are taken one by one,
in the order given (DATC 4.D.4, 4.D.5, 4.D.6 preferences):

* a build needs a free home centre the power owns, a coastal province for a
  fleet, and a coast on a two-coast province (DATC 4.B.7); a second build in one
  province fails (6.I.7); once the allowance is used, further builds fail;
* a waive uses one build (DATC 4.D.7);
* a removal needs a unit of the power; once enough units are removed, further
  removals fail (6.J.1); removing a unit already removed fails (6.J.2);
* removals still missing are chosen by the civil-disorder rule and reported as
  succeeding `A PAR D` results with reason `civil disorder`.

The centre ownership does not change in winter. The orders reaching this module
are already legal (see `intake`); the checks here are defensive and report
`illegal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.rules.civil_disorder import civil_disorder_removals
from judge.rules.map import GameMap
from judge.rules.orders import Build, Order, Remove, Waive
from judge.rules.provinces import ProvinceKind
from judge.rules.results import CivilDisorderRule, OrderResult, Outcome, RuleOptions
from judge.rules.state import POWERS, GameState, Unit, UnitType, coast_of, province_of


def adjustment_balance(units: Mapping[str, Unit], centers: Mapping[str, str]) -> dict[str, int]:
    """Per power: centres owned minus units (positive: builds, negative: removals)."""
    balance: dict[str, int] = {}
    for owner in centers.values():
        balance[owner] = balance.get(owner, 0) + 1
    for unit in units.values():
        balance[unit.power] = balance.get(unit.power, 0) - 1
    return balance


def needs_adjustment(units: Mapping[str, Unit], centers: Mapping[str, str]) -> bool:
    """True if some power must remove units or may build (even with nowhere to build).

    A power with builds due but no free owned home centre still gets its winter
    phase, as on Droidippy, whose games we replay.
    """
    return any(delta != 0 for delta in adjustment_balance(units, centers).values())


class _Ledger:
    """What has been done so far in the phase, order by order."""

    def __init__(self, state: GameState) -> None:
        self.balance = adjustment_balance(state.units, state.centers)
        self.used: dict[str, int] = {}
        self.units = dict(state.units)
        self.removed: list[Unit] = []

    def left(self, power: str) -> int:
        return abs(self.balance.get(power, 0)) - self.used.get(power, 0)

    def use(self, power: str) -> None:
        self.used[power] = self.used.get(power, 0) + 1


def adjudicate_adjustments(
    game_map: GameMap, state: GameState, orders: Sequence[Order], options: RuleOptions
) -> tuple[list[OrderResult], list[OrderResult], dict[str, Unit]]:
    """Results for `orders` (same order), civil-disorder removals, and the units after."""
    ledger = _Ledger(state)
    results = [_one(game_map, state, ledger, o) for o in orders]
    extra = _civil_disorder(game_map, state, ledger, options.civil_disorder)
    return results, extra, ledger.units


def _one(game_map: GameMap, state: GameState, ledger: _Ledger, order: Order) -> OrderResult:
    if isinstance(order, Build):
        problem = _build_problem(game_map, state, ledger, order)
    elif isinstance(order, Remove):
        problem = _remove_problem(state, ledger, order)
    elif isinstance(order, Waive):
        problem = _waive_problem(ledger, order)
    else:
        problem = (Outcome.ILLEGAL, "not an adjustment order")
    if problem is not None:
        return OrderResult(order.power, str(order), problem[0], problem[1], order)
    return OrderResult(order.power, str(order), Outcome.SUCCEEDS, None, order)


def _build_problem(
    game_map: GameMap, state: GameState, ledger: _Ledger, order: Build
) -> tuple[Outcome, str] | None:
    province = province_of(order.location)
    reason = _build_site_problem(game_map, state, order, province)
    if reason is not None:
        return Outcome.ILLEGAL, reason
    if ledger.balance.get(order.power, 0) <= 0:
        return Outcome.FAILS, "no builds allowed"
    if province in ledger.units:
        return Outcome.FAILS, "already built there"
    if ledger.left(order.power) <= 0:
        return Outcome.FAILS, "no builds left"
    ledger.use(order.power)
    location = province if order.kind is UnitType.ARMY else order.location
    ledger.units[province] = Unit(order.power, order.kind, location)
    return None


def _build_site_problem(
    game_map: GameMap, state: GameState, order: Build, province: str
) -> str | None:
    if province not in game_map.home_centers.get(order.power, ()):
        return "not a home supply centre"
    if state.centers.get(province) != order.power:
        return "supply centre not owned"
    if province in state.units:
        return "supply centre occupied"
    prov = game_map.provinces[province]
    if order.kind is UnitType.FLEET:
        if prov.kind is ProvinceKind.LAND:
            return "fleets cannot be built inland"
        if prov.coasts and coast_of(order.location) not in prov.coasts:
            return "coast must be specified"
    return None


def _remove_problem(state: GameState, ledger: _Ledger, order: Remove) -> tuple[Outcome, str] | None:
    province = province_of(order.location)
    unit = state.units.get(province)
    if unit is None or unit.power != order.power:
        return Outcome.ILLEGAL, "no such unit"
    if ledger.balance.get(order.power, 0) >= 0:
        return Outcome.FAILS, "no removals needed"
    if unit in ledger.removed:
        return Outcome.FAILS, "void"
    if ledger.left(order.power) <= 0:
        return Outcome.FAILS, "no removals left"
    ledger.use(order.power)
    ledger.removed.append(unit)
    del ledger.units[province]
    return None


def _waive_problem(ledger: _Ledger, order: Waive) -> tuple[Outcome, str] | None:
    if ledger.balance.get(order.power, 0) <= 0 or ledger.left(order.power) <= 0:
        return Outcome.FAILS, "no builds left"
    ledger.use(order.power)
    return None


def _civil_disorder(
    game_map: GameMap, state: GameState, ledger: _Ledger, rule: CivilDisorderRule
) -> list[OrderResult]:
    extra: list[OrderResult] = []
    for power in _powers_in(state):
        missing = ledger.left(power) if ledger.balance.get(power, 0) < 0 else 0
        if missing <= 0:
            continue
        chosen = civil_disorder_removals(game_map, state, power, missing, ledger.removed, rule)
        for unit in chosen:
            del ledger.units[unit.province]
            order = Remove(power, unit.kind, unit.location)
            extra.append(OrderResult(power, str(order), Outcome.SUCCEEDS, "civil disorder", order))
    return extra


def _powers_in(state: GameState) -> list[str]:
    seen = {u.power for u in state.units.values()}
    return [p for p in POWERS if p in seen] + sorted(seen - set(POWERS))
