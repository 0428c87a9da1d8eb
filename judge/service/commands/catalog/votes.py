"""njudge's votes to end a game, as SET lines: concessions, and whether draws are DIAS."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import judge.language.command_types as c
import judge.language.vote_commands as vote
from judge.i18n import N_
from judge.language.arguments import no_arguments
from judge.service.commands.catalog.game_settings import MasterSetting
from judge.service.commands.catalog.playing import Concede
from judge.service.commands.setting_echo import DIAS_WORDS, DRAWS
from judge.store.game_settings import GameSettings
from judge.variants.base import Variant


class SetConcede(Concede):
    name = "SET CONCEDE"
    usage = N_("SET CONCEDE power")
    description = N_("concede the game to that power's player")

    def read(self, rest: str) -> c.ConcedeTo:
        return vote.set_concede(rest)


class SetNoConcede(Concede):
    name = "SET NOCONCEDE"
    spellings = MappingProxyType({"en": ("SET NO CONCEDE",)})
    usage = N_("SET NOCONCEDE")
    description = N_("withdraw a concession")

    def read(self, rest: str) -> c.ConcedeTo:
        return vote.set_noconcede(rest)


class SetDias(MasterSetting[c.SetDias]):
    """njudge's DIAS (the default): a draw includes every surviving player."""

    name = "SET DIAS"
    usage = N_("SET DIAS")
    description = N_("a draw includes every surviving player")
    handles = (c.SetDias,)
    on = True

    def read(self, rest: str) -> c.SetDias:
        no_arguments(self.name, rest)
        return c.SetDias(self.on)

    def apply(self, command: c.SetDias, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, dias=command.on)

    def said(self, command: c.SetDias, settings: GameSettings) -> tuple[str, str]:
        return DRAWS, DIAS_WORDS[command.on]


class SetNoDias(SetDias):
    """njudge's NODIAS: players vote for a named draw (`SET DRAW powers`)."""

    name = "SET NODIAS"
    spellings = MappingProxyType({"en": ("SET NO DIAS",)})
    usage = N_("SET NODIAS")
    description = N_("players vote for a named draw: SET DRAW powers")
    on = False
