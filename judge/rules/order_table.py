"""The per-phase index of movement orders that the resolver reads.

Every unit on the board gets an integer index and exactly one order (a hold if
it was given none). The table then precomputes, once, everything the resolver
would otherwise search for again and again: who attacks each province, which
supports and convoys match which move, which moves form a head-to-head pair, and
whether an army travels by land or by convoy. Matching follows the DATC 3.1
preferences (the same as 3.0's on these points):

* A support matches only an order that really does what it supports: a support
  to hold needs a unit that is not ordered to move (DATC 6.D.7); a support to
  move needs that exact move. A support naming a coast must name the move's coast
  (DATC 4.B.4 / 6.B.9); a support without coast matches either coast (6.B.7).
* Unit types and nationalities written in support and convoy orders are ignored
  (DATC 4.C.2, 4.C.5, 4.C.6).
* An army moving to a province it does not border always goes by convoy. One
  moving to an adjacent province goes by convoy only if a fleet of its own
  power is (legally) ordered to convoy it, or it was ordered "via convoy"
  (DATC 4.A.3); convoy orders of foreign fleets are then void (6.G.2, 6.G.3).
  With `convoy_adjacent="3.0"` such a move never falls back to the land route
  (6.G.8, 6.G.20 fail). With "2.4" a "via convoy" move without an own fleet
  convoying it uses the convoy if a route succeeds and the land route otherwise,
  as godip's `MustConvoy` did for the Droidippy games; an own fleet's convoy
  order still forces the convoy route. With "1971" (the 1971 rulebook as the
  DATC reads it) intent does not count: a move not ordered "via convoy" takes a
  convoy, anybody's, only when the unit at its target moves the opposite way, and
  only if the convoy succeeds (else the land route); "via convoy", which the
  1971 rulebook does not know, is ignored: such a move is read like any other
  (DATC 3.1, 6.H.11: "the convoy is ignored and the land route is taken").
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter

from judge.rules.map import GameMap
from judge.rules.orders import Convoy, Move, Order, SupportHold, SupportMove
from judge.rules.results import ConvoyAdjacent
from judge.rules.state import GameState, Unit, UnitType, coast_of, province_of
from judge.rules.topology import Topology

HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE, CONVOY = range(5)
LAND, BY_CONVOY, CONVOY_OR_LAND = range(3)
# What "via convoy" makes of an army's move to a province it borders, by option. The
# 1971 rulebook has no "via convoy" (DATC 3.1, 6.G.8, 6.H.11): the mark is ignored.
_VIA_MODE: dict[ConvoyAdjacent, int] = {"3.0": BY_CONVOY, "2.4": CONVOY_OR_LAND, "1971": LAND}
NOBODY: list[int] = []  # the shared "no supporters / no convoyers" list: never mutated
_POWER = attrgetter("power")


class OrderTable:
    """Parallel lists indexed by unit number, plus province lookups.

    * `kind`: HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE or CONVOY.
    * MOVE: `dest` (province), `target` (exact location), `mode` (LAND,
      BY_CONVOY or CONVOY_OR_LAND), `convoyers` (fleets whose convoy matches),
      `opposite` (the unit at `dest` moving back to our province, else -1).
    * `supporters`: for a MOVE its matching move supports, otherwise the
      matching hold supports.
    * SUPPORT_*/CONVOY: `matched` (else the order is void); SUPPORT_MOVE:
      `support_dest`, the province the supported move goes to.
    * `moves`, `supports`, `convoys`: the indices of each kind of order.
    """

    __slots__ = (
        "attackers",
        "convoyers",
        "convoys",
        "dest",
        "kind",
        "matched",
        "mode",
        "moves",
        "opposite",
        "orders",
        "power",
        "prov",
        "support_dest",
        "supporters",
        "supports",
        "target",
        "unit_at",
        "units",
    )

    def __init__(self, state: GameState) -> None:
        self.prov: list[str] = list(state.units)
        self.units: list[Unit] = list(state.units.values())
        size = len(self.units)
        self.orders: list[Order | None] = [None] * size
        self.power: list[str] = list(map(_POWER, self.units))
        self.unit_at: dict[str, int] = dict(zip(self.prov, range(size), strict=True))
        self.kind: list[int] = [HOLD] * size
        self.dest: list[str] = [""] * size
        self.target: list[str] = [""] * size
        self.mode: list[int] = [LAND] * size
        self.supporters: list[list[int]] = [NOBODY] * size  # replaced, never appended to
        self.convoyers: list[list[int]] = [NOBODY] * size
        self.opposite: list[int] = [-1] * size
        self.matched: list[bool] = [False] * size
        self.support_dest: list[str] = [""] * size
        self.attackers: dict[str, list[int]] = {}
        self.moves: list[int] = []
        self.supports: list[int] = []
        self.convoys: list[int] = []


def build_table(
    game_map: GameMap,
    topo: Topology,
    state: GameState,
    orders: Mapping[str, Order],
    convoy_adjacent: ConvoyAdjacent,
) -> OrderTable:
    """Index the board: `orders` maps a unit's province to its (legal) order."""
    table = OrderTable(state)
    _classify(table, game_map, topo, orders, convoy_adjacent)
    _link_moves(table)
    if table.supports:
        _match_supports(table, topo.province_at)
    if table.convoys:
        _match_convoys(table, topo, convoy_adjacent == "1971")
    return table


def _classify(
    table: OrderTable,
    game_map: GameMap,
    topo: Topology,
    orders: Mapping[str, Order],
    convoy_adjacent: ConvoyAdjacent,
) -> None:
    """Record each order and its kind, and for moves their target and attackers."""
    province_at, unit_at, listed, kind = topo.province_at, table.unit_at, table.orders, table.kind
    via = _VIA_MODE.get(convoy_adjacent, BY_CONVOY)
    for province, order in orders.items():
        i = unit_at[province]
        listed[i] = order
        cls = type(order)
        if cls is Move:
            _add_move(table, game_map, topo, i, province, order, via)  # type: ignore[arg-type]
        elif cls is SupportHold:
            kind[i] = SUPPORT_HOLD
            table.supports.append(i)
        elif cls is SupportMove:
            kind[i] = SUPPORT_MOVE
            target: str = order.target  # type: ignore[union-attr]
            table.support_dest[i] = province_at.get(target) or province_of(target)
            table.supports.append(i)
        elif cls is Convoy:
            kind[i] = CONVOY
            table.convoys.append(i)


def _add_move(
    table: OrderTable,
    game_map: GameMap,
    topo: Topology,
    i: int,
    province: str,
    order: Move,
    via: int,
) -> None:
    """Record a move (a fleet move naming no reachable coast stays a hold).

    Armies ignore coasts; a fleet ignores a coast the province lacks and, with no
    coast, takes the only coast it can reach (DATC 4.B.2, 4.B.6). An army goes
    by convoy to a province it does not border, and with `via` (BY_CONVOY,
    CONVOY_OR_LAND or LAND, by the option) when ordered "via convoy".
    """
    unit, text = table.units[i], order.target
    dest = topo.province_at.get(text)
    army = unit.kind is UnitType.ARMY
    if army:
        target = dest = dest or province_of(text)
    elif dest is not None and (text != dest or dest not in topo.split_coast):
        target = text
    else:
        target, dest = _destination(game_map, topo, unit, text)
    if not dest or dest == province:
        return
    if army:
        if dest not in game_map.army_adjacency[province]:
            table.mode[i] = BY_CONVOY
        elif order.via_convoy:
            table.mode[i] = via
    table.kind[i] = MOVE
    table.dest[i] = dest
    table.target[i] = target
    table.moves.append(i)
    rivals = table.attackers.get(dest)
    if rivals is None:
        table.attackers[dest] = [i]
    else:
        rivals.append(i)


def _destination(game_map: GameMap, topo: Topology, unit: Unit, target: str) -> tuple[str, str]:
    """The exact location and the province a unit moves to ('' if there is none).

    Armies ignore coasts; a fleet ignores a coast the province lacks and, with no
    coast, takes the only coast it can reach (DATC 4.B.2, 4.B.6).
    """
    province = topo.province_at.get(target) or province_of(target)
    if unit.kind is UnitType.ARMY:
        return province, province
    if target in topo.province_at and (target != province or province not in topo.split_coast):
        return target, province
    options = game_map.fleet_targets_in(unit.location, province)
    return (options[0], province) if len(options) == 1 else ("", "")


def _province(province_at: Mapping[str, str], location: str) -> str:
    return province_at.get(location) or province_of(location)


def _link_moves(table: OrderTable) -> None:
    unit_at, kind, dest, prov = table.unit_at, table.kind, table.dest, table.prov
    for i in table.moves:
        other = unit_at.get(dest[i], -1)
        if other >= 0 and kind[other] == MOVE and dest[other] == prov[i]:
            table.opposite[i] = other


def _match_supports(table: OrderTable, province_at: Mapping[str, str]) -> None:
    orders, unit_at, kind, supporters = table.orders, table.unit_at, table.kind, table.supporters
    for i in table.supports:
        order: SupportHold | SupportMove = orders[i]  # type: ignore[assignment]
        text = order.supported
        helped = unit_at.get(province_at.get(text) or province_of(text), -1)
        if helped < 0 or helped == i:
            continue
        if kind[i] == SUPPORT_HOLD:
            ok = kind[helped] != MOVE
        else:
            ok = _supports_move(table, helped, order, i, province_at)  # type: ignore[arg-type]
        if ok:
            if supporters[helped] is NOBODY:
                supporters[helped] = [i]
            else:
                supporters[helped].append(i)
            table.matched[i] = True


def _supports_move(
    table: OrderTable,
    helped: int,
    order: SupportMove,
    index: int,
    province_at: Mapping[str, str],
) -> bool:
    if table.kind[helped] != MOVE:
        return False
    wanted_dest = table.support_dest[index]
    if table.dest[helped] != wanted_dest or wanted_dest == table.prov[index]:
        return False
    wanted = coast_of(order.target) if order.target in province_at else None  # 4.B.6
    return wanted is None or wanted == coast_of(table.target[helped])


def _match_convoys(table: OrderTable, topo: Topology, swaps_only: bool) -> None:
    """Link convoy orders to army moves; a fleet of the army's power shows intent.

    `swaps_only` (1971): no intent; an adjacent move uses the convoy, if it
    succeeds, exactly when the unit at its target moves the opposite way.
    """
    offers: dict[tuple[str, str], list[int]] = {}
    for i in table.convoys:
        order = table.orders[i]
        assert isinstance(order, Convoy)
        if table.prov[i] in topo.sea_borders:
            key = (
                _province(topo.province_at, order.army),
                _province(topo.province_at, order.target),
            )
            offers.setdefault(key, []).append(i)
    for i in table.moves:
        fleets = offers.get((table.prov[i], table.dest[i]))
        if fleets is None or table.units[i].kind is not UnitType.ARMY:
            continue
        if swaps_only:
            if table.mode[i] == LAND and table.opposite[i] >= 0:
                table.mode[i] = CONVOY_OR_LAND
        elif any(table.power[fleet] == table.power[i] for fleet in fleets):
            table.mode[i] = BY_CONVOY
        if table.mode[i] != LAND:
            table.convoyers[i] = fleets
            for fleet in fleets:
                table.matched[fleet] = True
