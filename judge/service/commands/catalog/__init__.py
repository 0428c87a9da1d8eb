"""Every command of the mail language, one class each, by family (see `registry`).

The families are read in this order; within one, in the order the classes are
written. The order is the one the judge lists SET words in (`unknown SET command`),
so a new SET word goes where it should be listed.
"""

from __future__ import annotations

from judge.service.commands.catalog import (
    anyone,
    game_settings,
    mastering,
    player_settings,
    playing,
    votes,
)
from judge.service.commands.registry import CommandRegistry, commands_of

FAMILIES = (anyone, playing, mastering, player_settings, game_settings, votes)


def judge_commands() -> CommandRegistry:
    """The judge's own commands, collected from `FAMILIES`."""
    return CommandRegistry(tuple(commands_of(FAMILIES)))
