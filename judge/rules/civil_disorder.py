"""Which units a power loses when it does not order enough removals.

Four rules are offered (`RuleOptions.civil_disorder`):

* "2023" (2023 rulebook, DATC 3.1 4.D.8): "(a) No unit on a supply center is to
  be removed unless there are no viable options and (b) ... furthest from an
  owned supply center, by counting absolute adjacent provinces regardless of the
  ability of the unit to move into it": units off supply centres go first; among
  them the unit farthest from the nearest centre the power *owns*, counting moves
  where armies and fleets alike may cross land and sea. Ties: fleets before
  armies, then the English province name in alphabetical order.
* "1971" (the 1971 and 1982 rulebooks as DATC 3.1 4.D.8 quotes them): "the unit
  farthest from home (most distant from the nearest home supply center as
  computed by the shortest available route, including convoys) is removed first,
  the fleet before the army", ties "by the names of the space in which they are
  located, the earliest in alphabetical order coming off first". The distance
  is read as the consensus DATC 3.1 describes ("fleets move regularly, while
  armies could also walk over water"): a fleet counts its own moves (coasts
  apart) to the nearest home centre it can reach, an army counts every border,
  a sea crossed by convoy one step per sea. Ties: the full English name.
* "2000" (the 2000 rulebook as DATC 3.1 4.D.8 quotes it): "the units farthest
  from the country are removed first. If units are equally distant, then remove
  Fleets before Armies and then in alphabetical order by the provinces in which
  they are located." DATC 3.1: "The use of 'country' instead of 'home supply
  centers' ... was completely ignored by the community", and the distance keeps
  the same consensus, so the ranking is the 1971 one: home centres, fleets by
  their own moves, ties by the full English name.
* "godip" (as Droidippy/godip played its "2000" rule, for replaying its games):
  remove the unit farthest from the power's *home* centres. godip takes the
  shorter of a unit-type path and an unrestricted path, so in effect the
  unrestricted walk over its location graph (army borders and fleet borders
  together, coasts as separate locations). Ties: fleets before armies, then
  godip's lower-case province id (so F LYO, id `gol`, goes before F GRE).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.rules.map import GameMap
from judge.rules.results import CivilDisorderRule
from judge.rules.state import GameState, Unit, UnitType

_UNREACHABLE = 1 << 20

# godip spells four standard-map provinces differently; its tie-break sorts its ids.
_GODIP_IDS = {"LYO": "gol", "MAO": "mid", "NWG": "nrg", "NAO": "nat"}


def civil_disorder_removals(
    game_map: GameMap, state: GameState, power: str, count: int, spared: Iterable[Unit],
    rule: CivilDisorderRule,
) -> list[Unit]:
    """The `count` units of `power` to remove, excluding the units in `spared`."""
    skip = set(spared)
    units = [u for u in state.units_of(power) if u not in skip]
    if rule == "godip":
        ranked = _rank_godip(game_map, units, power)
    elif rule in ("1971", "2000"):
        ranked = _rank_1971(game_map, units, power)
    else:
        ranked = _rank_2023(game_map, state, units, power)
    return ranked[:count]


def _rank_2023(game_map: GameMap, state: GameState, units: list[Unit], power: str) -> list[Unit]:
    graph = game_map.topology.any_borders
    distance = _distances(graph, state.centers_of(power))

    centres = game_map.topology.centers

    def key(unit: Unit) -> tuple[bool, int, bool, str]:
        far = distance.get(unit.province, _UNREACHABLE)
        on_centre = unit.province in centres  # rule (a): kept while another can go
        return (on_centre, -far, unit.kind is UnitType.ARMY, _name(game_map, unit))

    return sorted(units, key=key)


def _rank_1971(game_map: GameMap, units: list[Unit], power: str) -> list[Unit]:
    topo = game_map.topology
    homes = game_map.home_centers.get(power, ())
    by_army = _distances(topo.any_borders, homes)
    fleet_goals = [loc for home in homes for loc in topo.locations_of[home]]
    by_fleet = _distances(game_map.fleet_adjacency, fleet_goals)

    def key(unit: Unit) -> tuple[int, bool, str]:
        far = by_army.get(unit.province, _UNREACHABLE)
        if unit.kind is UnitType.FLEET:
            # a fleet that can reach no home centre at all counts like an army
            far = by_fleet.get(unit.location, far)
        return (-far, unit.kind is UnitType.ARMY, _name(game_map, unit))

    return sorted(units, key=key)


def _name(game_map: GameMap, unit: Unit) -> str:
    """The space's full English name, for "alphabetical order" (Greece < Gulf of Lyon)."""
    return game_map.provinces[unit.province].name.lower()


def _rank_godip(game_map: GameMap, units: list[Unit], power: str) -> list[Unit]:
    topo = game_map.topology
    goals = [
        loc for home in game_map.home_centers.get(power, ()) for loc in topo.locations_of[home]
    ]
    distance = _distances(topo.location_graph, goals)

    def key(unit: Unit) -> tuple[int, int, str]:
        far = min(distance.get(loc, _UNREACHABLE) for loc in topo.locations_of[unit.province])
        if far == _UNREACHABLE:
            far = 0  # godip counts a unit with no path as distance 0
        godip_id = _GODIP_IDS.get(unit.province, unit.province.lower())
        return (-far, unit.kind is UnitType.ARMY, godip_id)

    return sorted(units, key=key)


def _distances(graph: Mapping[str, frozenset[str]], goals: Iterable[str]) -> dict[str, int]:
    """Breadth-first distance from every node to the nearest goal node."""
    distance = {g: 0 for g in goals}
    frontier = list(distance)
    step = 0
    while frontier:
        step += 1
        following = []
        for node in frontier:
            for other in graph.get(node, ()):
                if other not in distance:
                    distance[other] = step
                    following.append(other)
        frontier = following
    return distance
