"""Closing a region's outline from the border lines it shares with its neighbours."""

from __future__ import annotations

from judge.render.geometry.model import GeometryError, Point, Ring


def chain_ring(region: str, lines: list[Ring]) -> Ring:
    """Join border lines end to end into one closed outline.

    Every line's ends are junction points, so the lines of a region meet exactly;
    a line may run either way round.
    """
    if not lines:
        raise GeometryError(f"{region} has no borders")
    remaining = list(lines[1:])
    ring: list[Point] = list(lines[0])
    while remaining:
        line = _take_next(ring[-1], remaining)
        if line is None:
            raise GeometryError(f"{region}: the border stops at {ring[-1]}")
        ring.extend(line[1:])
    if ring[0] != ring[-1]:
        raise GeometryError(f"{region}: the outline does not close at {ring[0]}")
    return tuple(ring[:-1])


def _take_next(end: Point, remaining: list[Ring]) -> Ring | None:
    for i, line in enumerate(remaining):
        if line[0] == end:
            return remaining.pop(i)
        if line[-1] == end:
            remaining.pop(i)
            return tuple(reversed(line))
    return None
