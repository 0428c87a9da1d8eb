"""The shortcuts the rules core takes for speed give exactly the answers of the plain rules.

* the per-map `topology` tables against the map's own adjacency data;
* the legality tables (`army_moves`, `fleet_moves`, `army_support`,
  `fleet_support`) against the full `check_order` rules on one-unit boards;
* the convoy-route searches against `minimal_convoy_routes` on random fleets;
* the fast constructors (`new_result`, `new_unit`, `GameState.adopting`)
  against the dataclass constructors;
* the parser's note of the orders it checked (`GameState.checked_orders`).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from support.rules.helpers import board, standard_map

from judge.rules.legality import (
    Checker,
    _minimal_route_fleets,
    check_order,
    convoy_route_exists,
    minimal_convoy_routes,
)
from judge.rules.map import GameMap, ProvinceKind
from judge.rules.orders import Convoy, Move, SupportHold
from judge.rules.parse import parse_order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import OrderResult, Outcome, new_result
from judge.rules.state import GameState, Phase, Unit, UnitType, new_unit, province_of

GARBAGE = ["XYZ", "STP/XC", "PAR/NC", "SPA/EC", "", "/", "BUL/", "stp", "MAO/SC"]


def locations(game_map: GameMap) -> list[str]:
    found = []
    for pid, prov in game_map.provinces.items():
        found += [pid, *(f"{pid}/{c}" for c in prov.coasts)]
    return found


# --- map questions ----------------------------------------------------------------------


def plain_fleet_targets(game_map: GameMap, origin: str, province: str) -> tuple[str, ...]:
    neighbours = game_map.fleet_adjacency.get(origin, frozenset())
    return tuple(loc for loc in game_map.fleet_locations(province) if loc in neighbours)


def plain_adjacent(game_map: GameMap, a: str, b: str) -> bool:
    pa, pb = province_of(a), province_of(b)
    if pb in game_map.army_adjacency.get(pa, frozenset()):
        return True
    return any(
        province_of(n) == pb
        for loc in game_map.fleet_locations(pa)
        for n in game_map.fleet_adjacency.get(loc, frozenset())
    )


def test_map_questions_match_the_adjacency_data() -> None:
    game_map = standard_map()
    places = locations(game_map)
    for a in places + GARBAGE:
        army = game_map.army_adjacency.get(province_of(a), frozenset())
        assert game_map.army_neighbours(a) == army
        assert game_map.is_location(a) == (a in places)
        for b in places:
            assert game_map.can_army_move(a, b) == (province_of(b) in army)
            if a in places:
                assert game_map.provinces_adjacent(a, b) == plain_adjacent(game_map, a, b)
            assert game_map.fleet_targets_in(a, province_of(b)) == plain_fleet_targets(
                game_map, a, province_of(b)
            )


def test_province_kinds_and_lookups() -> None:
    game_map = standard_map()
    for location in locations(game_map):
        kind = game_map.province(location).kind
        assert game_map.is_sea(location) == (kind is ProvinceKind.SEA)
        assert game_map.is_land(location) == (kind is ProvinceKind.LAND)
        assert game_map.is_coastal(location) == (kind is ProvinceKind.COAST)
    with pytest.raises(KeyError):
        game_map.is_sea("XYZ")
    assert game_map.lookup("par") == game_map.lookup("Paris") == "PAR"
    assert game_map.lookup("St. Petersburg") == "STP"
    assert game_map.lookup("nowhere") is None


# --- legality tables ----------------------------------------------------------------------


def lone(kind: UnitType, location: str) -> tuple[GameState, Unit]:
    unit = Unit("FRANCE", kind, location)
    return GameState.from_units(Phase.parse("S1901M"), [unit]), unit


@pytest.mark.parametrize("kind", [UnitType.ARMY, UnitType.FLEET])
def test_the_move_and_support_tables_agree_with_the_rules(kind: UnitType) -> None:
    game_map = standard_map()
    topo = game_map.topology
    moves = topo.army_moves if kind is UnitType.ARMY else topo.fleet_moves
    support = topo.army_support if kind is UnitType.ARMY else topo.fleet_support
    for location in locations(game_map):
        state, unit = lone(kind, location)
        for target in locations(game_map) + GARBAGE:
            move = Move(unit.power, kind, location, target)
            if target in moves[location]:
                assert check_order(game_map, state, move) is None, move
            elif game_map.is_location(target):  # alone, no convoy can help it
                assert check_order(game_map, state, move) is not None, move
            hold = SupportHold(unit.power, kind, location, target)
            if target in support[location]:
                assert check_order(game_map, state, hold) is None, hold
            elif game_map.is_location(target):
                assert check_order(game_map, state, hold) is not None, hold


def test_one_checker_for_many_orders_answers_like_check_order() -> None:
    game_map = standard_map()
    state = board(
        ENGLAND="F NTH, F NWG, A LON, F ENG", FRANCE="A BRE, F MAO", GERMANY="A KIE, F HOL"
    )
    checker = Checker(game_map, state)  # its fleets and routes are shared by all orders
    for unit in state.units.values():
        for target in locations(game_map) + GARBAGE:
            for via in (False, True):
                order = Move(unit.power, unit.kind, unit.location, target, via_convoy=via)
                assert checker.check(order) == check_order(game_map, state, order)
            for army in ("LON", "BRE", "KIE"):
                convoy = Convoy(unit.power, unit.kind, unit.location, army, target)
                assert checker.check(convoy) == check_order(game_map, state, convoy)


# --- convoy routes ----------------------------------------------------------------------


def test_route_searches_match_the_minimal_routes() -> None:
    game_map = standard_map()
    borders = game_map.topology.any_borders
    seas = sorted(p for p in game_map.provinces if game_map.is_sea(p))
    coasts = sorted(p for p in game_map.provinces if game_map.is_coastal(p))
    rng = random.Random(7)
    state = board()
    checker = Checker(game_map, state)
    for _ in range(400):
        fleets = frozenset(rng.sample(seas, rng.randrange(1, 9)))
        origin, target = rng.sample(coasts, 2)
        routes = list(minimal_convoy_routes(game_map, fleets, origin, target))
        on_routes = frozenset(f for route in routes for f in route)
        assert _minimal_route_fleets(borders, fleets, origin, target) == on_routes
        exists = convoy_route_exists(game_map, fleets, origin, target)
        assert checker.route_exists(fleets, origin, target) == exists == bool(routes)


# --- fast constructors --------------------------------------------------------------------


def test_new_result_is_a_frozen_order_result() -> None:
    order = Move("FRANCE", UnitType.ARMY, "PAR", "BUR")
    fast = new_result("FRANCE", "A PAR - BUR", Outcome.FAILS, "bounce", order, True)
    plain = OrderResult("FRANCE", "A PAR - BUR", Outcome.FAILS, "bounce", order, True)
    assert type(fast) is OrderResult
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert dataclasses.replace(fast, reason="cut").reason == "cut"
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.reason = "cut"  # type: ignore[misc]


def test_new_unit_is_a_frozen_unit() -> None:
    fast = new_unit("RUSSIA", UnitType.FLEET, "STP/SC")
    assert type(fast) is Unit and fast == Unit("RUSSIA", UnitType.FLEET, "STP/SC")
    assert fast.province == "STP" and str(fast) == "F STP/SC"
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.location = "STP/NC"  # type: ignore[misc]


def test_an_adopted_state_equals_a_constructed_one() -> None:
    unit = Unit("FRANCE", UnitType.ARMY, "PAR")
    units, centers = {"PAR": unit}, {"PAR": "FRANCE"}
    phase = Phase.parse("F1901M")
    adopted = GameState.adopting(phase, dict(units), {}, dict(centers))
    assert adopted == GameState(phase, units, {}, centers)
    assert adopted.with_(centers={}) == GameState(phase, units, {}, {})
    with pytest.raises(TypeError):
        adopted.units["BUR"] = unit  # type: ignore[index]


# --- orders the parser checked ----------------------------------------------------------


def test_parsed_orders_are_not_checked_twice_but_give_the_same_results() -> None:
    game_map = standard_map()
    state = board(FRANCE="A PAR, A MAR, F BRE", GERMANY="A MUN")
    texts = ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO", "A MUN - BUR"]
    parsed = [parse_order(t, game_map, state) for t in texts]
    assert all(state.checked_orders[id(o)] == (o, game_map) for o in parsed)
    built = [dataclasses.replace(o) for o in parsed]  # equal, but never checked
    assert not any(id(o) in state.checked_orders for o in built)
    assert adjudicate_phase(game_map, state, parsed) == adjudicate_phase(game_map, state, built)


def test_a_note_holds_only_for_the_board_it_was_made_on() -> None:
    game_map = standard_map()
    state = board(FRANCE="A PAR")
    order = parse_order("A PAR - BUR", game_map, state)
    elsewhere = board(FRANCE="A MAR")  # the same order is not legal here
    assert check_order(game_map, elsewhere, order) == "no such unit"
    result = adjudicate_phase(game_map, elsewhere, [order])
    assert result.results[0].outcome is Outcome.ILLEGAL
