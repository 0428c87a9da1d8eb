"""Graph views of a map that the adjudicator asks for many times per phase.

`GameMap` answers questions about exact locations (coasts included). The
adjudicator mostly needs coarser, province-level views: which provinces a sea
province touches (for convoy routes), which provinces border each other by any
route (for civil-disorder distances), and the location graph the 2000-rule
civil-disorder distance walks. Building them once per map, not once per phase,
keeps adjudication fast.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from judge.rules.map import GameMap, ProvinceKind
from judge.rules.state import province_of


@dataclass(frozen=True)
class Topology:
    """Province-level graphs derived from a `GameMap`.

    * `sea_borders`: sea province -> provinces it touches (a convoy hop).
    * `any_borders`: province -> provinces reachable in one army or fleet move.
    * `location_graph`: location id (province, or `PRV/CO` coast) -> neighbouring
      location ids over army and fleet borders together.
    * `locations_of`: province -> its location ids (itself and its coasts).
    * `centers`: the supply-centre provinces.
    * `province_at`: every valid location id (with or without coast) -> its province.
    * `split_coast`: the provinces with several coasts.
    """

    sea_borders: Mapping[str, frozenset[str]]
    any_borders: Mapping[str, frozenset[str]]
    location_graph: Mapping[str, frozenset[str]]
    locations_of: Mapping[str, tuple[str, ...]]
    centers: frozenset[str]
    province_at: Mapping[str, str]
    split_coast: frozenset[str]


_CACHE: dict[int, tuple[GameMap, Topology]] = {}


def topology(game_map: GameMap) -> Topology:
    """The (cached) topology of `game_map`."""
    cached = _CACHE.get(id(game_map))
    if cached is not None and cached[0] is game_map:
        return cached[1]
    built = _build(game_map)
    _CACHE[id(game_map)] = (game_map, built)
    return built


def _build(game_map: GameMap) -> Topology:
    sea: dict[str, frozenset[str]] = {}
    any_: dict[str, frozenset[str]] = {}
    locations: dict[str, tuple[str, ...]] = {}
    for pid, prov in game_map.provinces.items():
        fleet_sides = {
            province_of(n)
            for loc in game_map.fleet_locations(pid)
            for n in game_map.fleet_neighbours(loc)
        }
        if prov.kind is ProvinceKind.SEA:
            sea[pid] = frozenset(fleet_sides)
        any_[pid] = frozenset(fleet_sides | set(game_map.army_neighbours(pid)))
        coasts = tuple(f"{pid}/{c}" for c in prov.coasts)
        locations[pid] = (pid, *coasts)
    return Topology(
        sea_borders=MappingProxyType(sea),
        any_borders=MappingProxyType(any_),
        location_graph=MappingProxyType(_location_graph(game_map)),
        locations_of=MappingProxyType(locations),
        centers=game_map.centers,
        province_at=MappingProxyType({loc: pid for pid, locs in locations.items() for loc in locs}),
        split_coast=frozenset(pid for pid, prov in game_map.provinces.items() if prov.coasts),
    )


def _location_graph(game_map: GameMap) -> dict[str, frozenset[str]]:
    graph: dict[str, set[str]] = {}
    for pid, neighbours in game_map.army_adjacency.items():
        graph.setdefault(pid, set()).update(neighbours)
    for loc, neighbours in game_map.fleet_adjacency.items():
        graph.setdefault(loc, set()).update(neighbours)
    return {loc: frozenset(ns) for loc, ns in graph.items()}
