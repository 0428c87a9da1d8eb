"""Unit and supply-centre markers.

Sizes are in map pixels (`u` is one pixel of a 1000-pixel-wide map), so the marks
grow with the picture. An army is a disc with an "A"; a fleet a boat with an "F".
"""

from __future__ import annotations

from PIL import ImageDraw

import judge.render.palette as palette
from judge.render.fonts import font
from judge.render.geometry import Point
from judge.rules.state import UnitType

ARMY_RADIUS = 8.5
CENTRE_RADIUS = 4.6
DISLODGED_OFFSET = (15.0, 13.0)  # where a dislodged unit sits, from its province's point
_HULL = ((-12.5, -4.0), (12.5, -4.0), (8.5, 8.0), (-8.5, 8.0))
_SAIL = ((-2.0, -4.5), (-2.0, -14.0), (8.0, -4.5))


def draw_unit(
    draw: ImageDraw.ImageDraw,
    kind: UnitType,
    at: Point,
    u: float,
    fill: palette.RGB,
    *,
    ring: palette.RGB | None = None,
) -> None:
    """A unit glyph centred on `at`; `ring` outlines it in a warning colour."""
    outline = ring or palette.INK
    width = max(1, round((2.6 if ring else 1.4) * u))
    if kind is UnitType.ARMY:
        r = ARMY_RADIUS * u
        draw.ellipse(_box(at, r), fill=fill, outline=outline, width=width)
        text_at = at
    else:
        draw.polygon(_shape(_SAIL, at, u), fill=fill, outline=outline, width=width)
        draw.polygon(_shape(_HULL, at, u), fill=fill, outline=outline, width=width)
        text_at = (at[0], at[1] + 2.2 * u)
    draw.text(
        text_at,
        kind.value,
        fill=palette.text_on(fill),
        font=font(round(10.5 * u)),
        anchor="mm",
    )


def unit_extent(kind: UnitType) -> tuple[float, float, float, float]:
    """The box a unit glyph covers around its point (left, top, right, bottom), u = 1."""
    if kind is UnitType.ARMY:
        r = ARMY_RADIUS + 0.7
        return (-r, -r, r, r)
    xs = [x for x, _ in (*_HULL, *_SAIL)]
    ys = [y for _, y in (*_HULL, *_SAIL)]
    return (min(xs) - 0.7, min(ys) - 0.7, max(xs) + 0.7, max(ys) + 0.7)


def dislodged_point(at: Point, u: float) -> Point:
    return (at[0] + DISLODGED_OFFSET[0] * u, at[1] + DISLODGED_OFFSET[1] * u)


def draw_centre(draw: ImageDraw.ImageDraw, at: Point, u: float, fill: palette.RGB) -> None:
    """A supply centre: a dot in its owner's colour inside a dark ring."""
    draw.ellipse(_box(at, CENTRE_RADIUS * u), fill=palette.INK)
    draw.ellipse(_box(at, (CENTRE_RADIUS - 1.5) * u), fill=fill)


def _box(at: Point, r: float) -> tuple[float, float, float, float]:
    return (at[0] - r, at[1] - r, at[0] + r, at[1] + r)


def _shape(points: tuple[Point, ...], at: Point, u: float) -> list[tuple[float, float]]:
    return [(at[0] + x * u, at[1] + y * u) for x, y in points]
