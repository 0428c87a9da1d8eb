"""Storing the master's timing and zine settings in a game's settings.

`SET GRACE` and `SET ... NEXT` (also as CREATE options) are kept as the durations
`deadlines` reads, and apply from the next deadline on, except that a grace
already running is recomputed. `SET ZINE` names the address that gets every
public broadcast (`mailing.audience`); `SET ZINE NONE` removes it.
"""

from __future__ import annotations

from dataclasses import replace

from judge.language.command_types import GameSetting, SetDeadline, SetGrace, SetNext, SetZine
from judge.service.context import Refusal
from judge.service.game import deadlines
from judge.store.game_settings import GameSettings
from judge.store.models import Game

TIMING_SETTINGS = (SetDeadline, SetGrace, SetNext, SetZine)


def apply_timing(settings: GameSettings, command: GameSetting) -> GameSettings:
    """The settings with one of `TIMING_SETTINGS` applied; SET DEADLINE needs a
    running game instead."""
    if isinstance(command, SetGrace):
        return replace(settings, grace=command.duration)
    if isinstance(command, SetNext):
        return settings.with_length(command.kind, command.duration)
    if isinstance(command, SetZine):
        return replace(settings, zine=command.address)
    if isinstance(command, SetDeadline):
        raise Refusal("deadline_needs_game")
    return settings


def timing_changed(game: Game) -> None:
    """After SET GRACE: a grace that is already running ends at the new time."""
    if game.grace_until is not None:
        game.grace_until = deadlines.grace_end(game)
