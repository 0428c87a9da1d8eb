"""The standard map data loads, has the right shape, and its tricky borders are right.

Also checks that the loader refuses broken map data, so a typo in a TOML file
cannot silently produce a one-way border.
"""

from __future__ import annotations

import dataclasses
import tomllib
from importlib import resources
from typing import Any

import pytest

from judge.rules.map import GameMap, MapError, ProvinceKind, build_map, load_map, validate_map


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_map("standard")


def _raw_standard() -> dict[str, Any]:
    text = resources.files("judge.rules.data").joinpath("standard.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_standard_map_has_75_provinces(game_map: GameMap) -> None:
    assert len(game_map.provinces) == 75


def test_standard_map_has_34_centres_and_22_home_centres(game_map: GameMap) -> None:
    assert len(game_map.centers) == 34
    assert sum(len(h) for h in game_map.home_centers.values()) == 22


def test_province_kinds_add_up(game_map: GameMap) -> None:
    kinds = [p.kind for p in game_map.provinces.values()]
    assert kinds.count(ProvinceKind.LAND) == 14
    assert kinds.count(ProvinceKind.SEA) == 19
    assert kinds.count(ProvinceKind.COAST) == 42


def test_only_stp_spa_bul_have_coasts(game_map: GameMap) -> None:
    split = {p.id: p.coasts for p in game_map.provinces.values() if p.coasts}
    assert split == {"STP": ("NC", "SC"), "SPA": ("NC", "SC"), "BUL": ("EC", "SC")}


def test_adjacency_is_symmetric(game_map: GameMap) -> None:
    for a, neighbours in game_map.army_adjacency.items():
        for b in neighbours:
            assert a in game_map.army_adjacency[b]
    for a, neighbours in game_map.fleet_adjacency.items():
        for b in neighbours:
            assert a in game_map.fleet_adjacency[b]


def test_initial_state_has_22_units(game_map: GameMap) -> None:
    state = game_map.initial_state()
    assert len(state.units) == 22
    assert str(state.units["STP"]) == "F STP/SC"
    assert state.center_counts()["RUSSIA"] == 4


@pytest.mark.parametrize(
    ("power", "territory"),
    [
        ("AUSTRIA", "BOH BUD GAL TRI TYR VIE"),
        ("ENGLAND", "CLY EDI LON LVP WAL YOR"),
        ("FRANCE", "BRE BUR GAS MAR PAR PIC"),
        ("GERMANY", "BER KIE MUN PRU RUH SIL"),
        ("ITALY", "APU NAP PIE ROM TUS VEN"),
        ("RUSSIA", "FIN LVN MOS SEV STP UKR WAR"),
        ("TURKEY", "ANK ARM CON SMY SYR"),
    ],
)
def test_home_territory(game_map: GameMap, power: str, territory: str) -> None:
    assert sorted(game_map.home_territory[power]) == territory.split()


@pytest.mark.parametrize(
    ("origin", "target"),
    [
        ("STP/NC", "BAR"),
        ("STP/NC", "NWY"),
        ("STP/SC", "BOT"),
        ("STP/SC", "FIN"),
        ("STP/SC", "LVN"),
        ("SPA/NC", "MAO"),
        ("SPA/NC", "GAS"),
        ("SPA/NC", "POR"),
        ("SPA/SC", "WES"),
        ("SPA/SC", "LYO"),
        ("SPA/SC", "MAR"),
        ("BUL/EC", "BLA"),
        ("BUL/EC", "RUM"),
        ("BUL/SC", "AEG"),
        ("BUL/SC", "GRE"),
        ("CON", "BUL/EC"),
        ("CON", "BUL/SC"),
        ("KIE", "BER"),
        ("KIE", "HOL"),
        ("KIE", "DEN"),
        ("ARM", "SEV"),
        ("ROM", "TUS"),
        ("PIE", "TUS"),
        ("NAF", "MAO"),
        ("NAF", "WES"),
        ("NAF", "TUN"),
        ("TUN", "WES"),
        ("CLY", "EDI"),
        ("DEN", "SWE"),
        ("MAO", "NAO"),
        ("HEL", "NTH"),
    ],
)
def test_fleet_border(game_map: GameMap, origin: str, target: str) -> None:
    assert game_map.can_fleet_move(origin, target)


@pytest.mark.parametrize(
    ("origin", "target"),
    [
        ("STP/NC", "BOT"),
        ("STP/SC", "BAR"),
        ("SPA/NC", "WES"),
        ("SPA/NC", "MAR"),
        ("SPA/SC", "GAS"),
        ("BUL/EC", "AEG"),
        ("BUL/SC", "BLA"),
        ("ROM", "VEN"),
        ("ANK", "SMY"),
        ("EDI", "LVP"),
        ("APU", "ROM"),
        ("BER", "MUN"),
        ("SYR", "ARM"),
        ("NAF", "ION"),
    ],
)
def test_no_fleet_border(game_map: GameMap, origin: str, target: str) -> None:
    assert not game_map.can_fleet_move(origin, target)


@pytest.mark.parametrize(
    ("origin", "target"),
    [
        ("DEN", "KIE"),
        ("SWE", "DEN"),
        ("CON", "ANK"),
        ("CON", "SMY"),
        ("CON", "BUL"),
        ("ARM", "SEV"),
        ("SYR", "ARM"),
        ("PAR", "BUR"),
        ("EDI", "LVP"),
        ("FIN", "NWY"),
        ("NAF", "TUN"),
        ("ANK", "SMY"),
    ],
)
def test_army_border(game_map: GameMap, origin: str, target: str) -> None:
    assert game_map.can_army_move(origin, target)


@pytest.mark.parametrize(
    ("origin", "target"),
    [
        ("BRE", "LON"),
        ("NAF", "SPA"),
        ("TUN", "NAP"),
        ("KIE", "SWE"),
        ("PAR", "MAR"),
        ("APU", "TUS"),
    ],
)
def test_no_army_border(game_map: GameMap, origin: str, target: str) -> None:
    assert not game_map.can_army_move(origin, target)


def test_switzerland_is_not_a_province(game_map: GameMap) -> None:
    assert game_map.lookup("Switzerland") is None
    assert "SWI" not in game_map.provinces


@pytest.mark.parametrize(
    ("name", "province"),
    [
        ("Gulf of Lyon", "LYO"),
        ("gulf of lyons", "LYO"),
        ("GOL", "LYO"),
        ("mid-atlantic", "MAO"),
        ("Mid-Atlantic Ocean", "MAO"),
        ("mid", "MAO"),
        ("NAT", "NAO"),
        ("north atlantic ocean", "NAO"),
        ("NRG", "NWG"),
        ("norwegian sea", "NWG"),
        ("St. Petersburg", "STP"),
        ("saint petersburg", "STP"),
        ("english channel", "ENG"),
        ("ech", "ENG"),
        ("helgoland bight", "HEL"),
        ("Heligoland Bight", "HEL"),
        ("tyrol", "TYR"),
        ("Tyrolia", "TYR"),
        ("lvn", "LVN"),
        ("lvp", "LVP"),
        ("north sea", "NTH"),
        ("skagerrak", "SKA"),
        ("nwy", "NWY"),
        ("Constantinople", "CON"),
        ("Gulf of Bothnia", "BOT"),
        ("gob", "BOT"),
        ("tyn", "TYS"),
        ("eme", "EAS"),
        ("Kiel", "KIE"),
    ],
)
def test_lookup_by_name(game_map: GameMap, name: str, province: str) -> None:
    assert game_map.lookup(name) == province


@pytest.mark.parametrize("name", ["liv", "swi", "xyz", "sea", "north", "a", "f"])
def test_ambiguous_or_unknown_names_are_not_provinces(game_map: GameMap, name: str) -> None:
    assert game_map.lookup(name) is None


def test_every_province_can_be_found_by_id_and_name(game_map: GameMap) -> None:
    for prov in game_map.provinces.values():
        assert game_map.lookup(prov.id.lower()) == prov.id
        assert game_map.lookup(prov.name) == prov.id


def test_validation_rejects_one_way_fleet_border(game_map: GameMap) -> None:
    # TOML pairs are made symmetric on load, so a one-way border can only come
    # from a hand-built map; the validator must still refuse it.
    fleet = dict(game_map.fleet_adjacency)
    fleet["STP/NC"] = fleet["STP/NC"] | {"BOT"}
    broken = dataclasses.replace(game_map, fleet_adjacency=fleet)
    with pytest.raises(MapError, match="not symmetric"):
        validate_map(broken, _raw_standard())


def test_validation_rejects_one_way_army_border(game_map: GameMap) -> None:
    army = dict(game_map.army_adjacency)
    army["PAR"] = army["PAR"] | {"MAR"}
    broken = dataclasses.replace(game_map, army_adjacency=army)
    with pytest.raises(MapError, match="not symmetric"):
        validate_map(broken, _raw_standard())


def test_loader_rejects_a_coast_that_does_not_exist() -> None:
    broken = _raw_standard()
    broken["adjacency"]["fleet"].append(["MAR/SC", "WES"])
    with pytest.raises(MapError, match="unknown location"):
        build_map("broken", broken)


def test_loader_rejects_army_border_onto_a_sea() -> None:
    broken = _raw_standard()
    broken["adjacency"]["army"].append(["BRE", "ENG"])
    with pytest.raises(MapError, match="sea province"):
        build_map("broken", broken)


def test_loader_rejects_fleet_border_onto_inland_province() -> None:
    broken = _raw_standard()
    broken["adjacency"]["fleet"].append(["MUN", "KIE"])
    with pytest.raises(MapError, match="inland"):
        build_map("broken", broken)


def test_loader_rejects_split_coast_border_without_coast() -> None:
    broken = _raw_standard()
    broken["adjacency"]["fleet"].append(["STP", "BAR"])
    with pytest.raises(MapError, match="must name a coast"):
        build_map("broken", broken)


def test_loader_rejects_a_name_meaning_two_provinces() -> None:
    broken = _raw_standard()
    broken["provinces"]["NTH"]["aliases"] = ["nor"]
    with pytest.raises(MapError, match="means both"):
        build_map("broken", broken)


def test_loader_rejects_wrong_centre_count() -> None:
    broken = _raw_standard()
    broken["provinces"]["BUR"]["center"] = True
    with pytest.raises(MapError, match="centres"):
        build_map("broken", broken)
