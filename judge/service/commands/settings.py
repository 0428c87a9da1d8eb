"""Game settings a master chooses: on CREATE as options, later with SET lines.

Rule flags are checked by the variant; `SET PLAYERS n` sets the rule flag the
variant names in `players_flag` (Taskdip's `players`), so the variant checks it
too. The timing and zine settings are stored by `timing_settings`; SET MAPS turns
the results maps on or off; SET PRESS, PARTIAL and GUNBOAT are `press_settings`';
SET LANGUAGE chooses the game's default language; SET MAXABSENCE caps the players'
absences (`judge.service.commands.absences`). All of them are kept in `GameSettings`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from judge.language.command_types import (
    GameSetting,
    SetDeadline,
    SetDias,
    SetGrace,
    SetLanguage,
    SetMaps,
    SetMaxAbsence,
    SetNext,
    SetPlayers,
    SetRule,
    SetZine,
)
from judge.service.commands.press_settings import PRESS_SETTINGS, apply_press_setting
from judge.service.commands.timing_settings import TIMING_SETTINGS, apply_timing
from judge.service.context import Refusal
from judge.store.game_settings import GameSettings
from judge.variants.base import Variant, VariantError

KEYWORDS: dict[type, str] = {
    SetDeadline: "SET DEADLINE",
    SetGrace: "SET GRACE",
    SetNext: "SET ... NEXT",
    SetPlayers: "SET PLAYERS",
    SetZine: "SET ZINE",
    SetMaps: "SET MAPS",
    SetLanguage: "SET LANGUAGE",
}


def apply_settings(
    variant: Variant, settings: GameSettings, commands: Iterable[GameSetting]
) -> GameSettings:
    """The settings with each command applied, or a Refusal for them all."""
    rules = dict(settings.rules)
    for command in commands:
        if isinstance(command, TIMING_SETTINGS):
            settings = apply_timing(settings, command)
            continue
        if isinstance(command, SetMaps):
            settings = replace(settings, maps=command.on)
            continue
        if isinstance(command, PRESS_SETTINGS):
            settings = apply_press_setting(settings, command)
            continue
        if isinstance(command, SetLanguage):
            settings = replace(settings, language=command.language)
            continue
        if isinstance(command, SetMaxAbsence):
            settings = replace(settings, max_absence_days=command.days)
            continue
        if isinstance(command, SetDias):
            settings = replace(settings, dias=command.on)
            continue
        name, value = _rule_of(variant, command)
        try:
            rules[name] = variant.check_rule(name, value)
        except VariantError as error:
            raise Refusal("variant_error", message=error.reason) from error
    return settings.with_rules(rules)


def _rule_of(variant: Variant, command: GameSetting) -> tuple[str, str]:
    """The rule flag a setting changes: SET RULE's own, or the variant's
    `players_flag` for SET PLAYERS."""
    if isinstance(command, SetRule):
        return command.name, command.value
    if isinstance(command, SetPlayers):
        if variant.players_flag is None:
            raise Refusal("players_not_used", variant=variant.display_name)
        return variant.players_flag, str(command.n)
    raise Refusal("not_supported", what=KEYWORDS.get(type(command), "this setting"))
