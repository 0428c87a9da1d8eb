"""Adjudicate a movement phase: decide the orders, report them, move the units.

The orders reaching this module are already legal and at most one per unit
(see `intake`). Units without an order hold. The decisions come from
`resolver`; this module turns them into one `OrderResult` per order and into
the board after the phase, with every dislodged unit and its retreat options.

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

from collections.abc import Sequence

from judge.rules.convoys import route_possible
from judge.rules.map import GameMap
from judge.rules.order_table import (
    BY_CONVOY,
    CONVOY,
    MOVE,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    OrderTable,
    build_table,
)
from judge.rules.orders import Hold, Move, Order
from judge.rules.resolver import Resolver
from judge.rules.results import OrderResult, Outcome, RuleOptions
from judge.rules.retreat_options import retreat_options
from judge.rules.state import DislodgedUnit, GameState, Unit, province_of
from judge.rules.topology import Topology, topology


def adjudicate_movement(
    game_map: GameMap, state: GameState, orders: Sequence[Order], options: RuleOptions
) -> tuple[list[OrderResult], GameState]:
    """Results for `orders` (same order) and the board after the phase.

    The returned state keeps the movement phase code; every dislodged unit is in
    `dislodged` with its retreat options (see `phases.next_phase_after`).
    """
    topo = topology(game_map)
    provinces = [_province_of(topo, o) for o in orders]
    table = build_table(
        game_map, topo, state, dict(zip(provinces, orders, strict=True)), options.convoy_adjacent
    )
    resolver = Resolver(table, topo)
    resolver.run()
    dislodger = _dislodgers(table, resolver.res)
    unit_at = table.unit_at
    results = [
        _result(table, resolver, topo, dislodger, unit_at[p], o)
        for p, o in zip(provinces, orders, strict=True)
    ]
    return results, _board_after(game_map, state, table, resolver, dislodger)


def _province_of(topo: Topology, order: Order) -> str:
    location: str = getattr(order, "location", "")
    return topo.province_at.get(location) or province_of(location)


def _dislodgers(table: OrderTable, res: list[bool]) -> list[int]:
    """For each unit, the index of the move that dislodged it, else -1."""
    dislodger = [-1] * len(table.units)
    for m, kind in enumerate(table.kind):
        if kind == MOVE and res[m]:
            other = table.unit_at.get(table.dest[m], -1)
            if other >= 0 and not (table.kind[other] == MOVE and res[other]):
                dislodger[other] = m
    return dislodger


# --- results -------------------------------------------------------------------------


def _result(
    table: OrderTable,
    resolver: Resolver,
    topo: Topology,
    dislodger: list[int],
    i: int,
    order: Order,
) -> OrderResult:
    hit = dislodger[i] >= 0
    reason = _failure(table, resolver, topo, i, order, hit)
    outcome = Outcome.SUCCEEDS if reason is None else Outcome.FAILS
    return OrderResult(table.power[i], str(order), outcome, reason, order, hit)


def _failure(
    table: OrderTable, resolver: Resolver, topo: Topology, i: int, order: Order, hit: bool
) -> str | None:
    """The reason the order failed, or None if it succeeded."""
    kind = table.kind[i]
    if isinstance(order, Move):
        if kind != MOVE:
            return "void"
        return None if resolver.res[i] else _move_failure(table, resolver, topo, i)
    if isinstance(order, Hold) or kind not in (SUPPORT_HOLD, SUPPORT_MOVE, CONVOY):
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
    me, spared = table.power[s], table.support_dest[s]
    return any(
        table.power[m] != me and table.prov[m] != spared and resolver.path(m)
        for m in table.attackers.get(table.prov[s], ())
    )


# --- the board after the phase -------------------------------------------------------


def _board_after(
    game_map: GameMap,
    state: GameState,
    table: OrderTable,
    resolver: Resolver,
    dislodger: list[int],
) -> GameState:
    res = resolver.res
    units: dict[str, Unit] = {}
    for i, unit in enumerate(table.units):
        if table.kind[i] == MOVE and res[i]:
            units[table.dest[i]] = Unit(unit.power, unit.kind, table.target[i])
        elif dislodger[i] < 0:
            units[table.prov[i]] = unit
    contested = _standoffs(table, resolver, units)
    dislodged: dict[str, DislodgedUnit] = {}
    for i, m in enumerate(dislodger):
        if m >= 0:
            unit = table.units[i]
            origin = table.prov[m]
            options = retreat_options(
                game_map, unit, origin, resolver.convoyed(m), units, contested
            )
            dislodged[unit.province] = DislodgedUnit(unit, options, origin)
    return GameState(state.phase, units, dislodged, state.centers)


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
