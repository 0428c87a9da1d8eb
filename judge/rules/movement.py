"""Adjudicate a movement phase: decide the orders, report them, move the units.

The orders reaching this module are already legal and at most one per unit
(see `intake`). Units without an order hold and get no result. The decisions
come from `resolver`; this module turns them into one `OrderResult` per order
and into the board after the phase, with every dislodged unit and its retreat
options.

Result semantics (documented choices):

* a move succeeds or fails with `bounce`, `no convoy` (no chain of convoy
  orders could ever carry it) or `disrupted` (a chain was ordered but fleets
  were dislodged or failed by the Szykman rule);
* a hold succeeds unless the unit is dislodged (`dislodged`);
* a support succeeds unless it is `void` (it matches no order), `cut`, or its
  unit is `dislodged`; the supported order may still fail;
* a convoy succeeds unless it is `void` (no army takes that convoy), its fleet
  is `dislodged`, or it is failed by the Szykman rule (`paradox`). A convoy whose
  fleet survives succeeds even if another fleet of the chain is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from judge.rules.convoys import route_possible
from judge.rules.map import GameMap
from judge.rules.order_table import BY_CONVOY, CONVOY, HOLD, MOVE, OrderTable, build_table
from judge.rules.orders import Move, Order
from judge.rules.resolver import Resolver
from judge.rules.results import OrderResult, Outcome, RuleOptions, new_result
from judge.rules.retreat_options import retreat_options
from judge.rules.state import DislodgedUnit, GameState, Unit, new_unit, province_of
from judge.rules.topology import Topology

Board = tuple[dict[str, Unit], dict[str, DislodgedUnit]]


def adjudicate_movement(
    game_map: GameMap, state: GameState, orders: Sequence[Order], options: RuleOptions
) -> tuple[list[OrderResult], Board]:
    """Results for `orders` (same order), and the units and dislodged units after."""
    topo = game_map.topology
    provinces = [_province_of(topo, o) for o in orders]
    by_province = dict(zip(provinces, orders, strict=True))
    pairs = zip(provinces, orders, strict=True)
    return _adjudicate(game_map, state, by_province, pairs, options)


def adjudicate_by_province(
    game_map: GameMap, state: GameState, orders: Mapping[str, Order], options: RuleOptions
) -> tuple[list[OrderResult], Board]:
    """`adjudicate_movement` for at most one order per unit, given by its province."""
    return _adjudicate(game_map, state, orders, orders.items(), options)


def _adjudicate(
    game_map: GameMap,
    state: GameState,
    by_province: Mapping[str, Order],
    listed: Iterable[tuple[str, Order]],
    options: RuleOptions,
) -> tuple[list[OrderResult], Board]:
    topo = game_map.topology
    table = build_table(game_map, topo, state, by_province, options.convoy_adjacent)
    resolver = Resolver(
        table,
        topo,
        any_route=options.multi_route_convoy == "any",
        paradox_1971=options.paradox_rule == "1971",
    )
    resolver.run()
    dislodger = _dislodgers(table, resolver.res)
    results = _results(table, resolver, topo, dislodger, listed)
    return results, _board_after(game_map, table, resolver, dislodger)


def _province_of(topo: Topology, order: Order) -> str:
    location: str = getattr(order, "location", "")
    return topo.province_at.get(location) or province_of(location)


def _dislodgers(table: OrderTable, res: list[bool]) -> list[int]:
    """For each unit, the index of the move that dislodged it, else -1."""
    dislodger = [-1] * len(table.units)
    kind, unit_at, dest = table.kind, table.unit_at, table.dest
    for m in table.moves:
        if res[m]:
            other = unit_at.get(dest[m], -1)
            if other >= 0 and not (kind[other] == MOVE and res[other]):
                dislodger[other] = m
    return dislodger


# --- results -------------------------------------------------------------------------


def _results(
    table: OrderTable,
    resolver: Resolver,
    topo: Topology,
    dislodger: list[int],
    listed: Iterable[tuple[str, Order]],
) -> list[OrderResult]:
    """One result per (unit province, order) pair, in their order."""
    results = []
    unit_at, power, kind, matched = table.unit_at, table.power, table.kind, table.matched
    res = resolver.res
    succeeds, fails = Outcome.SUCCEEDS, Outcome.FAILS
    for province, order in listed:
        i = unit_at[province]
        hit = dislodger[i] >= 0
        k = kind[i]
        if res[i] and (k == MOVE or matched[i]):
            reason = None  # a move, support or convoy that succeeded
        elif k == HOLD and not hit and type(order) is not Move:
            reason = None
        else:
            reason = _failure(table, resolver, topo, i, order, hit)
        outcome = succeeds if reason is None else fails
        results.append(new_result(power[i], str(order), outcome, reason, order, hit))
    return results


def _failure(
    table: OrderTable, resolver: Resolver, topo: Topology, i: int, order: Order, hit: bool
) -> str | None:
    """The reason the order failed, or None if it succeeded."""
    kind = table.kind[i]
    if kind == MOVE:
        return None if resolver.res[i] else _move_failure(table, resolver, topo, i)
    if kind == HOLD:
        if type(order) is Move:
            return "void"  # a fleet move that names no reachable coast
        return "dislodged" if hit else None
    if not table.matched[i]:
        return "void"
    if resolver.res[i]:
        return None
    if kind == CONVOY:
        return "paradox" if resolver.paradox[i] else "dislodged"
    return "cut" if _support_was_cut(table, resolver, i) else "dislodged"


def _move_failure(table: OrderTable, resolver: Resolver, topo: Topology, m: int) -> str:
    if table.mode[m] == BY_CONVOY and not resolver.route(m):
        seas = [table.prov[f] for f in table.convoyers[m]]
        if route_possible(topo.sea_borders, table.prov[m], table.dest[m], seas):
            return "disrupted"
        return "no convoy"
    return "bounce"


def _support_was_cut(table: OrderTable, resolver: Resolver, s: int) -> bool:
    me = table.power[s]
    return any(
        table.power[m] != me and resolver.cuts(m, s) for m in table.attackers.get(table.prov[s], ())
    )


# --- the board after the phase -------------------------------------------------------


def _board_after(
    game_map: GameMap, table: OrderTable, resolver: Resolver, dislodger: list[int]
) -> Board:
    res, kind, targets, dests, prov = resolver.res, table.kind, table.target, table.dest, table.prov
    units: dict[str, Unit] = {}
    for i, unit in enumerate(table.units):
        if kind[i] == MOVE and res[i]:
            target = targets[i]
            moved = unit if target == unit.location else new_unit(unit.power, unit.kind, target)
            units[dests[i]] = moved
        elif dislodger[i] < 0:
            units[prov[i]] = unit
    dislodged: dict[str, DislodgedUnit] = {}
    if dislodger and max(dislodger) >= 0:
        contested = _standoffs(table, resolver, units)
        for i, m in enumerate(dislodger):
            if m >= 0:
                unit, origin = table.units[i], table.prov[m]
                options = retreat_options(
                    game_map, unit, origin, resolver.convoyed(m), units, contested
                )
                dislodged[table.prov[i]] = DislodgedUnit(unit, options, origin)
    return units, dislodged


def _standoffs(table: OrderTable, resolver: Resolver, units: dict[str, Unit]) -> set[str]:
    """Empty provinces where a move bounced (a standoff), closed to retreats.

    A move that had no convoy route, or that lost a head-to-head battle, does not
    make its target contested (DATC 6.F.7, 6.H.9).
    """
    contested: set[str] = set()
    res = resolver.res
    for province, movers in table.attackers.items():
        if province in units:
            continue
        for m in movers:
            if res[m] or not resolver.path(m):
                continue
            if resolver.head_to_head(m) and res[table.opposite[m]]:
                continue
            contested.add(province)
            break
    return contested
