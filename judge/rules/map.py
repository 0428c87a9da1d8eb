"""The board as validated, declarative data.

A map is loaded from a TOML file in `judge/rules/data/` and checked on load:
adjacency is symmetric, every coast belongs to its province, fleets only touch
water-side locations, and the centre counts add up. The `GameMap` object then
answers the questions the parser and adjudicator ask: who borders whom, for an
army or for a fleet on a given coast, which names mean which province.

A map may have names in other languages, in `<name>.<language>.toml` next to it
(`standard.fr.toml`): they are read in orders like the English ones (added to
the aliases) and kept in `GameMap.translations` for showing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from types import MappingProxyType
from typing import Any

from judge.rules.folding import fold_accents
from judge.rules.provinces import Province, ProvinceKind
from judge.rules.state import (
    POWERS,
    GameState,
    Phase,
    Unit,
    UnitType,
    coast_of,
    province_of,
)
from judge.rules.topology import Topology, build_topology

_NOWHERE: frozenset[str] = frozenset()
_NOT_NAME = re.compile(r"[^a-z0-9]")
LANGUAGES = ("fr",)  # the languages a map may have names in, besides English


class MapError(ValueError):
    """The map data is inconsistent."""


def normalise_name(text: str) -> str:
    """Lower case, no accents, letters and digits only: 'Grèce (GRE)' -> 'grecegre'."""
    return _NOT_NAME.sub("", fold_accents(text).lower())


@dataclass(frozen=True)
class GameMap:
    name: str
    provinces: Mapping[str, Province]
    army_adjacency: Mapping[str, frozenset[str]]  # province -> provinces
    fleet_adjacency: Mapping[str, frozenset[str]]  # location -> locations
    home_centers: Mapping[str, tuple[str, ...]]
    home_territory: Mapping[str, tuple[str, ...]]
    starting_units: Mapping[str, tuple[Unit, ...]]
    adjectives: Mapping[str, str]
    name_index: Mapping[str, str] = field(default_factory=dict)  # normalised -> id
    # language -> province id -> its name in that language (`fr` -> `BUR` -> `Bourgogne`)
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    # --- questions -----------------------------------------------------------------
    #
    # The frequent questions are answered from `topology`, the tables derived once
    # per map; anything the tables do not list (an invalid location, a coast the
    # province lacks) takes the general path, which gives the same answer.

    @cached_property
    def topology(self) -> Topology:
        """Lookup tables derived from this map, built on first use and kept by the map.

        A `functools.cached_property`: the tables live on this (immutable) instance,
        so each map builds them once and they go away with it.
        """
        return build_topology(self)

    @cached_property
    def centers(self) -> frozenset[str]:
        return frozenset(p.id for p in self.provinces.values() if p.is_center)

    @cached_property
    def multi_word_names(self) -> Mapping[tuple[str, ...], str]:
        """Province names and aliases of two or more words, by their words (computed
        once per map: the order parser looks them up for every order it reads)."""
        names: dict[tuple[str, ...], str] = {}
        for prov in self.provinces.values():
            for name in (prov.name, *prov.aliases):
                words = tuple(re.findall(r"[a-z0-9]+", fold_accents(name).lower()))
                if len(words) > 1:
                    names[words] = prov.id
        return MappingProxyType(names)

    @cached_property
    def plain_spellings(self) -> tuple[tuple[str, str], ...]:
        """Every (spelling in plain letters, province id) of the map: ids, names and
        aliases, as `normalise_name` gives them (computed once per map: the order
        hints compare a misspelt word with all of them, and a mail may hold 500)."""
        return tuple(
            (normalise_name(spelling), province.id)
            for province in self.provinces.values()
            for spelling in (province.id, province.name, *province.aliases)
        )

    def province(self, location: str) -> Province:
        return self.provinces[province_of(location)]

    def is_location(self, location: str) -> bool:
        """True for a province id or a province id with one of its coasts."""
        prov = self.provinces.get(province_of(location))
        if prov is None:
            return False
        coast = coast_of(location)
        return coast is None or coast in prov.coasts

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in this province: () inland, coasts if split."""
        prov = self.provinces[province_of(province)]
        if prov.kind is ProvinceKind.LAND:
            return ()
        if prov.coasts:
            return tuple(f"{prov.id}/{c}" for c in prov.coasts)
        return (prov.id,)

    def army_neighbours(self, province: str) -> frozenset[str]:
        found = self.topology.army_borders.get(province)
        if found is not None:
            return found
        return self.army_adjacency.get(province_of(province), _NOWHERE)

    def fleet_neighbours(self, location: str) -> frozenset[str]:
        return self.fleet_adjacency.get(location, _NOWHERE)

    def can_army_move(self, origin: str, target: str) -> bool:
        topo = self.topology
        return (topo.province_at.get(target) or province_of(target)) in self.army_neighbours(origin)

    def can_fleet_move(self, origin: str, target: str) -> bool:
        """A fleet at `origin` (exact location) can move to `target` (exact location)."""
        return target in self.fleet_neighbours(origin)

    def fleet_targets_in(self, origin: str, province: str) -> tuple[str, ...]:
        """The locations of `province` a fleet at `origin` can reach."""
        topo = self.topology
        if province in self.provinces:
            reach = topo.fleet_reach.get(origin)
            return () if reach is None else reach.get(province, ())
        return tuple(
            loc for loc in self.fleet_locations(province) if loc in self.fleet_neighbours(origin)
        )

    def provinces_adjacent(self, a: str, b: str) -> bool:
        """Any kind of border between the two provinces (for convoy/support reach)."""
        topo = self.topology
        pa = topo.province_at.get(a)
        if pa is not None:
            return (topo.province_at.get(b) or province_of(b)) in topo.any_borders[pa]
        pa, pb = province_of(a), province_of(b)
        if pb in self.army_neighbours(pa):
            return True
        return any(
            province_of(n) == pb
            for loc in self.fleet_locations(pa)
            for n in self.fleet_neighbours(loc)
        )

    def lookup(self, text: str) -> str | None:
        """A province id (no coast) for an id, full name or usual alternative."""
        found = self.name_index.get(text)  # a key is already in normalised form
        if found is not None or (text.isascii() and text.isalnum() and text.islower()):
            return found  # `text` is its own normalised form (or has no letters)
        return self.name_index.get(normalise_name(text))

    def is_sea(self, province: str) -> bool:
        return self._kind(province) is ProvinceKind.SEA

    def is_land(self, province: str) -> bool:
        return self._kind(province) is ProvinceKind.LAND

    def is_coastal(self, province: str) -> bool:
        return self._kind(province) is ProvinceKind.COAST

    def _kind(self, location: str) -> ProvinceKind:
        kind = self.topology.kind_at.get(location)
        return kind if kind is not None else self.province(location).kind

    def home_power(self, center: str) -> str | None:
        for power, homes in self.home_centers.items():
            if center in homes:
                return power
        return None

    def initial_state(self, phase: Phase | None = None) -> GameState:
        units = [u for power in POWERS for u in self.starting_units.get(power, ())]
        centers = {c: power for power, homes in self.home_centers.items() for c in homes}
        return GameState.from_units(phase or Phase.parse("S1901M"), units, centers)


# --- loading ----------------------------------------------------------------------------


def load_map(name: str = "standard") -> GameMap:
    """Read and validate `judge/rules/data/<name>.toml`, and its names in other
    languages (`<name>.fr.toml`) where there are some."""
    folder = resources.files("judge.rules.data")
    text = folder.joinpath(f"{name}.toml").read_text("utf-8")
    names: dict[str, Mapping[str, Any]] = {}
    for language in LANGUAGES:
        path = folder.joinpath(f"{name}.{language}.toml")
        if path.is_file():
            names[language] = tomllib.loads(path.read_text("utf-8"))
    return build_map(name, tomllib.loads(text), names)


def _parse_unit(power: str, text: str) -> Unit:
    kind, location = text.split()
    return Unit(power, UnitType(kind.upper()), location.upper())


def build_map(
    name: str, data: Mapping[str, Any], languages: Mapping[str, Mapping[str, Any]] | None = None
) -> GameMap:
    """The map of `data`; `languages` are its names in other languages, by language
    (each like `standard.fr.toml`: `provinces.<id>.name` and `.aliases`)."""
    languages = languages or {}
    translations = _translations(data, languages)
    provinces: dict[str, Province] = {}
    for pid, entry in data["provinces"].items():
        foreign = [
            alias
            for names in languages.values()
            for foreign_entry in [names.get("provinces", {}).get(pid, {})]
            for alias in (foreign_entry.get("name"), *foreign_entry.get("aliases", ()))
            if alias
        ]
        provinces[pid] = Province(
            id=pid,
            name=entry["name"],
            kind=ProvinceKind(entry["type"]),
            is_center=bool(entry.get("center", False)),
            coasts=tuple(entry.get("coasts", ())),
            aliases=tuple(dict.fromkeys((*entry.get("aliases", ()), *foreign))),
        )

    army: dict[str, set[str]] = {pid: set() for pid in provinces}
    for a, b in data["adjacency"]["army"]:
        army[a].add(b)
        army[b].add(a)
    fleet: dict[str, set[str]] = {}
    for a, b in data["adjacency"]["fleet"]:
        fleet.setdefault(a, set()).add(b)
        fleet.setdefault(b, set()).add(a)

    powers = data["powers"]
    game_map = GameMap(
        name=name,
        provinces=MappingProxyType(provinces),
        army_adjacency=MappingProxyType({k: frozenset(v) for k, v in army.items()}),
        fleet_adjacency=MappingProxyType({k: frozenset(v) for k, v in fleet.items()}),
        home_centers=MappingProxyType({p: tuple(powers[p]["home_centers"]) for p in powers}),
        home_territory=MappingProxyType({p: tuple(powers[p]["home_territory"]) for p in powers}),
        starting_units=MappingProxyType(
            {p: tuple(_parse_unit(p, u) for u in powers[p]["starting_units"]) for p in powers}
        ),
        adjectives=MappingProxyType({p: powers[p]["adjective"] for p in powers}),
        name_index=MappingProxyType(_name_index(provinces)),
        translations=MappingProxyType(translations),
    )
    validate_map(game_map, data)
    return game_map


def _translations(
    data: Mapping[str, Any], languages: Mapping[str, Mapping[str, Any]]
) -> dict[str, Mapping[str, str]]:
    """language -> province id -> name; every province must have one."""
    found: dict[str, Mapping[str, str]] = {}
    for language, names in languages.items():
        entries = names.get("provinces", {})
        unknown = sorted(set(entries) - set(data["provinces"]))
        missing = sorted(set(data["provinces"]) - set(entries))
        if unknown or missing:
            raise MapError(f"{language} names: unknown {unknown}, missing {missing}")
        found[language] = MappingProxyType({pid: entries[pid]["name"] for pid in entries})
    return found


def _name_index(provinces: Mapping[str, Province]) -> dict[str, str]:
    index: dict[str, str] = {}
    for prov in provinces.values():
        for name in (prov.id, prov.name, *prov.aliases):
            key = normalise_name(name)
            if key in index and index[key] != prov.id:
                raise MapError(f"name {name!r} means both {index[key]} and {prov.id}")
            index[key] = prov.id
    return index


def validate_map(game_map: GameMap, data: Mapping[str, Any]) -> None:
    """Raise MapError unless the map is self-consistent."""
    provs = game_map.provinces
    for a, b in data["adjacency"]["army"]:
        for pid in (a, b):
            if pid not in provs:
                raise MapError(f"army adjacency names unknown province {pid}")
            if provs[pid].kind is ProvinceKind.SEA:
                raise MapError(f"army adjacency touches sea province {pid}")
    for loc, neighbours in game_map.fleet_adjacency.items():
        if not game_map.is_location(loc):
            raise MapError(f"fleet adjacency names unknown location {loc}")
        prov = provs[province_of(loc)]
        if prov.kind is ProvinceKind.LAND:
            raise MapError(f"fleet adjacency touches inland province {loc}")
        if prov.coasts and coast_of(loc) is None:
            raise MapError(f"fleet adjacency for split-coast {loc} must name a coast")
        for other in neighbours:
            if loc not in game_map.fleet_adjacency.get(other, frozenset()):
                raise MapError(f"fleet adjacency {loc}-{other} is not symmetric")
    for pid, neighbours in game_map.army_adjacency.items():
        for other in neighbours:
            if pid not in game_map.army_adjacency[other]:
                raise MapError(f"army adjacency {pid}-{other} is not symmetric")
    for prov in provs.values():
        if prov.coasts and prov.kind is not ProvinceKind.COAST:
            raise MapError(f"{prov.id} has coasts but is not a coastal province")
        if prov.kind is not ProvinceKind.LAND:
            for loc in game_map.fleet_locations(prov.id):
                if not game_map.fleet_neighbours(loc):
                    raise MapError(f"fleet location {loc} has no neighbours")
    expected = data.get("checks", {})
    centers = game_map.centers
    if "centers" in expected and len(centers) != expected["centers"]:
        raise MapError(f"expected {expected['centers']} centres, found {len(centers)}")
    homes = [c for hs in game_map.home_centers.values() for c in hs]
    if "home_centers" in expected and len(homes) != expected["home_centers"]:
        raise MapError(f"expected {expected['home_centers']} home centres, found {len(homes)}")
    for power, hs in game_map.home_centers.items():
        for c in hs:
            if c not in centers:
                raise MapError(f"home centre {c} of {power} is not a supply centre")
            if c not in game_map.home_territory[power]:
                raise MapError(f"home centre {c} of {power} is outside its home territory")
        for unit in game_map.starting_units[power]:
            if unit.province not in hs:
                raise MapError(f"starting unit {unit} of {power} is not on a home centre")
