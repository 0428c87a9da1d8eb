"""Orders the judge adds for Intimate powers nobody (or nobody on time) ordered.

* Mercenary builds (`mercenary_default_builds = alphabetical`): a controlled
  mercenary that orders fewer builds than are due gets the rest, as armies in its
  free home centres in alphabetical order of province name; England builds
  fleets (where a fleet cannot stand, an army; on a split-coast centre, the first
  coast in alphabetical order).
* Propaganda retreats: a controlled mercenary unit with no retreat order goes to
  its first legal retreat in alphabetical order of province id (none: it
  disbands). Home units and anarchy units without orders disband, which is what
  the adjudicator does with a missing retreat anyway.
* Anarchy: no orders at all, so its units hold, its dislodged units disband, its
  builds are waived and its removals follow civil disorder.

An illegal order never suppresses a default: only the builds the adjudicator
will carry out (legal, one per site, up to the number due) count against the
builds due, and only a legal retreat or disband order stands for a unit. An
`IllegalOrder` counts for nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from judge.rules.legality import check_order
from judge.rules.map import GameMap
from judge.rules.orders import Build, Disband, IllegalOrder, Order, Retreat, Waive
from judge.rules.state import GameState, UnitType, province_of
from judge.variants.common import adjustment_delta, free_home_centers

FLEET_BUILDERS = frozenset({"ENGLAND"})

AnyOrder = Order | IllegalOrder


def default_unit(game_map: GameMap, power: str, centre: str) -> tuple[UnitType, str]:
    """The kind and location of a default build in `centre`."""
    if power in FLEET_BUILDERS:
        coasts = sorted(game_map.fleet_locations(centre))
        if coasts:
            return UnitType.FLEET, coasts[0]
    return UnitType.ARMY, centre


def default_builds(
    game_map: GameMap, state: GameState, power: str, orders: Sequence[AnyOrder]
) -> list[Build]:
    """The builds to add so `power` takes every build due where possible."""
    due = adjustment_delta(game_map, state, power)
    mine = effective_builds(game_map, state, power, orders, due)
    used = {province_of(o.location) for o in mine}
    missing = due - len(mine)
    if missing <= 0:
        return []
    free = [c for c in free_home_centers(game_map, state, power) if c not in used]
    free.sort(key=lambda c: game_map.provinces[c].name)
    builds = []
    for centre in free[:missing]:
        kind, location = default_unit(game_map, power, centre)
        builds.append(Build(power, kind, location))
    return builds


def effective_builds(
    game_map: GameMap, state: GameState, power: str, orders: Sequence[AnyOrder], due: int
) -> list[Build]:
    """The builds of `power` the adjudicator will carry out: legal ones, the first
    for each site, up to `due` (an illegal or duplicate build builds nothing)."""
    taken: list[Build] = []
    sites: set[str] = set()
    for order in orders:
        if len(taken) >= due:
            break
        if not isinstance(order, Build) or order.power != power:
            continue
        site = province_of(order.location)
        if site in sites or check_order(game_map, state, order) is not None:
            continue
        taken.append(order)
        sites.add(site)
    return taken


def drop_waives(orders: Iterable[AnyOrder], powers: frozenset[str]) -> list[AnyOrder]:
    """Orders without the WAIVEs of `powers` (mercenaries that must build)."""
    return [o for o in orders if not (isinstance(o, Waive) and o.power in powers)]


def default_retreats(
    game_map: GameMap, state: GameState, powers: frozenset[str], orders: Sequence[AnyOrder]
) -> list[Retreat]:
    """Retreats for dislodged units of `powers` with no legal retreat or disband order."""
    ordered = {
        province_of(o.location)
        for o in orders
        if isinstance(o, (Retreat, Disband)) and check_order(game_map, state, o) is None
    }
    retreats = []
    for province, dislodged in sorted(state.dislodged.items()):
        unit = dislodged.unit
        if unit.power not in powers or province in ordered or not dislodged.retreats:
            continue
        target = min(dislodged.retreats, key=lambda loc: (province_of(loc), loc))
        retreats.append(Retreat(unit.power, unit.kind, unit.location, target))
    return retreats
