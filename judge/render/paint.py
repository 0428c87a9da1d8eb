"""Painting the changing layer: supply centres, order marks and units, in that order."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

import judge.render.palette as palette
from judge.render.geometry import MapGeometry
from judge.render.glyphs import dislodged_point, draw_centre, draw_unit
from judge.render.marks import Cross, Ghost, Line, Mark, Ring
from judge.render.palette import ColourOf
from judge.render.strokes import arrowhead, cross, ring, shorten, stroke
from judge.rules.state import GameState


def paint_centres(
    draw: ImageDraw.ImageDraw,
    geometry: MapGeometry,
    state: GameState,
    u: float,
    colour_of: ColourOf,
) -> None:
    for region in geometry.provinces.values():
        if region.centre is None:
            continue
        owner = state.centers.get(region.id)
        fill = palette.NEUTRAL_CENTRE if owner is None else colour_of(owner)
        draw_centre(draw, region.centre, u, fill)


def paint_lines(draw: ImageDraw.ImageDraw, marks: Sequence[Mark]) -> None:
    for mark in marks:
        if not isinstance(mark, Line):
            continue
        segment = mark.segment
        if mark.head:
            # the shaft stops inside the head, so that the tip stays sharp
            segment = shorten(*segment, 0, mark.head * 0.6) or segment
        stroke(
            draw,
            segment,
            width=mark.width,
            fill=mark.fill,
            outline=mark.outline,
            dash=mark.dash,
            gap=mark.gap,
        )
        if mark.head:
            arrowhead(draw, mark.segment, mark.head, mark.fill, mark.outline)


def paint_units(
    draw: ImageDraw.ImageDraw,
    geometry: MapGeometry,
    state: GameState,
    u: float,
    colour_of: ColourOf,
) -> None:
    for unit in state.units.values():
        draw_unit(draw, unit.kind, geometry.unit_point(unit.location), u, colour_of(unit.power))
    for dislodged in state.dislodged.values():
        unit = dislodged.unit
        at = dislodged_point(geometry.unit_point(unit.location), u)
        draw_unit(draw, unit.kind, at, u, colour_of(unit.power), ring=palette.FAILED_MARK)


def paint_marks(draw: ImageDraw.ImageDraw, marks: Sequence[Mark], u: float) -> None:
    """Built units, rings and crosses: the marks that go over the units."""
    for mark in marks:
        if isinstance(mark, Ghost):
            draw_unit(draw, mark.kind, mark.at, u, mark.fill)
    for mark in marks:
        if isinstance(mark, Ring):
            ring(draw, mark.at, mark.radius, mark.colour, 2.4 * u)
        elif isinstance(mark, Cross):
            cross(draw, mark.at, 5.5 * u, palette.FAILED_MARK, 2.8 * u)
