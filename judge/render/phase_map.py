"""The maps the judge hands out: a processed phase's, and a board as it stands.

A phase's map is the board after it with the phase's orders drawn, titled with
that phase. The zine shows it inline and the results mail attaches it; both draw
it here, so a reader sees the same picture in both. A board's map (the MAP
command) is the current position alone, titled with the phase to be played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.render.draw import default_renderer
from judge.render.legend import phase_title
from judge.render.palette import ColourOf
from judge.rules.results import OrderResult
from judge.rules.state import GameState, Phase

MAP_WIDTH = 1000


def phase_png(
    phase: Phase,
    after: GameState,
    results: Sequence[OrderResult],
    colour_of: ColourOf | None = None,
    *,
    width: int = MAP_WIDTH,
    notes: Mapping[str, str] | None = None,
) -> bytes:
    """The board after `phase` with its orders, as PNG bytes."""
    return default_renderer().render(
        after, results, width=width, colour_of=colour_of, title=phase_title(phase), notes=notes
    )


def board_png(
    state: GameState,
    colour_of: ColourOf | None = None,
    *,
    width: int = MAP_WIDTH,
    notes: Mapping[str, str] | None = None,
) -> bytes:
    """The board as it stands at the start of its phase, no orders drawn, as PNG bytes."""
    return default_renderer().render(state, width=width, colour_of=colour_of, notes=notes)
