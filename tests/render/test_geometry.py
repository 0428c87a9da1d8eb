"""The hand-made board geometry: complete, consistent, and in agreement with the rules map."""

from __future__ import annotations

import math

from judge.render.geometry import MapGeometry, RegionKind
from judge.render.geometry.polygon import area, contains, distance_to_line
from judge.rules.map import GameMap, ProvinceKind

# the 75 ids of adjudicate.md, so that this test stands without the rules' map data
PROVINCES = """
ADR AEG ALB ANK APU ARM BAL BAR BEL BER BLA BOH BOT BRE BUD BUL BUR CLY CON DEN EAS
EDI ENG FIN GAL GAS GRE HEL HOL ION IRI KIE LON LVN LVP LYO MAO MAR MOS MUN NAF NAO
NAP NTH NWG NWY PAR PIC PIE POR PRU ROM RUH RUM SER SEV SIL SKA SMY SPA STP SWE SYR
TRI TUN TUS TYR TYS UKR VEN VIE WAL WAR WES YOR
""".split()
CENTRES = """
ANK BEL BER BRE BUD BUL CON DEN EDI GRE HOL KIE LON LVP MAR MOS MUN NAP NWY PAR POR
ROM RUM SER SEV SMY SPA STP SWE TRI TUN VEN VIE WAR
""".split()
SPLIT_COASTS = {"STP": {"NC", "SC"}, "SPA": {"NC", "SC"}, "BUL": {"EC", "SC"}}


def points_of(geometry: MapGeometry, pid: str) -> dict[str, tuple[float, float]]:
    region = geometry.regions[pid]
    found = {"label": region.label, "unit": region.unit, "centre": region.centre}
    found.update({f"coast {c}": p for c, p in region.coasts.items()})
    return {k: p for k, p in found.items() if p is not None}


def test_every_province_of_the_standard_board_has_a_shape(geometry: MapGeometry) -> None:
    assert len(PROVINCES) == 75
    assert sorted(geometry.provinces) == sorted(PROVINCES)
    for pid in PROVINCES:
        assert area(geometry.regions[pid].outline) > 150, pid


def test_every_province_has_a_label_and_a_unit_point(geometry: MapGeometry) -> None:
    for pid in PROVINCES:
        region = geometry.regions[pid]
        assert region.label is not None and region.unit is not None, pid


def test_the_34_centres_and_only_they_have_markers(geometry: MapGeometry) -> None:
    with_marker = {pid for pid, r in geometry.provinces.items() if r.centre is not None}
    assert len(CENTRES) == 34
    assert with_marker == set(CENTRES)


def test_split_coast_provinces_have_a_point_per_coast(geometry: MapGeometry) -> None:
    for pid, coasts in SPLIT_COASTS.items():
        assert set(geometry.regions[pid].coasts) == coasts
        for coast in coasts:
            assert geometry.unit_point(f"{pid}/{coast}") == geometry.regions[pid].coasts[coast]
    assert not any(r.coasts for pid, r in geometry.provinces.items() if pid not in SPLIT_COASTS)


def test_points_lie_inside_their_own_province_and_nowhere_else(geometry: MapGeometry) -> None:
    for pid in PROVINCES:
        for name, point in points_of(geometry, pid).items():
            owners = [
                o for o, r in geometry.regions.items() if any(contains(g, point) for g in r.rings)
            ]
            assert owners == [pid], f"{pid} {name} lies in {owners}"


def test_points_keep_clear_of_lakes_islands_and_the_edge(geometry: MapGeometry) -> None:
    for pid in PROVINCES:
        sea = geometry.regions[pid].kind is RegionKind.SEA
        for name, (x, y) in points_of(geometry, pid).items():
            assert 10 < x < geometry.width - 10 and 10 < y < geometry.height - 10, (pid, name)
            assert not any(contains(lake, (x, y)) for lake in geometry.lakes), (pid, name)
            if sea:
                assert not any(contains(isle, (x, y)) for isle in geometry.islands), (pid, name)


def test_a_units_point_is_clear_of_its_label(geometry: MapGeometry) -> None:
    for pid in PROVINCES:
        region = geometry.regions[pid]
        assert region.label is not None and region.unit is not None
        assert math.dist(region.label, region.unit) >= 14, pid


def test_land_sea_and_switzerland_are_told_apart(geometry: MapGeometry) -> None:
    assert geometry.regions["NTH"].kind is RegionKind.SEA
    assert geometry.regions["MUN"].kind is RegionKind.LAND
    assert geometry.regions["SWI"].kind is RegionKind.IMPASSABLE


def test_drawn_borders_are_exactly_the_rules_adjacencies(
    geometry: MapGeometry, game_map: GameMap
) -> None:
    drawn = {frozenset(b.sides) for b in geometry.borders}
    drawn = {pair for pair in drawn if pair <= set(game_map.provinces)}
    ruled = {frozenset((a, b)) for a, ns in game_map.army_adjacency.items() for b in ns}
    ruled |= {
        frozenset((a.split("/")[0], b.split("/")[0]))
        for a, ns in game_map.fleet_adjacency.items()
        for b in ns
    }
    assert sorted(map(sorted, ruled - drawn)) == []
    assert sorted(map(sorted, drawn - ruled)) == []


def test_the_rules_map_and_the_drawing_agree_on_land_and_sea(
    geometry: MapGeometry, game_map: GameMap
) -> None:
    for pid, province in game_map.provinces.items():
        sea = province.kind is ProvinceKind.SEA
        assert (geometry.regions[pid].kind is RegionKind.SEA) == sea, pid
        assert (geometry.regions[pid].centre is not None) == province.is_center, pid


def test_a_coast_point_is_nearest_a_sea_on_that_coast(
    geometry: MapGeometry, game_map: GameMap
) -> None:
    for pid, coasts in SPLIT_COASTS.items():
        for coast in coasts:
            point = geometry.regions[pid].coasts[coast]
            seas = {n.split("/")[0] for n in game_map.fleet_neighbours(f"{pid}/{coast}")}
            shores = [
                b
                for b in geometry.borders
                if pid in b.sides
                and any(geometry.regions[s].kind is RegionKind.SEA for s in b.sides)
            ]
            nearest = min(shores, key=lambda b: distance_to_line(b.line, point))
            other = next(s for s in nearest.sides if s != pid)
            assert other in seas, f"{pid}/{coast} is nearest {other}"
