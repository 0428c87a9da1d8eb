"""Small plane-geometry helpers on rings of points."""

from __future__ import annotations

import itertools

from judge.render.geometry.model import Point, Ring


def contains(ring: Ring, point: Point) -> bool:
    """Whether `point` lies inside the polygon `ring` (even-odd rule)."""
    x, y = point
    inside = False
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def area(ring: Ring) -> float:
    """The polygon's area (always positive)."""
    total = 0.0
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def distance_to_outline(ring: Ring, point: Point) -> float:
    """The shortest distance from `point` to the polygon's outline."""
    n = len(ring)
    return min(_segment_distance(point, ring[i], ring[(i + 1) % n]) for i in range(n))


def distance_to_line(line: Ring, point: Point) -> float:
    """The shortest distance from `point` to an open polyline."""
    return min(_segment_distance(point, a, b) for a, b in itertools.pairwise(line))


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    cx, cy = ax + t * dx, ay + t * dy
    return float(((px - cx) ** 2 + (py - cy) ** 2) ** 0.5)
