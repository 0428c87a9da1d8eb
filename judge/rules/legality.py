"""Whether an order may be given at all, before any adjudication.

The DATC (4.E.1) calls an order *legal* when, not knowing the other orders, it
could be valid. An illegal order is reported and ignored: the unit holds and may
receive hold support. A legal order can still be *void* or *fail* in
adjudication: a support for a unit that moves elsewhere, a convoy nobody uses, a
support of a unit that is not there. This module only answers the first
question, from the map and the board; the adjudicator answers the rest.

Choices follow the DATC 3.0 preferences:

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
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

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
from judge.rules.state import (
    GameState,
    PhaseType,
    Unit,
    UnitType,
    coast_of,
    province_of,
)

NO_SUCH_UNIT = "no such unit"
NOT_ADJACENT = "not adjacent"
NO_BUILD_DUE = "no build is due"


def check_order(game_map: GameMap, state: GameState, order: Order) -> str | None:
    """None when the order is legal, else the reason it is not."""
    phase = state.phase.type
    if isinstance(order, Waive):
        return None if phase is PhaseType.ADJUSTMENT else NO_BUILD_DUE
    if isinstance(order, Build):
        return (
            NO_BUILD_DUE
            if phase is not PhaseType.ADJUSTMENT
            else _check_build(game_map, state, order)
        )
    if province_of(order.location) not in game_map.provinces:
        return NO_SUCH_UNIT
    if isinstance(order, (Retreat, Disband)):
        if phase is not PhaseType.RETREAT:
            return NO_SUCH_UNIT
        return _check_retreat_phase(game_map, state, order)
    if isinstance(order, Remove):
        if (
            phase is not PhaseType.ADJUSTMENT
            or _own_unit(state, order.power, order.location) is None
        ):
            return NO_SUCH_UNIT
        return None
    if phase is not PhaseType.MOVEMENT:
        return NO_SUCH_UNIT
    unit = _own_unit(state, order.power, order.location)
    if unit is None:
        return NO_SUCH_UNIT
    if isinstance(order, Hold):
        return None
    if isinstance(order, Move):
        return _check_move(game_map, state, unit, order)
    if isinstance(order, SupportHold):
        return _check_support_hold(game_map, unit, order)
    if isinstance(order, SupportMove):
        return _check_support_move(game_map, state, unit, order)
    return _check_convoy(game_map, state, unit, order)


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
        return f"a fleet moving to {province} must say which coast"
    return None


def _can_reach(game_map: GameMap, unit: Unit, province: str) -> bool:
    """The unit could move straight into the province (any coast, for a fleet)."""
    if unit.kind is UnitType.ARMY:
        return game_map.can_army_move(unit.location, province)
    return bool(game_map.fleet_targets_in(unit.location, province))


def _unknown(game_map: GameMap, location: str) -> str | None:
    province = province_of(location)
    return None if province in game_map.provinces else f"unknown province {province}"


# --- movement phase -------------------------------------------------------------------


def _check_move(game_map: GameMap, state: GameState, unit: Unit, order: Move) -> str | None:
    if reason := _unknown(game_map, order.target):
        return reason
    target = province_of(order.target)
    if target == unit.province:
        return "a unit cannot move to its own province"
    if unit.kind is UnitType.FLEET:
        if order.via_convoy or order.route:
            return "only an army can be convoyed"
        if game_map.is_land(target):
            return "a fleet cannot move to an inland province"
        reach = game_map.fleet_targets_in(unit.location, target)
        return _fleet_coast_reason(game_map, order.target, reach)
    if game_map.is_sea(target):
        return "an army cannot move to a sea"
    if game_map.can_army_move(unit.location, target):
        return None  # by land, or via convoy: the adjudicator decides which
    if not (game_map.is_coastal(unit.province) and game_map.is_coastal(target)):
        return NOT_ADJACENT
    if not convoy_route_exists(game_map, fleets_at_sea(game_map, state), unit.province, target):
        return NOT_ADJACENT
    return None


def _check_support_hold(game_map: GameMap, unit: Unit, order: SupportHold) -> str | None:
    if reason := _unknown(game_map, order.supported):
        return reason
    supported = province_of(order.supported)
    if supported == unit.province:
        return "a unit cannot support itself"
    return None if _can_reach(game_map, unit, supported) else NOT_ADJACENT


def _check_support_move(
    game_map: GameMap, state: GameState, unit: Unit, order: SupportMove
) -> str | None:
    if reason := _unknown(game_map, order.supported) or _unknown(game_map, order.target):
        return reason
    supported, target = province_of(order.supported), province_of(order.target)
    if supported == unit.province:
        return "a unit cannot support itself"
    if target == supported:
        return "a unit cannot move to its own province"
    if target == unit.province:
        return "a unit cannot support a move into its own province"
    if not _can_reach(game_map, unit, target):
        return NOT_ADJACENT
    other = state.units.get(supported)
    if other is None:
        return None  # void in adjudication, not illegal
    return _supported_move_reason(game_map, state, other, order.target, unit)


def _supported_move_reason(
    game_map: GameMap, state: GameState, other: Unit, target: str, supporter: Unit
) -> str | None:
    """Why the supported unit could never make the move, if it could not (6.D.31)."""
    province = province_of(target)
    coast = known_coast(game_map, target)
    cannot = (
        f"{other} cannot reach {province}/{coast}" if coast else f"{other} cannot reach {province}"
    )
    if other.kind is UnitType.FLEET:
        if game_map.is_land(province):
            return cannot
        reach = game_map.fleet_targets_in(other.location, province)
        if not reach or (coast is not None and f"{province}/{coast}" not in reach):
            return cannot
        return None
    if game_map.is_sea(province):
        return cannot
    if game_map.can_army_move(other.location, province):
        return None
    if not (game_map.is_coastal(other.province) and game_map.is_coastal(province)):
        return cannot
    fleets = fleets_at_sea(game_map, state) - {supporter.province}
    return None if convoy_route_exists(game_map, fleets, other.province, province) else cannot


def _check_convoy(game_map: GameMap, state: GameState, unit: Unit, order: Convoy) -> str | None:
    if unit.kind is not UnitType.FLEET:
        return "only a fleet can convoy"
    if not game_map.is_sea(unit.province):
        return "a fleet on a coast cannot convoy"
    if reason := _unknown(game_map, order.army) or _unknown(game_map, order.target):
        return reason
    army, target = province_of(order.army), province_of(order.target)
    if army == target:
        return "a unit cannot move to its own province"
    if not (game_map.is_coastal(army) and game_map.is_coastal(target)):
        return f"an army cannot be convoyed from {army} to {target}"
    fleets = fleets_at_sea(game_map, state)
    for route in minimal_convoy_routes(game_map, fleets, army, target):
        if unit.province in route:
            return None
    return f"{unit} is not on any convoy route from {army} to {target}"


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
    options = [r for r in dislodged.retreats if province_of(r) == target]
    if not options:
        if _can_reach(game_map, unit, target):
            return f"cannot retreat to {target}"
        return NOT_ADJACENT
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
        return "not a supply centre"
    if province not in game_map.home_centers.get(order.power, ()):
        return f"not a home centre of {order.power}"
    if state.centers.get(province) != order.power:
        return f"{order.power} does not own {province}"
    if province in state.units:
        return f"{province} is occupied"
    if order.kind is UnitType.FLEET:
        if game_map.is_land(province):
            return "a fleet cannot be built in an inland province"
        if game_map.provinces[province].coasts and known_coast(game_map, order.location) is None:
            return f"a fleet built on {province} must say which coast"
    return None
