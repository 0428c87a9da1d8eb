"""Which units a power loses when it does not order enough removals.

Two rules are offered (`RuleOptions.civil_disorder`):

* "2023" (2023 rulebook, DATC 3.0 4.D.8): remove the unit farthest from the
  nearest supply centre the power *owns*, counting moves where armies and fleets
  alike may cross land and sea. Ties: fleets before armies, then the English
  province name in alphabetical order.
* "2000" (as Droidippy/godip played it): remove the unit farthest from the
  power's *home* centres. godip takes the shorter of a unit-type path and an
  unrestricted path, so in effect the unrestricted walk over its location graph
  (army borders and fleet borders together, coasts as separate locations).
  Ties: fleets before armies, then godip's lower-case province id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.rules.map import GameMap
from judge.rules.state import GameState, Unit, UnitType
from judge.rules.topology import topology

_UNREACHABLE = 1 << 20

# godip spells four standard-map provinces differently; its tie-break sorts its ids.
_GODIP_IDS = {"LYO": "gol", "MAO": "mid", "NWG": "nrg", "NAO": "nat"}


def civil_disorder_removals(
    game_map: GameMap, state: GameState, power: str, count: int, spared: Iterable[Unit], rule: str
) -> list[Unit]:
    """The `count` units of `power` to remove, excluding the units in `spared`."""
    skip = set(spared)
    units = [u for u in state.units_of(power) if u not in skip]
    if rule == "2000":
        ranked = _rank_2000(game_map, units, power)
    else:
        ranked = _rank_2023(game_map, state, units, power)
    return ranked[:count]


def _rank_2023(game_map: GameMap, state: GameState, units: list[Unit], power: str) -> list[Unit]:
    graph = topology(game_map).any_borders
    distance = _distances(graph, state.centers_of(power))

    def key(unit: Unit) -> tuple[int, int, str]:
        far = distance.get(unit.province, _UNREACHABLE)
        name = game_map.provinces[unit.province].name.lower()
        return (-far, unit.kind is UnitType.ARMY, name)

    return sorted(units, key=key)


def _rank_2000(game_map: GameMap, units: list[Unit], power: str) -> list[Unit]:
    topo = topology(game_map)
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
