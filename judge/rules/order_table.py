"""The per-phase index of movement orders that the resolver reads.

Every unit on the board gets an integer index and exactly one order (a hold if
it was given none). The table then precomputes, once, everything the resolver
would otherwise search for again and again: who attacks each province, which
supports and convoys match which move, which moves form a head-to-head pair, and
whether an army travels by land or by convoy. Matching follows the DATC 3.0
preferences:

* A support matches only an order that really does what it supports: a support
  to hold needs a unit that is not ordered to move (DATC 6.D.7); a support to
  move needs that exact move. A support naming a coast must name the move's coast
  (DATC 4.B.4 / 6.B.9); a support without coast matches either coast (6.B.7).
* Unit types and nationalities written in support and convoy orders are ignored
  (DATC 4.C.2, 4.C.5, 4.C.6).
* An army moving to an adjacent province goes by convoy only if a fleet of its
  own power is ordered to convoy it, or it was ordered "via convoy"
  (DATC 4.A.3). With `convoy_adjacent="3.0"` such a move has no land fallback;
  with "2.4" a "via convoy" move falls back to the land route when no convoy
  route succeeds (godip's `MustConvoy`, which the Droidippy games were played with).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.rules.map import GameMap
from judge.rules.orders import Convoy, Move, Order, SupportHold, SupportMove
from judge.rules.state import GameState, Unit, UnitType, coast_of, province_of
from judge.rules.topology import Topology

HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY = range(5)
LAND, BY_CONVOY, CONVOY_OR_LAND = range(3)


@dataclass
class OrderTable:
    """Parallel lists indexed by unit number, plus province lookups."""

    units: list[Unit] = field(default_factory=list)
    orders: list[Order | None] = field(default_factory=list)
    power: list[str] = field(default_factory=list)
    prov: list[str] = field(default_factory=list)
    kind: list[int] = field(default_factory=list)
    # MOVE: target province / exact target location / LAND, BY_CONVOY or CONVOY_OR_LAND
    dest: list[str] = field(default_factory=list)
    target: list[str] = field(default_factory=list)
    mode: list[int] = field(default_factory=list)
    # MOVE: matching move supports; other orders: matching hold supports
    supporters: list[list[int]] = field(default_factory=list)
    # MOVE: fleets whose convoy orders match it (empty for land moves)
    convoyers: list[list[int]] = field(default_factory=list)
    # MOVE: the unit at the target moving back to our province, else -1
    opposite: list[int] = field(default_factory=list)
    # SUPPORT_*/CONVOY: whether the order matches a real order (else void)
    matched: list[bool] = field(default_factory=list)
    # SUPPORT_MOVE: the province the supported move goes to ("" otherwise)
    support_dest: list[str] = field(default_factory=list)
    unit_at: dict[str, int] = field(default_factory=dict)
    attackers: dict[str, list[int]] = field(default_factory=dict)


def build_table(
    game_map: GameMap,
    topo: Topology,
    state: GameState,
    orders: Mapping[str, Order],
    convoy_adjacent: str,
) -> OrderTable:
    """Index the board: `orders` maps a unit's province to its (legal) order."""
    provinces = list(state.units)
    units = list(state.units.values())
    size = len(units)
    table = OrderTable(
        units=units,
        orders=[orders.get(p) for p in provinces],
        power=[u.power for u in units],
        prov=provinces,
        kind=[HOLD] * size,
        dest=[""] * size,
        target=[""] * size,
        mode=[LAND] * size,
        supporters=[[] for _ in range(size)],
        convoyers=[[] for _ in range(size)],
        opposite=[-1] * size,
        matched=[False] * size,
        support_dest=[""] * size,
        unit_at={p: i for i, p in enumerate(provinces)},
    )
    _classify(table, game_map, topo)
    _link_moves(table)
    _match_supports(table, topo)
    _match_convoys(table, game_map, topo, convoy_adjacent)
    return table


def _classify(table: OrderTable, game_map: GameMap, topo: Topology) -> None:
    """Fill in each order's kind, and for moves their target and attackers list."""
    province_at = topo.province_at
    for i, order in enumerate(table.orders):
        cls = type(order)
        if cls is Move:
            assert isinstance(order, Move)
            target = _move_target(game_map, province_at, table.units[i], order.target)
            dest = province_at.get(target, "")
            if dest and dest != table.prov[i]:
                table.kind[i] = MOVE
                table.dest[i] = dest
                table.target[i] = target
                table.attackers.setdefault(dest, []).append(i)
        elif cls is SupportHold:
            table.kind[i] = SUPPORT_HOLD
        elif cls is SupportMove:
            assert isinstance(order, SupportMove)
            table.kind[i] = SUPPORT_MOVE
            table.support_dest[i] = _province(province_at, order.target)
        elif cls is Convoy:
            table.kind[i] = CONVOY


def _move_target(game_map: GameMap, province_at: Mapping[str, str], unit: Unit, target: str) -> str:
    """The exact location a unit moves to ('' if there is none to pick).

    Armies ignore coasts; a fleet ignores a coast the province lacks and, with no
    coast, takes the only coast it can reach (DATC 4.B.2, 4.B.6).
    """
    province = _province(province_at, target)
    if unit.kind is UnitType.ARMY:
        return province
    if target in province_at and (target != province or not game_map.province(province).coasts):
        return target
    options = game_map.fleet_targets_in(unit.location, province)
    return options[0] if len(options) == 1 else ""


def _province(province_at: Mapping[str, str], location: str) -> str:
    return province_at.get(location) or province_of(location)


def _link_moves(table: OrderTable) -> None:
    for index, kind in enumerate(table.kind):
        if kind != MOVE:
            continue
        other = table.unit_at.get(table.dest[index], -1)
        if other >= 0 and table.kind[other] == MOVE and table.dest[other] == table.prov[index]:
            table.opposite[index] = other


def _match_supports(table: OrderTable, topo: Topology) -> None:
    province_at = topo.province_at
    for index, kind in enumerate(table.kind):
        if kind != SUPPORT_HOLD and kind != SUPPORT_MOVE:
            continue
        order = table.orders[index]
        if kind == SUPPORT_HOLD and isinstance(order, SupportHold):
            helped = table.unit_at.get(_province(province_at, order.supported), -1)
            if helped >= 0 and helped != index and table.kind[helped] != MOVE:
                table.supporters[helped].append(index)
                table.matched[index] = True
        elif kind == SUPPORT_MOVE and isinstance(order, SupportMove):
            helped = table.unit_at.get(_province(province_at, order.supported), -1)
            if helped >= 0 and _supports_move(table, helped, order, index, province_at):
                table.supporters[helped].append(index)
                table.matched[index] = True


def _supports_move(
    table: OrderTable,
    helped: int,
    order: SupportMove,
    index: int,
    province_at: Mapping[str, str],
) -> bool:
    if helped == index or table.kind[helped] != MOVE:
        return False
    if (
        table.dest[helped] != table.support_dest[index]
        or table.support_dest[index] == table.prov[index]
    ):
        return False
    wanted = coast_of(order.target) if order.target in province_at else None  # 4.B.6
    return wanted is None or wanted == coast_of(table.target[helped])


def _match_convoys(
    table: OrderTable, game_map: GameMap, topo: Topology, convoy_adjacent: str
) -> None:
    offers: dict[tuple[str, str], list[int]] = {}
    for index, kind in enumerate(table.kind):
        order = table.orders[index]
        if kind == CONVOY and isinstance(order, Convoy) and table.prov[index] in topo.sea_borders:
            key = (
                _province(topo.province_at, order.army),
                _province(topo.province_at, order.target),
            )
            offers.setdefault(key, []).append(index)
    for index, kind in enumerate(table.kind):
        if kind != MOVE or table.units[index].kind is not UnitType.ARMY:
            continue
        fleets = offers.get((table.prov[index], table.dest[index]), [])
        mode = _army_mode(table, game_map, index, fleets, convoy_adjacent)
        table.mode[index] = mode
        if mode != LAND:
            table.convoyers[index] = fleets
            for fleet in fleets:
                table.matched[fleet] = True


def _army_mode(
    table: OrderTable, game_map: GameMap, index: int, fleets: list[int], convoy_adjacent: str
) -> int:
    if table.dest[index] not in game_map.army_neighbours(table.prov[index]):
        return BY_CONVOY
    power = table.power[index]
    if any(table.power[fleet] == power for fleet in fleets):
        return BY_CONVOY
    order = table.orders[index]
    if isinstance(order, Move) and order.via_convoy:
        return BY_CONVOY if convoy_adjacent == "3.0" else CONVOY_OR_LAND
    return LAND
