"""Random boards and random orders on the standard map, seeded: the inputs of the
rules core's property tests (`tests/rules/test_movement_properties.py`) and of the
JSON adjudication's round trip (`tests/cli/test_adjudicate_round_trip.py`)."""

from __future__ import annotations

import random

from judge.rules.map import ProvinceKind
from judge.rules.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from judge.rules.state import POWERS, GameState, Phase, Unit, UnitType
from support.rules.helpers import standard_map


def _random_board(rng: random.Random) -> GameState:
    game_map = standard_map()
    provinces = sorted(game_map.provinces)
    units = []
    for province in rng.sample(provinces, rng.randint(6, 30)):
        kind = game_map.provinces[province].kind
        fleet = kind is ProvinceKind.SEA or (kind is ProvinceKind.COAST and rng.random() < 0.4)
        location = rng.choice(game_map.fleet_locations(province)) if fleet else province
        unit_type = UnitType.FLEET if fleet else UnitType.ARMY
        units.append(Unit(rng.choice(POWERS[:4]), unit_type, location))
    return GameState.from_units(Phase.parse("S1901M"), units)


def _reach(unit: Unit) -> list[str]:
    game_map = standard_map()
    if unit.kind is UnitType.ARMY:
        return sorted(game_map.army_neighbours(unit.province))
    return sorted(game_map.fleet_neighbours(unit.location))


def _random_orders(rng: random.Random, state: GameState) -> list[Order]:
    """Moves, holds and convoys first, then supports that mostly match them."""
    orders: dict[str, Order] = {}
    for unit in state.units.values():
        orders[unit.province] = _first_pass(rng, state, unit)
    moves = [o for o in orders.values() if isinstance(o, Move)]
    for unit in state.units.values():
        if rng.random() < 0.35:
            orders[unit.province] = _support(rng, state, unit, moves)
    return list(orders.values())


def _first_pass(rng: random.Random, state: GameState, unit: Unit) -> Order:
    game_map = standard_map()
    if unit.kind is UnitType.FLEET and game_map.is_sea(unit.province) and rng.random() < 0.4:
        shores = sorted(_shores(unit.province))
        armies = [u for p in shores if (u := state.units.get(p)) and u.kind is UnitType.ARMY]
        if armies and len(shores) > 1:
            army = rng.choice(armies)
            target = rng.choice([p for p in shores if p != army.province])
            return Convoy(unit.power, unit.kind, unit.location, army.province, target)
    if unit.kind is UnitType.ARMY and rng.random() < 0.15:
        seas = [s for s in state.units if game_map.is_sea(s) and unit.province in _shores(s)]
        if seas:
            target = rng.choice(sorted(_shores(rng.choice(seas)) - {unit.province}))
            return Move(unit.power, unit.kind, unit.location, target, rng.random() < 0.5)
    targets = _reach(unit)
    if targets and rng.random() < 0.7:
        return Move(unit.power, unit.kind, unit.location, rng.choice(targets))
    return Hold(unit.power, unit.kind, unit.location)


def _shores(sea: str) -> set[str]:
    game_map = standard_map()
    return {n.split("/")[0] for n in game_map.fleet_neighbours(sea) if not game_map.is_sea(n)}


def _support(rng: random.Random, state: GameState, unit: Unit, moves: list[Move]) -> Order:
    reach = {t.split("/")[0] for t in _reach(unit)}
    useful = [m for m in moves if m.target.split("/")[0] in reach and m.location != unit.location]
    if useful and rng.random() < 0.8:
        move = rng.choice(useful)
        return SupportMove(unit.power, unit.kind, unit.location, move.location, move.target)
    held = [u for u in state.units.values() if u.province in reach]
    if held:
        return SupportHold(unit.power, unit.kind, unit.location, rng.choice(held).location)
    return Hold(unit.power, unit.kind, unit.location)
