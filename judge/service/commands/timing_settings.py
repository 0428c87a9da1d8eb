"""What a change of the master's timing settings does to a game already running.

`SET GRACE` and `SET ... NEXT` (also as CREATE options) are kept as the durations
`deadlines` reads (their classes store them: `catalog.game_settings`), and apply
from the next deadline on, except that a grace already running is recomputed here.
"""

from __future__ import annotations

from judge.service.game import deadlines
from judge.store.models import Game


def timing_changed(game: Game) -> None:
    """After SET GRACE: a grace that is already running ends at the new time."""
    if game.grace_until is not None:
        game.grace_until = deadlines.grace_end(game)
