"""The part of the picture that never changes: terrain, borders and province names."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

import judge.render.palette as palette
from judge.render.fonts import font
from judge.render.geometry import MapGeometry, Point, RegionKind

FILL = {
    RegionKind.SEA: palette.SEA,
    RegionKind.LAND: palette.LAND,
    RegionKind.IMPASSABLE: palette.IMPASSABLE,
    RegionKind.OFFBOARD: palette.OFFBOARD,
}
LABEL_SIZE = 10.5  # pixels on a 1000-pixel map


def draw_base(geometry: MapGeometry, unit: float) -> Image.Image:
    """The terrain of `geometry` (already scaled to the canvas); `unit` is one map pixel."""
    image = Image.new("RGB", (geometry.width, geometry.height), palette.SEA)
    draw = ImageDraw.Draw(image)
    _fill_regions(draw, geometry)
    _draw_borders(draw, geometry, unit, sea=True)
    _fill_islands(draw, geometry, unit)
    _draw_borders(draw, geometry, unit, sea=False)
    _draw_labels(draw, geometry, unit)
    return image


def _ring(ring: Sequence[Point]) -> list[tuple[float, float]]:
    return [(x, y) for x, y in ring]


def _fill_regions(draw: ImageDraw.ImageDraw, geometry: MapGeometry) -> None:
    regions = sorted(geometry.regions.values(), key=lambda r: r.kind is not RegionKind.SEA)
    for region in regions:
        draw.polygon(_ring(region.outline), fill=FILL[region.kind])


def _fill_islands(draw: ImageDraw.ImageDraw, geometry: MapGeometry, unit: float) -> None:
    coast = max(1, round(1.5 * unit))
    for ring in geometry.islands:
        draw.polygon(_ring(ring), fill=palette.OFFBOARD, outline=palette.COAST_LINE, width=coast)
    for region in geometry.regions.values():
        for ring in region.islands:
            draw.polygon(
                _ring(ring), fill=FILL[region.kind], outline=palette.COAST_LINE, width=coast
            )
    for ring in geometry.lakes:
        draw.polygon(_ring(ring), fill=palette.SEA, outline=palette.COAST_LINE, width=coast)


def _draw_borders(
    draw: ImageDraw.ImageDraw, geometry: MapGeometry, unit: float, *, sea: bool
) -> None:
    """Sea-to-sea lines first (islands then hide them), the others after."""
    for border in geometry.borders:
        kinds = {geometry.regions[side].kind for side in border.sides}
        if (kinds == {RegionKind.SEA}) != sea:
            continue
        if sea:
            colour, width = palette.SEA_LINE, unit
        elif RegionKind.SEA in kinds:
            colour, width = palette.COAST_LINE, 1.5 * unit
        else:
            colour, width = palette.LAND_LINE, unit
        draw.line(_ring(border.line), fill=colour, width=max(1, round(width)), joint="curve")


def _draw_labels(draw: ImageDraw.ImageDraw, geometry: MapGeometry, unit: float) -> None:
    for region in geometry.provinces.values():
        if region.label is None:
            continue
        at_sea = region.kind is RegionKind.SEA
        draw.text(
            region.label,
            region.id,
            fill=palette.SEA_TEXT if at_sea else palette.LAND_TEXT,
            font=font(round(LABEL_SIZE * unit), italic=at_sea),
            anchor="mm",
            stroke_width=max(1, round(unit)),
            stroke_fill=palette.TEXT_HALO_SEA if at_sea else palette.TEXT_HALO_LAND,
        )
