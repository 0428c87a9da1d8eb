"""What a simulated player means to order in a retreat or adjustment phase, drawn
from the board the judge holds, for the dialogue property test.

A player's intent is random but always legal and complete: every dislodged unit of
the powers they order retreats to a place no other retreat goes to, or disbands;
every power with builds due builds on distinct free home centres (a unit type that
can stand there), or, where a waive is allowed, may waive one; every power with
removals due removes that many of its units. Each item carries a decoy the player
corrects: a retreat first sent as a disband, a build first with the other unit type
or on another free site (then `CANCEL`ed), a removal of another unit (then
`CANCEL`ed).
"""

from __future__ import annotations

import random
from collections.abc import Collection

from sqlalchemy.orm import Session, sessionmaker

from judge.rules.map import GameMap
from judge.rules.state import GameState
from judge.store import games as store
from judge.variants.common import adjustment_delta, free_home_centers
from support.service.dialogue import Item
from support.variant_registry import WORKER_REGISTRY


def current_board(sessions: sessionmaker[Session], game: str = "g1") -> tuple[GameMap, GameState]:
    """The map and the state of the game's current phase."""
    with sessions() as session:
        row = store.get_game(session, game)
        assert row is not None
        record = store.current_phase(session, row)
        assert record is not None
        return WORKER_REGISTRY.get(row.variant).map, store.phase_state(record)


def retreat_items(
    state: GameState, powers: Collection[str], rng: random.Random, taken: set[str]
) -> list[Item]:
    """A retreat (to a place in no other retreat of `taken`) or a disband for every
    dislodged unit of `powers`; a retreat is first sent as a disband."""
    items = []
    for _, dislodged in sorted(state.dislodged.items()):
        unit = dislodged.unit
        if unit.power not in powers:
            continue
        name = f"{unit.kind.value} {unit.location}"
        free = [loc for loc in dislodged.retreats if loc.split("/")[0] not in taken]
        if free and rng.random() < 0.8:
            target = rng.choice(free)
            taken.add(target.split("/")[0])
            items.append(Item(f"{name} R {target}", f"{name} D", name))
        else:
            items.append(Item(f"{name} D", None, name))
    return items


def adjustment_items(
    game_map: GameMap, state: GameState, power: str, rng: random.Random, may_waive: bool
) -> list[Item]:
    """Every build or removal `power` owes, as it means them (see the module text)."""
    due = adjustment_delta(game_map, state, power)
    if due < 0:
        return _removals(state, power, -due, rng)
    free = free_home_centers(game_map, state, power)
    sites = rng.sample(free, due)
    spare = [c for c in free if c not in sites]
    items = []
    for index, site in enumerate(sites):
        if may_waive and index == due - 1 and rng.random() < 0.3:
            items.append(Item(f"WAIVE {power.title()}", once=True))
            continue
        builds = _builds_at(game_map, site)
        line = rng.choice(builds)
        others = [b for b in builds if b != line]
        if others:
            items.append(Item(line, rng.choice(others), line[len("BUILD ") :]))
        elif spare:
            decoy = _builds_at(game_map, spare.pop())[0]
            items.append(Item(line, decoy, line[len("BUILD ") :], decoy[len("BUILD ") :]))
        else:
            items.append(Item(line, None, line[len("BUILD ") :]))
    return items


def _builds_at(game_map: GameMap, site: str) -> list[str]:
    """Every build a player may write for `site`: an army on land, a fleet on a coast."""
    builds = [f"BUILD F {loc}" for loc in game_map.fleet_locations(site)]
    if game_map.is_land(site) or game_map.is_coastal(site):
        builds.append(f"BUILD A {site}")
    return builds


def _removals(state: GameState, power: str, count: int, rng: random.Random) -> list[Item]:
    units = [f"{u.kind.value} {u.location}" for u in state.units.values() if u.power == power]
    chosen = rng.sample(units, count)
    spare = [u for u in units if u not in chosen]
    items = []
    for unit in chosen:
        if spare and rng.random() < 0.5:
            decoy = spare.pop(rng.randrange(len(spare)))
            items.append(Item(f"REMOVE {unit}", f"REMOVE {decoy}", unit, decoy))
        else:
            items.append(Item(f"REMOVE {unit}", None, unit))
    return items
