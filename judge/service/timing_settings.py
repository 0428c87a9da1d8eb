"""Storing the master's timing and zine settings in a game's settings dict.

`SET GRACE` and `SET ... NEXT` (also as CREATE options) are kept as whole seconds
under the keys `deadlines` reads, and apply from the next deadline on, except that
a grace already running is recomputed. `SET ZINE` names the address that gets
every public broadcast (`mailing.audience`); `SET ZINE NONE` removes it.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from judge.mail.command_types import GameSetting, SetDeadline, SetGrace, SetNext, SetZine
from judge.service import deadlines
from judge.service.context import Refusal
from judge.service.mailing import ZINE_KEY
from judge.store.models import Game

TIMING_SETTINGS = (SetDeadline, SetGrace, SetNext, SetZine)


def apply_timing(settings: MutableMapping[str, Any], command: GameSetting) -> None:
    """Store one of `TIMING_SETTINGS`; SET DEADLINE needs a running game instead."""
    if isinstance(command, SetGrace):
        settings[deadlines.GRACE_KEY] = int(command.duration.total_seconds())
    elif isinstance(command, SetNext):
        lengths = dict(settings.get(deadlines.LENGTH_KEY, {}))
        lengths[command.kind] = int(command.duration.total_seconds())
        settings[deadlines.LENGTH_KEY] = lengths
    elif isinstance(command, SetZine):
        if command.address is None:
            settings.pop(ZINE_KEY, None)
        else:
            settings[ZINE_KEY] = command.address
    elif isinstance(command, SetDeadline):
        raise Refusal("deadline_needs_game")


def timing_changed(game: Game) -> None:
    """After SET GRACE: a grace that is already running ends at the new time."""
    if game.grace_until is not None:
        game.grace_until = deadlines.grace_end(game)
