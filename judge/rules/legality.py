"""Whether an order may be given at all, before any adjudication.

The DATC (4.E.1) calls an order *legal* when, not knowing the other orders, it
could be valid. An illegal order is reported and ignored: the unit holds and may
receive hold support. A legal order can still be *void* or *fail* in
adjudication: a support for a unit that moves elsewhere, a convoy nobody uses, a
support of a unit that is not there. This module only answers the first
question, from the map and the board; the adjudicator answers the rest.

Choices follow the DATC 3.1 preferences (the same as 3.0 on these points):

* An army move to a non-adjacent coast is legal when fleets now at sea could
  form a convoy route for it (6.D.32: with no such fleets it is illegal).
* A fleet moving to a split-coast province without a coast is legal when only
  one coast is reachable (4.B.2); a reachable-but-wrong coast is illegal (4.B.3).
  A coast the province does not have is garbage and is ignored (4.B.6), as is a
  coast on an army's move or a wrong coast on the ordered unit (4.B.5).
* A support must be possible to be valid (6.D.31): the supporter reaches the
  target province, and a supported unit that is on the board could reach the
  target without the supporter's help as a convoying fleet. Supporting a unit
  that is not there is legal and void.
* A convoy is legal only for a fleet at sea that lies on some minimal convoy
  route of fleets now at sea (6.F.1, 6.G.19).

The movement-phase checks run once per order and are the hot path of intake:
`Checker` holds one board's lookups (the map's `topology` tables, the fleets at
sea, the convoy routes already worked out) so the orders of a phase share them.
`check_order` is the same check for a single order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping

from judge.rules.map import GameMap
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.rules.provinces import ProvinceKind
from judge.rules.reasons import Reason
from judge.rules.state import (
    GameState,
    PhaseType,
    Unit,
    UnitType,
    coast_of,
    province_of,
)

NO_SUCH_UNIT = Reason("no_such_unit")
NOT_ADJACENT = Reason("not_adjacent")
NO_BUILD_DUE = Reason("no_build_due")

_LAND, _SEA, _COAST = ProvinceKind.LAND, ProvinceKind.SEA, ProvinceKind.COAST
_ARMY, _FLEET = UnitType.ARMY, UnitType.FLEET
_NOWHERE: frozenset[str] = frozenset()


def check_order(game_map: GameMap, state: GameState, order: Order) -> str | None:
    """None when the order is legal, else the reason it is not."""
    return Checker(game_map, state).check(order)


def note_legal(game_map: GameMap, state: GameState, order: Order) -> None:
    """Record that `check_order(game_map, state, order)` is None (`GameState.checked_orders`)."""
    state.checked_orders[id(order)] = (order, game_map)


class Checker:
    """`check_order` for the orders of one board, sharing the work between them.

    The movement-phase checks look everything up in the map's `topology` tables;
    whatever the tables do not list (an unknown province, a coast the province
    lacks) is found the general way, with the same answer as `GameMap` gives.
    """

    __slots__ = ("_checked", "_fleets", "_routes", "_units", "map", "phase", "state", "topo")

    def __init__(self, game_map: GameMap, state: GameState) -> None:
        self.map = game_map
        self.state = state
        self.topo = game_map.topology
        self.phase = state.phase.type
        self._units = state.units
        self._fleets: frozenset[str] | None = None
        self._routes: dict[tuple[str, str], frozenset[str]] = {}
        self._checked = state.checked_orders

    def check(self, order: Order) -> str | None:
        """None when the order is legal, else the reason it is not."""
        known = self._checked.get(id(order))
        if known is not None and known[0] is order and known[1] is self.map:
            return None  # the parser checked this very order on this board
        if self.phase is PhaseType.MOVEMENT:
            check = _MOVEMENT_CHECKS.get(type(order))
            if check is not None:
                location: str = order.location  # type: ignore[union-attr]
                province = self.topo.province_at.get(location)
                if province is None:
                    province = province_of(location)
                    if province not in self.map.provinces:
                        return NO_SUCH_UNIT
                unit = self._units.get(province)
                if unit is None or unit.power != order.power:
                    return NO_SUCH_UNIT
                return check(self, unit, order)
        return self._check_any(order)

    def _check_any(self, order: Order) -> str | None:
        """Every phase and order type, in the order the rules are tried."""
        game_map, state, phase = self.map, self.state, self.phase
        if isinstance(order, Waive):
            return None if phase is PhaseType.ADJUSTMENT else NO_BUILD_DUE
        if isinstance(order, Build):
            if phase is not PhaseType.ADJUSTMENT:
                return NO_BUILD_DUE
            return _check_build(game_map, state, order)
        if province_of(order.location) not in game_map.provinces:
            return NO_SUCH_UNIT
        if isinstance(order, (Retreat, Disband)):
            if phase is not PhaseType.RETREAT:
                return NO_SUCH_UNIT
            return _check_retreat_phase(game_map, state, order)
        if isinstance(order, Remove):
            if phase is not PhaseType.ADJUSTMENT:
                return NO_SUCH_UNIT
            unit = _own_unit(state, order.power, order.location)
            return NO_SUCH_UNIT if unit is None else None
        if phase is not PhaseType.MOVEMENT:
            return NO_SUCH_UNIT
        unit = _own_unit(state, order.power, order.location)
        if unit is None:
            return NO_SUCH_UNIT
        if isinstance(order, Hold):
            return None
        if isinstance(order, Move):
            return self._move(unit, order)
        if isinstance(order, SupportHold):
            return self._support_hold(unit, order)
        if isinstance(order, SupportMove):
            return self._support_move(unit, order)
        return self._convoy(unit, order)

    # --- lookups ------------------------------------------------------------------

    def _kind(self, location: str) -> ProvinceKind:
        kind = self.topo.kind_at.get(location)
        return kind if kind is not None else self.map.province(location).kind

    def _army_reach(self, location: str) -> frozenset[str]:
        """`GameMap.army_neighbours`."""
        found = self.topo.army_borders.get(location)
        return found if found is not None else self.map.army_neighbours(location)

    def _fleet_targets(self, origin: str, province: str) -> tuple[str, ...]:
        """`GameMap.fleet_targets_in` for a province known to be on the map."""
        reach = self.topo.fleet_reach.get(origin)
        return () if reach is None else reach.get(province, ())

    def _can_reach(self, unit: Unit, province: str) -> bool:
        """The unit could move straight into the (known) province, any coast for a fleet."""
        location = unit.location
        if unit.kind is _ARMY:
            found = self.topo.army_borders.get(location)
            if found is None:
                found = self.map.army_neighbours(location)
            return province in found
        reach = self.topo.fleet_reach.get(location)
        return reach is not None and province in reach

    # --- convoy routes --------------------------------------------------------------

    def fleets(self) -> frozenset[str]:
        """`fleets_at_sea` for this board, worked out once."""
        if self._fleets is None:
            self._fleets = fleets_at_sea(self.map, self.state)
        return self._fleets

    def route_exists(self, fleets: Collection[str], origin: str, target: str) -> bool:
        """`convoy_route_exists` for sea fleets and provinces on the map.

        Some chain links the two exactly when some minimal route does (a shortest
        chain is minimal), so a plain search is enough.
        """
        borders = self.topo.any_borders
        frontier = [f for f in fleets if origin in borders[f]]
        seen = set(frontier)
        while frontier:
            here = borders[frontier.pop()]
            if target in here:
                return True
            for fleet in fleets:
                if fleet in here and fleet not in seen:
                    seen.add(fleet)
                    frontier.append(fleet)
        return False

    def route_fleets(self, origin: str, target: str) -> frozenset[str]:
        """The fleets at sea on some minimal convoy route between two coastal provinces."""
        key = (origin, target)
        found = self._routes.get(key)
        if found is None:
            found = _minimal_route_fleets(self.topo.any_borders, self.fleets(), origin, target)
            self._routes[key] = found
        return found

    # --- movement phase ---------------------------------------------------------------
    #
    # A location found in `province_at` is valid: a province id, or a coast the
    # province has (`known_coast` is not None exactly when it differs from its
    # province). Anything else goes through `province_of` and the province list.

    def _hold(self, unit: Unit, order: Hold) -> str | None:
        return None

    def _move(self, unit: Unit, order: Move) -> str | None:
        text = order.target
        if unit.kind is _ARMY:
            legal = self.topo.army_moves.get(unit.location)
            if legal is not None and text in legal:
                return None
        elif not order.via_convoy and not order.route:
            legal = self.topo.fleet_moves.get(unit.location)
            if legal is not None and text in legal:
                return None
        return self._move_rules(unit, order)

    def _move_rules(self, unit: Unit, order: Move) -> str | None:
        """Every rule for a move, in order (`_move` first tries the usual legal moves)."""
        text = order.target
        province_at = self.topo.province_at
        target = province_at.get(text)
        coast = target is not None and target != text
        if target is None:
            target = province_of(text)
            if target not in self.map.provinces:
                return Reason("unknown_province", province=target)
        location = unit.location
        if target == (province_at.get(location) or province_of(location)):
            return Reason("move_to_own_province")
        kind = self.topo.kind_at[target]
        if unit.kind is _FLEET:
            if order.via_convoy or order.route:
                return Reason("only_army_convoyed")
            if kind is _LAND:
                return Reason("fleet_inland")
            return self._fleet_coast_reason(text, coast, target, location)
        if kind is _SEA:
            return Reason("army_to_sea")
        if target in self._army_reach(location):
            return None  # by land, or via convoy: the adjudicator decides which
        return self._convoy_reason(unit, target)

    def _fleet_coast_reason(self, text: str, coast: bool, province: str, origin: str) -> str | None:
        """Coast rules for a fleet at `origin` sent to `text` (in `province`)."""
        reach = self._fleet_targets(origin, province)
        if not reach:
            return NOT_ADJACENT
        if coast:
            return None if text in reach else NOT_ADJACENT
        if len(reach) > 1 and province in self.topo.split_coast:
            return Reason("fleet_needs_coast", province=province)
        return None

    def _convoy_reason(self, unit: Unit, target: str) -> str | None:
        """An army's move to a province it does not border: legal if fleets could convoy it."""
        here = unit.province
        if not (self._kind(here) is _COAST and self.topo.kind_at[target] is _COAST):
            return NOT_ADJACENT
        if not self.route_exists(self.fleets(), here, target):
            return NOT_ADJACENT
        return None

    def _reach(self, unit: Unit) -> frozenset[str] | None:
        """The location ids of the provinces (not its own) the unit could move into."""
        if unit.kind is _ARMY:
            return self.topo.army_support.get(unit.location)
        return self.topo.fleet_support.get(unit.location)

    def _support_hold(self, unit: Unit, order: SupportHold) -> str | None:
        text = order.supported
        reach = self._reach(unit)
        if reach is not None and text in reach:
            return None
        province_at = self.topo.province_at
        supported = province_at.get(text)
        if supported is None:
            supported = province_of(text)
            if supported not in self.map.provinces:
                return Reason("unknown_province", province=supported)
        location = unit.location
        if supported == (province_at.get(location) or province_of(location)):
            return Reason("support_itself")
        return None if self._can_reach(unit, supported) else NOT_ADJACENT

    def _support_move(self, unit: Unit, order: SupportMove) -> str | None:
        province_at, provinces = self.topo.province_at, self.map.provinces
        supported = province_at.get(order.supported)
        if supported is None:
            supported = province_of(order.supported)
            if supported not in provinces:
                return Reason("unknown_province", province=supported)
        text = order.target
        target = province_at.get(text)
        if target is None:
            target = province_of(text)
            if target not in provinces:
                return Reason("unknown_province", province=target)
        here = province_at.get(unit.location) or province_of(unit.location)
        if supported == here:
            return Reason("support_itself")
        if target == supported:
            return Reason("move_to_own_province")
        if target == here:
            return Reason("support_into_own_province")
        reach = self._reach(unit)
        if not ((reach is not None and text in reach) or self._can_reach(unit, target)):
            return NOT_ADJACENT
        other = self._units.get(supported)
        if other is None:
            return None  # void in adjudication, not illegal
        return self._supported_move(other, text, target, here)

    def _supported_move(self, other: Unit, text: str, province: str, helper: str) -> str | None:
        """Why the supported unit could never move to `text` alone, if it could not (6.D.31).

        `helper` is the supporter's province: its fleet does not count as a convoy.
        """
        if other.kind is _FLEET:
            legal = self.topo.fleet_moves.get(other.location)
        else:
            legal = self.topo.army_moves.get(other.location)
        if legal is not None and text in legal:
            return None
        kind = self.topo.kind_at[province]
        if other.kind is _FLEET:
            if kind is _LAND:
                return self._cannot(other, text, province)
            reach = self._fleet_targets(other.location, province)
            if not reach or (self._is_coast(text, province) and text not in reach):
                return self._cannot(other, text, province)
            return None
        if kind is _SEA:
            return self._cannot(other, text, province)
        if province in self._army_reach(other.location):
            return None
        origin = other.province
        if not (self._kind(origin) is _COAST and kind is _COAST):
            return self._cannot(other, text, province)
        if self.route_exists(self.fleets() - {helper}, origin, province):
            return None
        return self._cannot(other, text, province)

    def _is_coast(self, text: str, province: str) -> bool:
        """`text` names a coast that its province (`province`) has."""
        return text != province and text in self.topo.province_at

    def _cannot(self, other: Unit, text: str, province: str) -> str:
        if self._is_coast(text, province):
            return Reason("cannot_reach", unit=other, place=text)
        return Reason("cannot_reach", unit=other, place=province)

    def _convoy(self, unit: Unit, order: Convoy) -> str | None:
        if unit.kind is not _FLEET:
            return Reason("only_fleet_convoys")
        here = unit.province
        if self._kind(here) is not _SEA:
            return Reason("coastal_fleet_convoy")
        army = self.topo.province_at.get(order.army) or province_of(order.army)
        if army not in self.map.provinces:
            return Reason("unknown_province", province=army)
        target = self.topo.province_at.get(order.target) or province_of(order.target)
        if target not in self.map.provinces:
            return Reason("unknown_province", province=target)
        if army == target:
            return Reason("move_to_own_province")
        if not (self.topo.kind_at[army] is _COAST and self.topo.kind_at[target] is _COAST):
            return Reason("army_not_convoyable", army=army, target=target)
        if here in self.route_fleets(army, target):
            return None
        return Reason("not_on_convoy_route", unit=unit, army=army, target=target)


_MOVEMENT_CHECKS: dict[type, Callable[[Checker, Unit, Order], str | None]] = {
    Hold: Checker._hold,  # type: ignore[dict-item]
    Move: Checker._move,  # type: ignore[dict-item]
    SupportHold: Checker._support_hold,  # type: ignore[dict-item]
    SupportMove: Checker._support_move,  # type: ignore[dict-item]
    Convoy: Checker._convoy,  # type: ignore[dict-item]
}


# --- shared geometry ------------------------------------------------------------------


def known_coast(game_map: GameMap, location: str) -> str | None:
    """The coast of `location` if the province really has it (others are ignored, 4.B.6)."""
    coast = coast_of(location)
    prov = game_map.provinces.get(province_of(location))
    if coast is None or prov is None or coast not in prov.coasts:
        return None
    return coast


def fleet_target(game_map: GameMap, origin: str, target: str) -> str:
    """The exact location a fleet at `origin` is sent to by `target`.

    A real coast is kept; a coast the province lacks is dropped; a split-coast
    province without a coast gets the only reachable coast when there is one
    (4.B.2). Otherwise the province id is returned unchanged.
    """
    province = province_of(target)
    coast = known_coast(game_map, target)
    if coast is not None:
        return f"{province}/{coast}"
    if province in game_map.provinces and game_map.provinces[province].coasts:
        reach = game_map.fleet_targets_in(origin, province)
        if len(reach) == 1:
            return reach[0]
    return province


def fleets_at_sea(game_map: GameMap, state: GameState) -> frozenset[str]:
    """Sea provinces holding a fleet: the only places a convoy can pass."""
    return frozenset(
        p for p, u in state.units.items() if u.kind is UnitType.FLEET and game_map.is_sea(p)
    )


def convoy_route_exists(
    game_map: GameMap, fleets: Collection[str], origin: str, target: str
) -> bool:
    """A chain of the given sea fleets links the two coastal provinces."""
    return next(minimal_convoy_routes(game_map, fleets, origin, target), None) is not None


def minimal_convoy_routes(
    game_map: GameMap, fleets: Collection[str], origin: str, target: str
) -> Iterator[tuple[str, ...]]:
    """Every convoy route that has no shortcut, i.e. no smaller route inside it.

    Such a route is a chain f1..fk where only f1 touches the origin, only fk
    touches the target, and only consecutive fleets touch each other. A fleet is
    "necessary for a convoy route" (DATC 6.G.19) when it is on one of these.
    """
    origin, target = province_of(origin), province_of(target)
    pool = sorted(province_of(f) for f in fleets)

    def extend(path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        last = path[-1]
        if game_map.provinces_adjacent(last, target):
            yield path
            return
        for fleet in pool:
            if fleet in path or not game_map.provinces_adjacent(last, fleet):
                continue
            if game_map.provinces_adjacent(fleet, origin):
                continue
            if any(game_map.provinces_adjacent(p, fleet) for p in path[:-1]):
                continue
            yield from extend((*path, fleet))

    for first in pool:
        if game_map.provinces_adjacent(first, origin):
            yield from extend((first,))


def _minimal_route_fleets(
    borders: Mapping[str, frozenset[str]], fleets: frozenset[str], origin: str, target: str
) -> frozenset[str]:
    """The fleets on some route of `minimal_convoy_routes` (sea fleets, known provinces)."""
    later = [f for f in fleets if origin not in borders[f]]  # only a first fleet touches it
    found: set[str] = set()

    def extend(path: tuple[str, ...], here: frozenset[str]) -> None:
        if target in here:
            found.update(path)
            return
        for fleet in later:
            if fleet in here and fleet not in path:
                if not any(fleet in borders[p] for p in path[:-1]):
                    extend((*path, fleet), borders[fleet])

    for first in fleets:
        if origin in borders[first]:
            extend((first,), borders[first])
    return frozenset(found)


def _own_unit(state: GameState, power: str, location: str) -> Unit | None:
    unit = state.units.get(province_of(location))
    return unit if unit is not None and unit.power == power else None


def _fleet_coast_reason(game_map: GameMap, target: str, reachable: tuple[str, ...]) -> str | None:
    """Coast rules for a fleet sent to `target` that can reach `reachable` there."""
    if not reachable:
        return NOT_ADJACENT
    coast = known_coast(game_map, target)
    province = province_of(target)
    if coast is not None:
        return None if f"{province}/{coast}" in reachable else NOT_ADJACENT
    if game_map.provinces[province].coasts and len(reachable) > 1:
        return Reason("fleet_needs_coast", province=province)
    return None


def _can_reach(game_map: GameMap, unit: Unit, province: str) -> bool:
    """The unit could move straight into the province (any coast, for a fleet)."""
    if unit.kind is UnitType.ARMY:
        return game_map.can_army_move(unit.location, province)
    return bool(game_map.fleet_targets_in(unit.location, province))


def _unknown(game_map: GameMap, location: str) -> str | None:
    province = province_of(location)
    return None if province in game_map.provinces else Reason("unknown_province", province=province)


# --- retreats and adjustments ---------------------------------------------------------


def _check_retreat_phase(
    game_map: GameMap, state: GameState, order: Retreat | Disband
) -> str | None:
    dislodged = state.dislodged.get(province_of(order.location))
    if dislodged is None or dislodged.unit.power != order.power:
        return NO_SUCH_UNIT
    if isinstance(order, Disband):
        return None
    unit = dislodged.unit
    if reason := _unknown(game_map, order.target):
        return reason
    target = province_of(order.target)
    if not _can_reach(game_map, unit, target):  # even if a board from elsewhere lists it
        return NOT_ADJACENT
    options = [r for r in dislodged.retreats if province_of(r) == target]
    if not options:
        return Reason("cannot_retreat_to", province=target)
    if unit.kind is UnitType.ARMY:
        return None
    reach = game_map.fleet_targets_in(unit.location, target)
    if all(coast_of(o) is not None for o in options):
        reach = tuple(loc for loc in reach if loc in options)
    return _fleet_coast_reason(game_map, order.target, reach)


def _check_build(game_map: GameMap, state: GameState, order: Build) -> str | None:
    if reason := _unknown(game_map, order.location):
        return reason
    province = province_of(order.location)
    if province not in game_map.centers:
        return Reason("not_supply_centre")
    if province not in game_map.home_centers.get(order.power, ()):
        return Reason("not_home_centre_of", power=order.power.title())
    if state.centers.get(province) != order.power:
        return Reason("not_owned", power=order.power.title(), province=province)
    if province in state.units:
        return Reason("occupied", province=province)
    if order.kind is UnitType.FLEET:
        if game_map.is_land(province):
            return Reason("fleet_built_inland")
        if game_map.provinces[province].coasts and known_coast(game_map, order.location) is None:
            return Reason("build_needs_coast", province=province)
    return None
