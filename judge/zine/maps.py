"""The map of each phase, as a `data:` URI the page carries inline.

One picture per processed phase: the board after the phase, with that phase's
orders drawn on it (`judge.render.phase_map`, the same picture the results mail
attaches). The renderer keeps its terrain layer, so only the first map of a run
pays for it.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from judge.render.palette import ColourOf
from judge.render.phase_map import phase_png
from judge.rules.results import OrderResult
from judge.rules.state import GameState, Phase


def phase_map(
    phase: Phase,
    after: GameState,
    results: Sequence[OrderResult],
    colour_of: ColourOf | None = None,
) -> str:
    """The board after `phase` with its orders, as `data:image/png;base64,...`."""
    return data_uri(phase_png(phase, after, results, colour_of))


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")
