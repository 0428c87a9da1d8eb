"""`MapRenderer`: a game state (and optionally its order results) as a PNG picture.

The terrain layer depends only on the width, so the renderer keeps it, drawn once
per width. Each map is drawn at twice its size and halved, which smooths every edge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from PIL import Image, ImageDraw

from judge.render.base import draw_base
from judge.render.encode import palette_image, png_bytes
from judge.render.geometry import MapGeometry, Point, load_geometry
from judge.render.legend import draw_legend, draw_title, phase_title
from judge.render.marks import Planner
from judge.render.paint import paint_centres, paint_lines, paint_marks, paint_units
from judge.render.palette import ColourOf, power_colour
from judge.rules.results import OrderResult
from judge.rules.state import POWERS, GameState

SUPERSAMPLE = 2


class MapRenderer:
    """Draws maps of one board geometry; keeps the terrain layer for each width."""

    def __init__(
        self, geometry: MapGeometry | None = None, *, colour_of: ColourOf = power_colour
    ) -> None:
        self.geometry = geometry or load_geometry()
        self.colour_of = colour_of
        self._scaled: dict[int, MapGeometry] = {}
        self._bases: dict[int, Image.Image] = {}

    def size(self, width: int = 1000) -> tuple[int, int]:
        """The picture's size for a given width."""
        return (width, round(self.geometry.height * width / self.geometry.width))

    def unit_point(self, location: str, width: int = 1000) -> Point:
        """Where a unit at `location` is drawn on a picture `width` pixels wide."""
        x, y = self.geometry.unit_point(location)
        factor = width / self.geometry.width
        return (x * factor, y * factor)

    def render(
        self,
        state: GameState,
        results: Sequence[OrderResult] | None = None,
        *,
        width: int = 1000,
        colour_of: ColourOf | None = None,
        title: str | None = None,
        notes: Mapping[str, str] | None = None,
    ) -> bytes:
        """The map as PNG bytes; `notes` go beside the powers' names in the legend."""
        image = self.image(
            state, results, width=width, colour_of=colour_of, title=title, notes=notes
        )
        colour = colour_of or self.colour_of
        return png_bytes(image, palette_image(colour(power) for power in POWERS))

    def image(
        self,
        state: GameState,
        results: Sequence[OrderResult] | None = None,
        *,
        width: int = 1000,
        colour_of: ColourOf | None = None,
        title: str | None = None,
        notes: Mapping[str, str] | None = None,
    ) -> Image.Image:
        """The map as a Pillow image (RGB)."""
        colour = colour_of or self.colour_of
        geometry = self._geometry(width)
        u = SUPERSAMPLE * width / self.geometry.width
        canvas = self._base(width).copy()
        draw = ImageDraw.Draw(canvas)
        marks = Planner(geometry, u, colour, state).plan(results or ())
        paint_centres(draw, geometry, state, u, colour)
        paint_lines(draw, marks)
        paint_units(draw, geometry, state, u, colour)
        paint_marks(draw, marks, u)
        draw_title(draw, title or phase_title(state.phase), u)
        colours = {power: colour(power) for power in POWERS}
        draw_legend(draw, colours, state.center_counts(), canvas.size, u, notes)
        return canvas.reduce(SUPERSAMPLE)

    def _geometry(self, width: int) -> MapGeometry:
        if width not in self._scaled:
            factor = SUPERSAMPLE * width / self.geometry.width
            self._scaled[width] = self.geometry.scaled(factor)
        return self._scaled[width]

    def _base(self, width: int) -> Image.Image:
        if width not in self._bases:
            u = SUPERSAMPLE * width / self.geometry.width
            self._bases[width] = draw_base(self._geometry(width), u)
        return self._bases[width]


@cache
def default_renderer() -> MapRenderer:
    """One renderer of the standard board, shared by the convenience functions."""
    return MapRenderer()


def render_map(
    state: GameState,
    results: Sequence[OrderResult] | None = None,
    *,
    width: int = 1000,
    colour_of: ColourOf | None = None,
) -> bytes:
    """A PNG of the standard board: `state`, and the orders of `results` if given."""
    return default_renderer().render(state, results, width=width, colour_of=colour_of)


def unit_point(location: str, width: int = 1000) -> Point:
    """Where a unit at `location` is drawn on the standard board."""
    return default_renderer().unit_point(location, width)
