"""Game settings a master chooses: on CREATE as options, later with SET lines.

Rule flags are checked by the variant. The timing and zine settings belong to
later work (deadlines, press, zines); until then they are refused, plainly.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from typing import Any

from judge.mail.command_types import (
    GameSetting,
    SetDeadline,
    SetGrace,
    SetMaps,
    SetNext,
    SetPlayers,
    SetRule,
    SetZine,
)
from judge.service.context import Refusal
from judge.variants.base import Variant, VariantError

KEYWORDS: dict[type, str] = {
    SetDeadline: "SET DEADLINE",
    SetGrace: "SET GRACE",
    SetNext: "SET ... NEXT",
    SetPlayers: "SET PLAYERS",
    SetZine: "SET ZINE",
    SetMaps: "SET MAPS",
}


def apply_settings(
    variant: Variant, settings: MutableMapping[str, Any], commands: Iterable[GameSetting]
) -> None:
    """Apply each setting to `settings` (a game's settings dict), or refuse them all.

    The nested `rules` dict is replaced, not changed in place, so the JSON column
    sees the change.
    """
    rules = dict(settings.get("rules", {}))
    for command in commands:
        if not isinstance(command, SetRule):
            raise Refusal("not_supported", what=KEYWORDS.get(type(command), "this setting"))
        try:
            rules[command.name] = variant.check_rule(command.name, command.value)
        except VariantError as error:
            raise Refusal("variant_error", message=str(error)) from error
    settings["rules"] = rules
