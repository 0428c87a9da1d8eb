"""Nothing on the board hides anything else: labels, units and centre markers stay apart.

Every province gets the glyphs it can hold (an army on land, a fleet at sea or on a
coast), and no two boxes may overlap by more than a hair, across the whole board.
"""

from __future__ import annotations

from itertools import combinations

from judge.render.base import LABEL_SIZE
from judge.render.fonts import font
from judge.render.geometry import MapGeometry, Point
from judge.render.glyphs import CENTRE_RADIUS, unit_extent
from judge.rules.map import GameMap, ProvinceKind
from judge.rules.state import UnitType

Box = tuple[float, float, float, float]
TOLERANCE = 2.0  # pixels of overlap that nobody notices


def at(extent: Box, point: Point) -> Box:
    return (point[0] + extent[0], point[1] + extent[1], point[0] + extent[2], point[1] + extent[3])


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE and (
        min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE
    )


def boxes(geometry: MapGeometry, game_map: GameMap) -> list[tuple[str, str, Box]]:
    found: list[tuple[str, str, Box]] = []
    label_font = font(round(LABEL_SIZE))
    for pid, province in game_map.provinces.items():
        region = geometry.regions[pid]
        assert region.label is not None and region.unit is not None
        found.append((pid, "label", at(label_font.getbbox(pid, anchor="mm"), region.label)))
        kinds = {
            ProvinceKind.LAND: [UnitType.ARMY],
            ProvinceKind.SEA: [UnitType.FLEET],
            ProvinceKind.COAST: [UnitType.ARMY] if province.coasts else list(UnitType),
        }[province.kind]
        found += [(pid, "unit", at(unit_extent(k), region.unit)) for k in kinds]
        found += [(pid, "unit", at(unit_extent(UnitType.FLEET), p)) for p in region.coasts.values()]
        if region.centre is not None:
            r = CENTRE_RADIUS
            found.append((pid, "centre", at((-r, -r, r, r), region.centre)))
    return found


def test_no_label_unit_or_centre_hides_another(geometry: MapGeometry, game_map: GameMap) -> None:
    clashes = [
        f"{a[0]} {a[1]} / {b[0]} {b[1]}"
        for a, b in combinations(boxes(geometry, game_map), 2)
        if not (a[0] == b[0] and a[1] == b[1] == "unit")  # a province holds one unit at a time
        and overlap(a[2], b[2])
    ]
    assert clashes == []
