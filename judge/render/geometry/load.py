"""Read a geometry file (`<name>.toml` beside this module) into a `MapGeometry`.

The file holds junctions and border lines in degrees; each region's outline is
chained from its borders, then everything is projected onto the canvas.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any

from judge.render.geometry.model import (
    Border,
    GeometryError,
    MapGeometry,
    Point,
    RegionKind,
    RegionShape,
    Ring,
)
from judge.render.geometry.projection import Projection
from judge.render.geometry.rings import chain_ring

MAX_STEP = 1.5  # degrees: longer segments are split before projecting
FRAME = "_FRAME"  # the region around the canvas; its junctions are in pixels


def load_geometry(name: str = "standard") -> MapGeometry:
    """Load and project `judge/render/geometry/<name>.toml`."""
    text = resources.files("judge.render.geometry").joinpath(f"{name}.toml").read_text("utf-8")
    return build_geometry(tomllib.loads(text))


def build_geometry(data: Mapping[str, Any]) -> MapGeometry:
    project = Projection.from_toml(data["projection"])
    junctions = {k: (float(v[0]), float(v[1])) for k, v in data["junctions"].items()}
    borders = _borders(data["borders"], junctions, project)
    frame = FRAME
    kinds = _kinds(data["regions"], borders)
    points = data.get("points", {})
    extra = data.get("province_islands", {})
    regions = {
        rid: _region(rid, kind, borders, points.get(rid, {}), extra.get(rid, ()), project)
        for rid, kind in kinds.items()
    }
    return MapGeometry(
        width=int(data["canvas"]["width"]),
        height=int(data["canvas"]["height"]),
        regions=MappingProxyType(regions),
        borders=tuple(b for b in borders if frame not in b.sides),
        islands=tuple(_path(t, {}, project) for t in data.get("islands", {}).values()),
        lakes=tuple(_path(t, {}, project) for t in data.get("lakes", {}).values()),
    )


def _kinds(regions: Mapping[str, Any], borders: list[Border]) -> dict[str, RegionKind]:
    named = {r for b in borders for r in b.sides} - {FRAME}
    kinds = {r: RegionKind.LAND for r in sorted(named)}
    for key, kind in (
        ("sea", RegionKind.SEA),
        ("impassable", RegionKind.IMPASSABLE),
        ("offboard", RegionKind.OFFBOARD),
    ):
        for rid in regions.get(key, ()):
            if rid not in kinds:
                raise GeometryError(f"{rid} is listed as {key} but has no borders")
            kinds[rid] = kind
    return kinds


def _borders(
    table: Mapping[str, str], junctions: Mapping[str, Point], project: Projection
) -> list[Border]:
    borders = []
    for key, text in table.items():
        sides = key.split(":")[0].split()
        if len(sides) != 2:
            raise GeometryError(f"border {key!r} must name two regions")
        line = _path(text, junctions, project)
        if len(line) < 2:
            raise GeometryError(f"border {key!r} is too short")
        borders.append(Border((sides[0], sides[1]), line))
    return borders


def _path(text: str, junctions: Mapping[str, Point], project: Projection) -> Ring:
    """The points of a border, in pixels.

    Tokens are junction names, `lon,lat` pairs in degrees, or `@x,y` pairs already in
    pixels (for the frame, which lies outside the canvas). A junction whose name holds
    the frame's id is in pixels too.
    """
    out: list[Point] = []
    degrees: list[Point] = []
    for token in text.split():
        pixel = _pixel_token(token, junctions)
        if pixel is None:
            degrees.append(_degree_token(token, junctions))
            continue
        out.extend(project(lon, lat) for lon, lat in _densify(degrees))
        degrees = []
        out.append(pixel)
    out.extend(project(lon, lat) for lon, lat in _densify(degrees))
    return tuple(out)


def _pixel_token(token: str, junctions: Mapping[str, Point]) -> Point | None:
    if token.startswith("@"):
        x, y = token[1:].split(",")
        return (float(x), float(y))
    if FRAME in token:
        if token not in junctions:
            raise GeometryError(f"unknown junction {token!r}")
        return junctions[token]
    return None


def _degree_token(token: str, junctions: Mapping[str, Point]) -> Point:
    if "," in token:
        lon, lat = token.split(",")
        return (float(lon), float(lat))
    if token not in junctions:
        raise GeometryError(f"unknown junction {token!r}")
    return junctions[token]


def _densify(points: list[Point], step: float = MAX_STEP) -> list[Point]:
    """Extra points on long segments, so that they bend with the projection."""
    out = points[:1]
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        parts = max(1, math.ceil(max(abs(x2 - x1), abs(y2 - y1)) / step))
        out.extend(
            (x1 + (x2 - x1) * i / parts, y1 + (y2 - y1) * i / parts) for i in range(1, parts)
        )
        out.append((x2, y2))  # exactly, so that borders meet at their junctions
    return out


def _region(
    rid: str,
    kind: RegionKind,
    borders: list[Border],
    points: Mapping[str, Any],
    islands: tuple[str, ...] | list[str],
    project: Projection,
) -> RegionShape:
    outline = chain_ring(rid, [b.line for b in borders if rid in b.sides])

    def point(key: str) -> Point | None:
        value = points.get(key)
        return None if value is None else project(float(value[0]), float(value[1]))

    return RegionShape(
        id=rid,
        kind=kind,
        outline=outline,
        islands=tuple(_path(t, {}, project) for t in islands),
        label=point("label"),
        unit=point("unit"),
        centre=point("centre"),
        coasts=MappingProxyType(
            {c: project(float(v[0]), float(v[1])) for c, v in points.get("coasts", {}).items()}
        ),
    )
