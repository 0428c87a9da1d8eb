"""What to draw for each order result: arrows, dashed supports, dotted convoys, crosses.

`plan_marks` only decides; `paint.py` draws. A failed or illegal order is drawn in
grey with a red cross on it. Builds get a green ring, removals and disbands a cross.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import judge.render.palette as palette
from judge.render.geometry import GeometryError, MapGeometry, Point
from judge.render.glyphs import ARMY_RADIUS, dislodged_point
from judge.render.palette import RGB, ColourOf
from judge.render.strokes import Segment, midpoint, shorten
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
)
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import GameState, UnitType, province_of


@dataclass(frozen=True, slots=True)
class Line:
    segment: Segment
    width: float
    fill: RGB
    outline: RGB
    dash: float = 0.0
    gap: float = 0.0
    head: float = 0.0  # arrowhead length; 0 for none


@dataclass(frozen=True, slots=True)
class Cross:
    at: Point


@dataclass(frozen=True, slots=True)
class Ring:
    at: Point
    radius: float
    colour: RGB


@dataclass(frozen=True, slots=True)
class Ghost:
    """A unit that is not on the board yet (a build)."""

    kind: UnitType
    at: Point
    fill: RGB


Mark = Line | Cross | Ring | Ghost


class Planner:
    """Turns order results into marks, in canvas pixels (`u` pixels per map pixel)."""

    def __init__(
        self, geometry: MapGeometry, u: float, colour_of: ColourOf, state: GameState
    ) -> None:
        self.geometry = geometry
        self.u = u
        self.colour_of = colour_of
        self.state = state

    def plan(self, results: Iterable[OrderResult]) -> list[Mark]:
        marks: list[Mark] = []
        for result in results:
            if result.order is None:
                continue
            try:
                marks.extend(self._marks(result.order, result.outcome is Outcome.SUCCEEDS))
            except (KeyError, GeometryError):
                continue  # a place the map does not know: an illegal order, nothing to draw
        return marks

    # --- one order ---------------------------------------------------------------------

    def _marks(self, order: Order, ok: bool) -> Sequence[Mark]:
        if isinstance(order, Move):
            return self._arrow(order.location, order.target, ok, self._colour(order.power))
        if isinstance(order, SupportMove):
            return self._support(order.location, order.target, ok, order.power, head=True)
        if isinstance(order, SupportHold):
            return self._support(order.location, order.supported, ok, order.power, head=False)
        if isinstance(order, Convoy):
            return self._convoy(order, ok)
        if isinstance(order, Retreat):
            return self._retreat(order, ok)
        if isinstance(order, Disband):
            return [Cross(dislodged_point(self._at(order.location), self.u))]
        if isinstance(order, Build):
            return self._build(order, ok)
        if isinstance(order, Remove):
            return [Cross(self._at(order.location))]
        return []  # holds and waives leave no mark

    def _arrow(self, origin: str, target: str, ok: bool, colour: RGB) -> list[Mark]:
        return self._line(self._at(origin), self._at(target), ok, colour, width=3.4, head=11)

    def _support(self, origin: str, to: str, ok: bool, power: str, *, head: bool) -> list[Mark]:
        u = self.u
        end = self._at(to)
        segment = shorten(self._at(origin), end, ARMY_RADIUS * u, (ARMY_RADIUS + 3) * u)
        if segment is None:
            return []
        fill, outline = self._style(ok, self._colour(power))
        line = Line(segment, 2.0 * u, fill, outline, 6 * u, 4 * u, 8 * u if head else 0)
        marks: list[Mark] = [line]
        if not head:
            marks.append(Ring(end, (ARMY_RADIUS + 4) * u, fill))
        return marks + ([] if ok else [Cross(midpoint(segment))])

    def _convoy(self, order: Convoy, ok: bool) -> list[Mark]:
        u = self.u
        army, target = self._at(order.army), self._at(order.target)
        to = midpoint((army, target))
        segment = shorten(self._at(order.location), to, ARMY_RADIUS * u, 2 * u)
        if segment is None:
            return []
        fill, outline = self._style(ok, self._colour(order.power))
        marks: list[Mark] = [Line(segment, 2.2 * u, fill, outline, 2.2 * u, 3.5 * u)]
        marks.append(Ring(to, 3 * u, fill))
        return marks + ([] if ok else [Cross(midpoint(segment))])

    def _retreat(self, order: Retreat, ok: bool) -> list[Mark]:
        start = dislodged_point(self._at(order.location), self.u)
        return self._line(start, self._at(order.target), ok, palette.RETREAT, width=3.0, head=10)

    def _build(self, order: Build, ok: bool) -> list[Mark]:
        at = self._at(order.location)
        if not ok:
            return [Ring(at, (ARMY_RADIUS + 5) * self.u, palette.FAILED), Cross(at)]
        marks: list[Mark] = []
        if self.state.unit_in(province_of(order.location)) is None:
            marks.append(Ghost(order.kind, at, self._colour(order.power)))
        marks.append(Ring(at, (ARMY_RADIUS + 6) * self.u, palette.BUILD))
        return marks

    # --- helpers -------------------------------------------------------------------------

    def _line(
        self, start: Point, end: Point, ok: bool, colour: RGB, *, width: float, head: float
    ) -> list[Mark]:
        u = self.u
        segment = shorten(start, end, ARMY_RADIUS * u, (ARMY_RADIUS + 1) * u)
        if segment is None:
            return []
        fill, outline = self._style(ok, colour)
        marks: list[Mark] = [Line(segment, width * u, fill, outline, head=head * u)]
        return marks + ([] if ok else [Cross(midpoint(segment))])

    def _style(self, ok: bool, colour: RGB) -> tuple[RGB, RGB]:
        return (colour, palette.INK) if ok else (palette.FAILED, palette.FAILED_EDGE)

    def _colour(self, power: str) -> RGB:
        return self.colour_of(power)

    def _at(self, location: str) -> Point:
        return self.geometry.unit_point(location)
