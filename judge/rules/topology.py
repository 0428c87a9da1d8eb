"""Tables derived from a map, built once per map for the questions asked per order.

`GameMap` keeps the declarative data (provinces, army and fleet adjacency). The
parser, the legality check and the adjudicator ask the same few questions about
it tens of times per phase: which province a location is in, what kind of
province it is, where an army or a fleet can go, which provinces touch. A
`Topology` answers each with one dictionary or set lookup.

It is built on first use by `GameMap.topology` (a `functools.cached_property`,
so the tables live on the map instance and go away with it; a map is immutable,
so they never go stale).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from judge.rules.provinces import Province, ProvinceKind
from judge.rules.state import province_of

_NOWHERE: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Topology:
    """Province- and location-level views of a `GameMap`.

    * `sea_borders`: sea province -> provinces it touches (a convoy hop).
    * `any_borders`: province -> provinces reachable in one army or fleet move
      (`GameMap.provinces_adjacent`).
    * `location_graph`: location id (province, or `PRV/CO` coast) -> neighbouring
      location ids over army and fleet borders together.
    * `locations_of`: province -> its location ids (itself and its coasts).
    * `centers`: the supply-centre provinces.
    * `province_at`: every valid location id (with or without coast) -> its province.
    * `split_coast`: the provinces with several coasts.
    * `kind_at`: every valid location id -> the kind of its province.
    * `army_borders`: every valid location id -> the provinces an army there
      borders (`GameMap.army_neighbours`).
    * `fleet_reach`: fleet location -> province -> the locations of that province
      a fleet there can move to, in map order (`GameMap.fleet_targets_in`);
      provinces it cannot reach are absent.
    * `army_moves`, `fleet_moves`: location -> the location ids (a province, or
      one of its coasts) that a unit there may be ordered to move to straight,
      as `legality` rules: any id of a bordering province for an army; for a
      fleet, a coast it reaches, or a province id where that names a single
      location it reaches (DATC 4.B.1, 4.B.2).
    * `army_support`, `fleet_support`: location -> the location ids of the
      provinces, other than its own, that a unit there could move into (any
      coast): what it may support a unit in or into.
    * `name_starts`: the first words of province names of several words
      (`GameMap.multi_word_names`), for the order parser.
    * `power_adjectives`: upper-case adjective -> its power (the first power
      with that adjective, in map order).
    """

    sea_borders: Mapping[str, frozenset[str]]
    any_borders: Mapping[str, frozenset[str]]
    location_graph: Mapping[str, frozenset[str]]
    locations_of: Mapping[str, tuple[str, ...]]
    centers: frozenset[str]
    province_at: Mapping[str, str]
    split_coast: frozenset[str]
    kind_at: Mapping[str, ProvinceKind]
    army_borders: Mapping[str, frozenset[str]]
    fleet_reach: Mapping[str, Mapping[str, tuple[str, ...]]]
    army_moves: Mapping[str, frozenset[str]]
    fleet_moves: Mapping[str, frozenset[str]]
    army_support: Mapping[str, frozenset[str]]
    fleet_support: Mapping[str, frozenset[str]]
    name_starts: frozenset[str]
    power_adjectives: Mapping[str, str]


class MapData(Protocol):
    """What the tables are derived from: the declarative data of a `GameMap` (which
    keeps its tables, so this module speaks of the map's data, not of the map)."""

    @property
    def provinces(self) -> Mapping[str, Province]: ...

    @property
    def army_adjacency(self) -> Mapping[str, frozenset[str]]: ...

    @property
    def fleet_adjacency(self) -> Mapping[str, frozenset[str]]: ...

    @property
    def adjectives(self) -> Mapping[str, str]: ...

    @property
    def centers(self) -> frozenset[str]: ...

    @property
    def multi_word_names(self) -> Mapping[tuple[str, ...], str]: ...


def build_topology(game_map: MapData) -> Topology:
    """Derive every table from the map's data (called once per map)."""
    provinces = game_map.provinces
    locations = {pid: (pid, *(f"{pid}/{c}" for c in p.coasts)) for pid, p in provinces.items()}
    province_at = {loc: pid for pid, locs in locations.items() for loc in locs}
    fleet_reach = _fleet_reach(game_map)
    sea: dict[str, frozenset[str]] = {}
    any_: dict[str, frozenset[str]] = {}
    for pid, prov in provinces.items():
        fleet_sides = {
            province_of(n)
            for loc in _fleet_locations(prov)
            for n in game_map.fleet_adjacency.get(loc, _NOWHERE)
        }
        if prov.kind is ProvinceKind.SEA:
            sea[pid] = frozenset(fleet_sides)
        any_[pid] = frozenset(fleet_sides | game_map.army_adjacency.get(pid, _NOWHERE))
    orders = _OrderTargets(game_map, province_at, locations, fleet_reach)
    return Topology(
        sea_borders=MappingProxyType(sea),
        any_borders=MappingProxyType(any_),
        location_graph=MappingProxyType(_location_graph(game_map)),
        locations_of=MappingProxyType(locations),
        centers=game_map.centers,
        province_at=MappingProxyType(province_at),
        split_coast=frozenset(pid for pid, prov in provinces.items() if prov.coasts),
        kind_at=MappingProxyType({loc: provinces[pid].kind for loc, pid in province_at.items()}),
        army_borders=MappingProxyType(
            {loc: game_map.army_adjacency.get(pid, _NOWHERE) for loc, pid in province_at.items()}
        ),
        fleet_reach=MappingProxyType(fleet_reach),
        army_moves=MappingProxyType(orders.per_location(orders.army_moves)),
        fleet_moves=MappingProxyType(orders.per_location(orders.fleet_moves)),
        army_support=MappingProxyType(orders.per_location(orders.army_support)),
        fleet_support=MappingProxyType(orders.per_location(orders.fleet_support)),
        name_starts=frozenset(words[0] for words in game_map.multi_word_names),
        power_adjectives=MappingProxyType(_power_adjectives(game_map)),
    )


def _power_adjectives(game_map: MapData) -> dict[str, str]:
    found: dict[str, str] = {}
    for power, adjective in game_map.adjectives.items():
        found.setdefault(adjective.upper(), power)
    return found


def _fleet_locations(prov: Province) -> tuple[str, ...]:
    """`GameMap.fleet_locations` for a known province."""
    if prov.kind is ProvinceKind.LAND:
        return ()
    if prov.coasts:
        return tuple(f"{prov.id}/{c}" for c in prov.coasts)
    return (prov.id,)


def _fleet_reach(game_map: MapData) -> dict[str, Mapping[str, tuple[str, ...]]]:
    reach: dict[str, Mapping[str, tuple[str, ...]]] = {}
    for origin, neighbours in game_map.fleet_adjacency.items():
        by_province: dict[str, tuple[str, ...]] = {}
        for pid in sorted({province_of(n) for n in neighbours}):
            prov = game_map.provinces.get(pid)
            if prov is not None:
                found = tuple(loc for loc in _fleet_locations(prov) if loc in neighbours)
                if found:
                    by_province[pid] = found
        reach[origin] = MappingProxyType(by_province)
    return reach


class _OrderTargets:
    """The location ids a unit may be ordered to move to or support into, per location."""

    def __init__(
        self,
        game_map: MapData,
        province_at: Mapping[str, str],
        locations: Mapping[str, tuple[str, ...]],
        fleet_reach: Mapping[str, Mapping[str, tuple[str, ...]]],
    ) -> None:
        self.map = game_map
        self.province_at = province_at
        self.locations = locations
        self.fleet_reach = fleet_reach

    def per_location(self, targets: Callable[[str, str], set[str]]) -> dict[str, frozenset[str]]:
        """`targets(location, its province)` for every location on the map."""
        return {loc: frozenset(targets(loc, pid)) for loc, pid in self.province_at.items()}

    def _ids(self, provinces: Iterable[str], own: str) -> set[str]:
        return {loc for p in provinces if p != own for loc in self.locations.get(p, ())}

    def army_moves(self, location: str, own: str) -> set[str]:
        provinces = self.map.provinces
        borders = self.map.army_adjacency.get(own, _NOWHERE)
        return self._ids((p for p in borders if provinces[p].kind is not ProvinceKind.SEA), own)

    def army_support(self, location: str, own: str) -> set[str]:
        return self._ids(self.map.army_adjacency.get(own, _NOWHERE), own)

    def fleet_moves(self, location: str, own: str) -> set[str]:
        found: set[str] = set()
        for pid, reach in self.fleet_reach.get(location, {}).items():
            if pid != own:
                found.update(reach)
                if len(reach) == 1 or not self.map.provinces[pid].coasts:
                    found.add(pid)
        return found

    def fleet_support(self, location: str, own: str) -> set[str]:
        return self._ids(self.fleet_reach.get(location, {}), own)


def _location_graph(game_map: MapData) -> dict[str, frozenset[str]]:
    graph: dict[str, set[str]] = {}
    for pid, neighbours in game_map.army_adjacency.items():
        graph.setdefault(pid, set()).update(neighbours)
    for loc, neighbours in game_map.fleet_adjacency.items():
        graph.setdefault(loc, set()).update(neighbours)
    return {loc: frozenset(ns) for loc, ns in graph.items()}
