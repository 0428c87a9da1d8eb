"""Drawing the board: a map picture (PNG) of a game state and its order results.

The renderer is a separate part of the judge: it reads the rules core's values
(`GameState`, `OrderResult`) and never the other way round.
"""

from judge.render.draw import MapRenderer, default_renderer, render_map, unit_point
from judge.render.palette import neutral_for, power_colour

__all__ = [
    "MapRenderer",
    "default_renderer",
    "neutral_for",
    "power_colour",
    "render_map",
    "unit_point",
]
