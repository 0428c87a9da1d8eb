"""Game settings a master chooses: on CREATE as options, later with SET lines.

What a setting does is its command class's (`catalog.game_settings.MasterSetting`):
how it changes the game's `GameSettings` (`apply`), what the reply and the game's
announcement say was set (`said`), and what it refuses or holds back first
(`before_change`). This module applies a list of them with their classes, for
CREATE's options (which come with the commands that read them) as for a SET line,
so a new setting is its class (plus its tests), not a branch here.

Rule flags are checked by the variant (`with_rule`); `SET PLAYERS n` sets the rule
flag the variant names in `players_flag` (Taskdip's `players`), so the variant
checks it too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from judge.service.context import MailContext, Note, Refusal
from judge.store.game_settings import GameSettings
from judge.store.models import Game
from judge.variants.base import Variant, VariantError


@runtime_checkable
class SettingCommand(Protocol):
    """What a game setting's command class provides (`MasterSetting`)."""

    name: str
    announced: bool

    def apply(self, command: Any, settings: GameSettings, variant: Variant) -> GameSettings:
        """The settings with `command` applied; a Refusal if it cannot be."""
        ...

    def said(self, command: Any, settings: GameSettings) -> tuple[str, str]:
        """What was set and its value as stored: `("Grace", "24 hours")`."""
        ...

    def before_change(self, ctx: MailContext, game: Game, command: Any) -> list[Note] | None:
        """A Refusal for a change this game cannot take now, or the notes of a change
        held back (SET ZINE to an address that must confirm first); None: go on."""
        ...


def setting_class(command: object) -> SettingCommand:
    """The command that read a setting, as the class that applies it (CREATE's
    options come with the commands the grammar read them with: `Create.setters`)."""
    if not isinstance(command, SettingCommand):
        raise Refusal("not_supported", what=getattr(command, "name", "this setting"))
    return command


def apply_settings(
    variant: Variant, settings: GameSettings, commands: Iterable[tuple[object, object]]
) -> GameSettings:
    """The settings with each (setting class, parsed setting) applied, or a Refusal
    for them all."""
    for setter, command in commands:
        settings = setting_class(setter).apply(command, settings, variant)
    return settings


def with_rule(variant: Variant, settings: GameSettings, name: str, value: str) -> GameSettings:
    """The settings with one rule flag set, as the variant checks and stores it."""
    try:
        checked = variant.check_rule(name, value)
    except VariantError as error:
        raise Refusal("variant_error", message=error.reason) from error
    return settings.with_rules({**settings.rules, name: checked})
