"""Line drawing for order marks: solid, dashed and dotted lines, arrowheads, crosses."""

from __future__ import annotations

import math
from collections.abc import Iterator

from PIL import ImageDraw

from judge.render.geometry import Point
from judge.render.palette import RGB, WHITE

Segment = tuple[Point, Point]


def shorten(start: Point, end: Point, head: float, tail: float) -> Segment | None:
    """The segment start-end with `head` cut from its start and `tail` from its end."""
    length = math.dist(start, end)
    if length <= head + tail + 1:
        return None
    dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    return (
        (start[0] + dx * head, start[1] + dy * head),
        (end[0] - dx * tail, end[1] - dy * tail),
    )


def pieces(segment: Segment, dash: float, gap: float) -> Iterator[Segment]:
    """The dashes of a dashed line along `segment` (the whole segment if gap is 0)."""
    (x1, y1), (x2, y2) = segment
    length = math.dist(*segment)
    if gap <= 0 or length == 0:
        yield segment
        return
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    t = 0.0
    while t < length:
        s = min(t + dash, length)
        yield ((x1 + dx * t, y1 + dy * t), (x1 + dx * s, y1 + dy * s))
        t = s + gap


def stroke(
    draw: ImageDraw.ImageDraw,
    segment: Segment,
    *,
    width: float,
    fill: RGB,
    outline: RGB,
    dash: float = 0.0,
    gap: float = 0.0,
) -> None:
    """A line with a dark edge, so that it reads on land and sea alike."""
    edge = max(1.0, width / 3)
    dashes = list(pieces(segment, dash, gap))
    for a, b in dashes:
        draw.line([a, b], fill=outline, width=round(width + 2 * edge))
    for a, b in dashes:
        draw.line([a, b], fill=fill, width=round(width))


def arrowhead(
    draw: ImageDraw.ImageDraw, segment: Segment, size: float, fill: RGB, outline: RGB
) -> None:
    """A filled triangle whose tip is the segment's end."""
    (x1, y1), (x2, y2) = segment
    angle = math.atan2(y2 - y1, x2 - x1)
    back = (x2 - size * math.cos(angle), y2 - size * math.sin(angle))
    side = size * 0.55
    left = (back[0] + side * math.sin(angle), back[1] - side * math.cos(angle))
    right = (back[0] - side * math.sin(angle), back[1] + side * math.cos(angle))
    draw.polygon([(x2, y2), left, right], fill=fill, outline=outline, width=max(1, round(size / 7)))


def cross(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: RGB, width: float) -> None:
    """An X centred on `at`, with a light edge."""
    x, y = at
    for a, b in (
        ((x - size, y - size), (x + size, y + size)),
        ((x - size, y + size), (x + size, y - size)),
    ):
        draw.line([a, b], fill=WHITE, width=round(width * 1.8))
    for a, b in (
        ((x - size, y - size), (x + size, y + size)),
        ((x - size, y + size), (x + size, y - size)),
    ):
        draw.line([a, b], fill=colour, width=round(width))


def ring(draw: ImageDraw.ImageDraw, at: Point, radius: float, colour: RGB, width: float) -> None:
    x, y = at
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), outline=colour, width=round(width)
    )


def midpoint(segment: Segment) -> Point:
    (x1, y1), (x2, y2) = segment
    return ((x1 + x2) / 2, (y1 + y2) / 2)
