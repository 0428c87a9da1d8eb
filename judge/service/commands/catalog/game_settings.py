"""The master's game settings: SET lines after SIGNON, or options after CREATE.

Each is a `MasterSetting`, and its class is all of the setting the commands know:
how it is read, how it changes the game's `GameSettings` (`apply`, for CREATE's
options as for a SET line: `judge.service.commands.settings`), what the reply and
the game's announcement say was set (`said`), and what it refuses or holds back
first (`before_change`). CREATE takes it without the word SET; once the game exists
the master's SET line changes it (`judge.service.commands.gm.set_setting`). njudge's
words for the same settings are subclasses that read differently (`SET GREY` is
`SET PRESS GREY`).
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import TypeVar

import judge.language.command_types as c
import judge.language.press_set_commands as press
import judge.language.set_commands as read
from judge.i18n import N_
from judge.language.arguments import no_arguments
from judge.language.grammar import Audience
from judge.service.commands import game_flags, gm, language, set_players, timing
from judge.service.commands import setting_echo as words
from judge.service.commands.registry import MailCommand
from judge.service.commands.setting_echo import count_words, duration_words
from judge.service.commands.settings import with_rule
from judge.service.confirming.confirmation import asks_for
from judge.service.context import MailContext, Note, Refusal
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus
from judge.variants.base import Variant
from judge.wording.language_names import LANGUAGES_CHOSEN
from judge.wording.settings import LANGUAGE_SETTING, PER_PLAYER, RULE_SETTING

S = TypeVar("S")


class MasterSetting(MailCommand[S]):
    """A game setting the master sends, which CREATE takes too. `announced`: it
    changes play or the players' timing, so a change is told to the whole game."""

    audience = Audience.MASTER
    in_create = True
    announced = True

    def apply(self, command: S, settings: GameSettings, variant: Variant) -> GameSettings:
        """The game's settings with this one applied; a Refusal if it cannot be."""
        raise Refusal("not_supported", what=self.name)

    def said(self, command: S, settings: GameSettings) -> tuple[str, str]:
        """What the reply and the announcement say was set, and its value as stored."""
        return type(command).__name__, ""

    def before_change(self, ctx: MailContext, game: Game, command: S) -> list[Note] | None:
        """A Refusal for a change `game` cannot take now, or the notes of one held
        back; None: the change is made."""
        return None

    def handle(self, ctx: MailContext, command: S) -> list[Note]:
        return gm.set_setting(ctx, command, self)


class SetDeadline(MasterSetting[c.SetDeadline]):
    name = "SET DEADLINE"
    usage = N_("SET DEADLINE when")
    description = N_("the current phase's deadline")
    handles = (c.SetDeadline,)

    def read(self, rest: str) -> c.SetDeadline:
        return read.set_deadline(rest)

    def apply(
        self, command: c.SetDeadline, settings: GameSettings, variant: Variant
    ) -> GameSettings:
        raise Refusal("deadline_needs_game")  # a deadline is a running phase's

    def handle(self, ctx: MailContext, command: c.SetDeadline) -> list[Note]:
        return timing.set_deadline(ctx, command)


class SetGrace(MasterSetting[c.SetGrace]):
    name = "SET GRACE"
    usage = N_("SET GRACE duration")
    description = N_("how long after a deadline late orders are taken")
    handles = (c.SetGrace,)

    def read(self, rest: str) -> c.SetGrace:
        return read.set_grace(rest)

    def apply(self, command: c.SetGrace, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, grace=command.duration)

    def said(self, command: c.SetGrace, settings: GameSettings) -> tuple[str, str]:
        return words.GRACE, duration_words(command.duration)


class SetMoveNext(MasterSetting[c.SetNext]):
    name = "SET MOVE NEXT"
    spellings = MappingProxyType({"en": ("SET (?:MOVES?|MOVEMENT) (?:NEXT)?",)})
    usage = N_("SET MOVE NEXT duration")
    description = N_("how long a movement phase lasts")
    handles = (c.SetNext,)

    def read(self, rest: str) -> c.SetNext:
        return read.set_next("MOVE")(rest)

    def apply(self, command: c.SetNext, settings: GameSettings, variant: Variant) -> GameSettings:
        return settings.with_length(command.kind, command.duration)

    def said(self, command: c.SetNext, settings: GameSettings) -> tuple[str, str]:
        return words.PHASE_LENGTHS[command.kind], duration_words(command.duration)


class SetRetreatNext(SetMoveNext):
    name = "SET RETREAT NEXT"
    spellings = MappingProxyType({"en": ("SET RETREATS? (?:NEXT)?",)})
    usage = N_("SET RETREAT NEXT duration")
    description = N_("how long a retreat phase lasts")

    def read(self, rest: str) -> c.SetNext:
        return read.set_next("RETREAT")(rest)


class SetAdjustNext(SetMoveNext):
    name = "SET ADJUST NEXT"
    spellings = MappingProxyType({"en": ("SET (?:ADJUST(?:MENTS?|S)?|BUILDS?) (?:NEXT)?",)})
    usage = N_("SET ADJUST NEXT duration")
    description = N_("how long an adjustment phase lasts")

    def read(self, rest: str) -> c.SetNext:
        return read.set_next("ADJUST")(rest)


class SetBidNext(SetMoveNext):
    name = "SET BID NEXT"
    spellings = MappingProxyType({"en": ("SET (?:BIDS?|BIDDING) (?:NEXT)?",)})
    usage = N_("SET BID NEXT duration")
    description = N_("how long a bid phase lasts (Intimate)")

    def read(self, rest: str) -> c.SetNext:
        return read.set_next("BID")(rest)


class SetPlayers(MasterSetting[c.SetPlayers]):
    name = "SET PLAYERS"
    spellings = MappingProxyType({"en": ("SET PLAYERS?",)})
    usage = N_("SET PLAYERS n")
    description = N_("how many players the game takes (Taskdip)")
    handles = (c.SetPlayers,)

    def read(self, rest: str) -> c.SetPlayers:
        return read.set_players(rest)

    def apply(
        self, command: c.SetPlayers, settings: GameSettings, variant: Variant
    ) -> GameSettings:
        """The variant's `players_flag` rule (Taskdip's `players`), which it checks."""
        if variant.players_flag is None:
            raise Refusal("players_not_used", variant=variant.display_name)
        return with_rule(variant, settings, variant.players_flag, str(command.n))

    def handle(self, ctx: MailContext, command: c.SetPlayers) -> list[Note]:
        return set_players.set_players(ctx, command, self)


class SetRule(MasterSetting[c.SetRule]):
    name = "SET RULE"
    usage = N_("SET RULE name value")
    description = N_("one of the variant's rule flags")
    handles = (c.SetRule,)

    def read(self, rest: str) -> c.SetRule:
        return read.set_rule(rest)

    def apply(self, command: c.SetRule, settings: GameSettings, variant: Variant) -> GameSettings:
        return with_rule(variant, settings, command.name, command.value)

    def said(self, command: c.SetRule, settings: GameSettings) -> tuple[str, str]:
        stored = settings.rules.get(command.name, command.value)
        return RULE_SETTING % {"name": command.name}, str(stored)


class SetZine(MasterSetting[c.SetZine]):
    name = "SET ZINE"
    usage = N_("SET ZINE address")
    description = N_("where the game's results are also sent (NONE: nowhere)")
    handles = (c.SetZine,)
    announced = False  # not told to the game

    def read(self, rest: str) -> c.SetZine:
        return read.set_zine(rest)

    def apply(self, command: c.SetZine, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, zine=command.address)

    def said(self, command: c.SetZine, settings: GameSettings) -> tuple[str, str]:
        return words.ZINE, command.address or words.NO_ZINE

    def before_change(self, ctx: MailContext, game: Game, command: c.SetZine) -> list[Note] | None:
        """An address that is not confirmed and asking for the game becomes the zine
        once it confirms."""
        if command.address and not asks_for(ctx.session, ctx.config, command.address, game):
            return gm.zine_pending(ctx, game, command.address)
        return None


class SetMaps(MasterSetting[c.SetMaps]):
    name = "SET MAPS"
    spellings = MappingProxyType({"en": ("SET MAPS?",)})
    usage = N_("SET MAPS ON|OFF")
    description = N_("whether result mails carry a map")
    handles = (c.SetMaps,)
    announced = False  # not told to the game

    def read(self, rest: str) -> c.SetMaps:
        return read.set_maps(rest)

    def apply(self, command: c.SetMaps, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, maps=command.on)

    def said(self, command: c.SetMaps, settings: GameSettings) -> tuple[str, str]:
        return words.MAPS, words.ON_OFF[command.on]


class SetPress(MasterSetting[c.SetPress]):
    name = "SET PRESS"
    usage = N_("SET PRESS WHITE|GREY|NONE")
    description = N_("signed press, anonymous press allowed, or none")
    handles = (c.SetPress,)

    def read(self, rest: str) -> c.SetPress:
        return press.set_press(rest)

    def apply(self, command: c.SetPress, settings: GameSettings, variant: Variant) -> GameSettings:
        if settings.gunboat and command.level != "none":
            raise Refusal("press_in_gunboat")
        return replace(settings, press=command.level)

    def said(self, command: c.SetPress, settings: GameSettings) -> tuple[str, str]:
        return words.PRESS, words.PRESS_WORDS[command.level]


class SetPartial(MasterSetting[c.SetPartial]):
    name = "SET PARTIAL"
    usage = N_("SET PARTIAL ON|OFF")
    description = N_("whether press may go to some powers only")
    handles = (c.SetPartial,)

    def read(self, rest: str) -> c.SetPartial:
        return press.set_partial(rest)

    def apply(
        self, command: c.SetPartial, settings: GameSettings, variant: Variant
    ) -> GameSettings:
        return replace(settings, partial=command.on)

    def said(self, command: c.SetPartial, settings: GameSettings) -> tuple[str, str]:
        return words.PARTIAL, words.ON_OFF[True] if command.on else words.PARTIAL_OFF


class SetGunboat(MasterSetting[c.SetGunboat]):
    name = "SET GUNBOAT"
    usage = N_("SET GUNBOAT [ON|OFF]")
    description = N_("anonymous players")
    handles = (c.SetGunboat,)

    def read(self, rest: str) -> c.SetGunboat:
        return press.set_gunboat(rest)

    def apply(
        self, command: c.SetGunboat, settings: GameSettings, variant: Variant
    ) -> GameSettings:
        return replace(settings, gunboat=command.on)

    def said(self, command: c.SetGunboat, settings: GameSettings) -> tuple[str, str]:
        return words.GUNBOAT, words.GUNBOAT_WORDS[command.on]

    def before_change(
        self, ctx: MailContext, game: Game, command: c.SetGunboat
    ) -> list[Note] | None:
        """Chosen before the start: anonymity cannot be given back once players have
        seen each other's mail."""
        if game.status is not GameStatus.FORMING:
            raise Refusal("gunboat_after_start", game=game.name)
        return None


class SetNoGunboat(SetGunboat):
    name = "SET NOGUNBOAT"
    spellings = MappingProxyType({"en": ("SET NO GUNBOAT",)})
    usage = N_("SET NOGUNBOAT")
    description = N_("players are not anonymous")

    def read(self, rest: str) -> c.SetGunboat:
        return press.set_nogunboat(rest)


class SetLanguage(MasterSetting[c.SetLanguage]):
    """A player's own language; sent by the master (or in CREATE), the game's."""

    name = "SET LANGUAGE"
    spellings = MappingProxyType({"en": ("SET LANG(?:UAGE)?",)})
    usage = N_("SET LANGUAGE en|fr")
    description = N_("the language of your mail (the master: the game's)")
    audience = Audience.SIGNED_ON
    handles = (c.SetLanguage,)

    def read(self, rest: str) -> c.SetLanguage:
        return read.set_language(rest, LANGUAGES_CHOSEN)  # the catalogs' languages

    def apply(
        self, command: c.SetLanguage, settings: GameSettings, variant: Variant
    ) -> GameSettings:
        return replace(settings, language=command.language)

    def said(self, command: c.SetLanguage, settings: GameSettings) -> tuple[str, str]:
        return LANGUAGE_SETTING, command.language

    def handle(self, ctx: MailContext, command: c.SetLanguage) -> list[Note]:
        return language.set_language(ctx, command)


class SetMaxAbsence(MasterSetting[c.SetMaxAbsence]):
    name = "SET MAXABSENCE"
    spellings = MappingProxyType({"en": ("SET MAX(?:IMUM)? ABSENCES?",)})
    usage = N_("SET MAXABSENCE days")
    description = N_("each player's days of absence in the game")
    handles = (c.SetMaxAbsence,)

    def read(self, rest: str) -> c.SetMaxAbsence:
        return read.set_maxabsence(rest)

    def apply(
        self, command: c.SetMaxAbsence, settings: GameSettings, variant: Variant
    ) -> GameSettings:
        return replace(settings, max_absence_days=command.days)

    def said(self, command: c.SetMaxAbsence, settings: GameSettings) -> tuple[str, str]:
        if not command.days:
            return words.MAX_ABSENCE, words.NO_ABSENCE
        return words.MAX_ABSENCE, PER_PLAYER % {"days": count_words(command.days, "day")}


class SetWhite(SetPress):
    """njudge's press words, read as the nearest of ours (docs/commands.md)."""

    name = "SET WHITE"
    spellings = MappingProxyType({"en": ("SET WHITE",)})
    usage = N_("SET WHITE")
    description = N_("njudge's word: SET PRESS WHITE")
    level: c.PressLevel = "white"

    def read(self, rest: str) -> c.SetPress:
        return press.njudge_press(self.name.removeprefix("SET "), self.level)(rest)


class SetWhiteGrey(SetWhite):
    name = "SET WHITE/GREY"
    spellings = MappingProxyType({"en": ("SET WHITE / GR[EA]Y",)})
    usage = N_("SET WHITE/GREY")
    description = N_("njudge's word: SET PRESS GREY")
    level = "grey"


class SetGreyWhite(SetWhite):
    name = "SET GREY/WHITE"
    spellings = MappingProxyType({"en": ("SET GR[EA]Y / WHITE",)})
    usage = N_("SET GREY/WHITE")
    description = N_("njudge's word: SET PRESS GREY")
    level = "grey"


class SetGrey(SetWhite):
    name = "SET GREY"
    spellings = MappingProxyType({"en": ("SET GR[EA]Y",)})
    usage = N_("SET GREY")
    description = N_("njudge's word: SET PRESS GREY")
    level = "grey"


class SetNoPress(SetWhite):
    name = "SET NOPRESS"
    spellings = MappingProxyType({"en": ("SET NO PRESS",)})
    usage = N_("SET NOPRESS")
    description = N_("njudge's word: SET PRESS NONE")
    level = "none"


class SetNoPartial(SetPartial):
    name = "SET NOPARTIAL"
    spellings = MappingProxyType({"en": ("SET NO PARTIAL",)})
    usage = N_("SET NOPARTIAL")
    description = N_("press goes to everyone or nobody")

    def read(self, rest: str) -> c.SetPartial:
        return press.set_nopartial(rest)


class SetNmr(MasterSetting[c.SetNmr]):
    """njudge's NMR: after the grace, the game waits for a power that sent nothing."""

    name = "SET NMR"
    usage = N_("SET NMR")
    description = N_("wait for a power that sent no orders")
    handles = (c.SetNmr,)
    waits = True

    def read(self, rest: str) -> c.SetNmr:
        no_arguments("SET NMR" if self.waits else "SET CD", rest)
        return c.SetNmr(self.waits)

    def apply(self, command: c.SetNmr, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, nmr=command.waits)

    def handle(self, ctx: MailContext, command: c.SetNmr) -> list[Note]:
        return game_flags.set_nmr(ctx, command)


class SetCd(SetNmr):
    name = "SET CD"
    usage = N_("SET CD")
    description = N_("a power that sent no orders goes into civil disorder")
    waits = False


class SetNoNmr(SetCd):
    name = "SET NONMR"
    spellings = MappingProxyType({"en": ("SET NO NMR",)})
    usage = N_("SET NONMR")


class SetQuiet(MasterSetting[c.SetQuiet]):
    name = "SET QUIET"
    usage = N_("SET QUIET")
    description = N_("resignations and takeovers told to the masters only")
    handles = (c.SetQuiet,)
    on = True

    def read(self, rest: str) -> c.SetQuiet:
        no_arguments(self.name, rest)
        return c.SetQuiet(self.on)

    def apply(self, command: c.SetQuiet, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, quiet=command.on)

    def handle(self, ctx: MailContext, command: c.SetQuiet) -> list[Note]:
        return game_flags.set_quiet(ctx, command)


class SetNoQuiet(SetQuiet):
    name = "SET NOQUIET"
    spellings = MappingProxyType({"en": ("SET NO QUIET",)})
    usage = N_("SET NOQUIET")
    description = N_("resignations and takeovers announced to the whole game")
    on = False
