"""The commands anyone may send without a signon: HELP, LIST, CREATE, SIGNON and friends."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import judge.language.command_types as c
import judge.language.njudge_commands as njudge
import judge.language.open_commands as read
import judge.service.commands.games as games
import judge.service.confirming.confirmation as confirmation
import judge.service.maps.mail_maps as mail_maps
from judge.i18n import N_
from judge.language.arguments import CommandError, game_name, no_arguments, words
from judge.language.grammar import Audience, Words
from judge.service.commands import help, join_next, listing, njudge_info
from judge.service.commands.registry import MailCommand
from judge.service.context import MailContext, Note


class Help(MailCommand[c.Help]):
    name = "HELP"
    spellings = MappingProxyType({"fr": ("AIDE",)})
    usage = N_("HELP [topic]")
    description = N_("this text, or the help on one topic")
    audience = Audience.ANYONE
    handles = (c.Help,)
    reads_only = True
    answered_once = True

    def read_words(self, rest: str, words: Words) -> c.Help:
        return read.help_command(rest, words.vocabulary, words.grammar)

    def handle(self, ctx: MailContext, command: c.Help) -> list[Note]:
        return help.help_text(ctx, command)


class Get(Help):
    """njudge's word for HELP, which also knows njudge's file names."""

    name = "GET"
    spellings = MappingProxyType({"fr": ("OBTENIR",)})
    usage = N_("GET topic")
    description = N_("the same as HELP topic (njudge's word)")

    def read_words(self, rest: str, words: Words) -> c.Help:
        return replace(njudge.get_command(rest, words.vocabulary), grammar=words.grammar)


class Create(MailCommand[c.Create]):
    name = "CREATE"
    usage = N_("CREATE game password variant")
    description = N_("create a forming game; you are its master")
    audience = Audience.ANYONE
    handles = (c.Create,)

    def read_words(self, rest: str, words: Words) -> c.Create:
        return read.create_command(rest, words)

    def handle(self, ctx: MailContext, command: c.Create) -> list[Note]:
        return games.create(ctx, command)


class Signon(MailCommand[c.Signon | c.JoinNext]):
    """`SIGNON Xgame password`, or njudge's `SIGNON ? password [variant]`: join the
    next forming game with room."""

    name = "SIGNON"
    spellings = MappingProxyType({"en": ("SIGN ON",)})
    usage = N_("SIGNON Xgame password")
    description = N_("sign on to a game as power X, M (master) or O (observer); ? joins")
    audience = Audience.ANYONE
    handles = (c.Signon, c.JoinNext)

    def read_words(self, rest: str, words: Words) -> c.Signon | c.JoinNext:
        return read.signon_command(rest, words.vocabulary)

    def handle(self, ctx: MailContext, command: c.Signon | c.JoinNext) -> list[Note]:
        if isinstance(command, c.JoinNext):
            return join_next.join_next(ctx, command)
        return games.signon(ctx, command)


class List(MailCommand[c.ListGames]):
    name = "LIST"
    spellings = MappingProxyType({"fr": ("LISTE",)})
    usage = N_("LIST [game]")
    description = N_("the games on this judge, or one game's status")
    audience = Audience.ANYONE
    handles = (c.ListGames,)
    reads_only = True
    answered_once = True

    def read(self, rest: str) -> c.ListGames:
        return read.list_command(rest)

    def handle(self, ctx: MailContext, command: c.ListGames) -> list[Note]:
        return listing.list_games(ctx, command)


class History(MailCommand[c.History]):
    name = "HISTORY"
    spellings = MappingProxyType({"fr": ("HISTORIQUE",)})
    usage = N_("HISTORY game")
    description = N_("the public results of every phase so far")
    audience = Audience.ANYONE
    handles = (c.History,)
    reads_only = True
    answered_once = True

    def read(self, rest: str) -> c.History:
        return read.history_command(rest)

    def handle(self, ctx: MailContext, command: c.History) -> list[Note]:
        return listing.history(ctx, command)


class Summary(MailCommand[c.Summary]):
    name = "SUMMARY"
    usage = N_("SUMMARY game")
    description = N_("centres per power, year by year")
    audience = Audience.ANYONE
    handles = (c.Summary,)
    reads_only = True
    answered_once = True

    def read(self, rest: str) -> c.Summary:
        return read.summary_command(rest)

    def handle(self, ctx: MailContext, command: c.Summary) -> list[Note]:
        return listing.summary(ctx, command)


class Map(MailCommand[c.MapRequest]):
    name = "MAP"
    spellings = MappingProxyType({"fr": ("CARTE",)})
    usage = N_("MAP game")
    description = N_("the current map, attached to the reply")
    audience = Audience.ANYONE
    handles = (c.MapRequest,)
    answered_once = True

    def read(self, rest: str) -> c.MapRequest:
        return read.map_command(rest)

    def handle(self, ctx: MailContext, command: c.MapRequest) -> list[Note]:
        return mail_maps.map_request(ctx, command)


class Observe(MailCommand[c.Observe]):
    name = "OBSERVE"
    usage = N_("OBSERVE game password")
    description = N_("watch a game: you get every public mail")
    audience = Audience.ANYONE
    handles = (c.Observe,)

    def read(self, rest: str) -> c.Observe:
        return read.observe_command(rest)

    def handle(self, ctx: MailContext, command: c.Observe) -> list[Note]:
        return games.observe(ctx, command)


class Unobserve(MailCommand[c.Unobserve]):
    name = "UNOBSERVE"
    spellings = MappingProxyType({"en": ("UN OBSERVE",)})
    usage = N_("UNOBSERVE game")
    description = N_("stop watching a game (no password needed)")
    audience = Audience.ANYONE
    handles = (c.Unobserve,)

    def read(self, rest: str) -> c.Unobserve:
        return read.unobserve_command(rest)

    def handle(self, ctx: MailContext, command: c.Unobserve) -> list[Note]:
        return confirmation.unobserve(ctx, command)


class Confirm(MailCommand[c.Confirm]):
    name = "CONFIRM"
    usage = N_("CONFIRM code")
    description = N_("confirm that this address reads the judge's mail")
    audience = Audience.ANYONE
    handles = (c.Confirm,)

    def read(self, rest: str) -> c.Confirm:
        return read.confirm_command(rest)

    def handle(self, ctx: MailContext, command: c.Confirm) -> list[Note]:
        return confirmation.confirm(ctx, command)


class Stop(MailCommand[c.Stop]):
    name = "STOP"
    usage = N_("STOP")
    description = N_("no more game mail to this address, for any game")
    audience = Audience.ANYONE
    handles = (c.Stop,)

    def read(self, rest: str) -> c.Stop:
        return read.stop_command(rest)

    def handle(self, ctx: MailContext, command: c.Stop) -> list[Note]:
        return confirmation.stop(ctx, command)


class Version(MailCommand[c.Version]):
    name = "VERSION"
    usage = N_("VERSION")
    description = N_("this judge's version")
    audience = Audience.ANYONE
    handles = (c.Version,)
    reads_only = True

    def read(self, rest: str) -> c.Version:
        no_arguments(self.name, rest)
        return c.Version()

    def handle(self, ctx: MailContext, command: c.Version) -> list[Note]:
        return njudge_info.version_command(ctx, command)


class WhoGame(MailCommand[c.WhoGame]):
    name = "WHOGAME"
    spellings = MappingProxyType({"en": ("WHO GAME",), "fr": ("QUI JOUE",)})
    usage = N_("WHOGAME game")
    description = N_("who plays each power, the master, observers")
    audience = Audience.ANYONE
    handles = (c.WhoGame,)
    reads_only = True

    def read(self, rest: str) -> c.WhoGame:
        given = words(rest)
        if len(given) > 1:
            raise CommandError("whogame_usage")
        return c.WhoGame(game_name(given[0]) if given else None)

    def handle(self, ctx: MailContext, command: c.WhoGame) -> list[Note]:
        return njudge_info.whogame(ctx, command)
