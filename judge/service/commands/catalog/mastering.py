"""The game master's commands that are no setting: START, PROCESS, EJECT and the rest."""

from __future__ import annotations

from types import MappingProxyType

import judge.language.command_types as c
import judge.language.game_commands as read
from judge.i18n import N_
from judge.language.arguments import CommandError, address, power, words
from judge.language.grammar import Audience
from judge.language.rollback_command import rollback_command
from judge.service.commands import become, games, gm, promote, rollback, takeover
from judge.service.commands.catalog.base import NoArguments
from judge.service.commands.registry import MailCommand
from judge.service.context import MailContext, Note


class Start(NoArguments[c.Start]):
    name = "START"
    usage = N_("START")
    description = N_("start a forming game")
    audience = Audience.MASTER
    handles = (c.Start,)

    def made(self) -> c.Start:
        return c.Start()

    def handle(self, ctx: MailContext, command: c.Start) -> list[Note]:
        return games.start(ctx, command)


class Process(NoArguments[c.Process]):
    name = "PROCESS"
    usage = N_("PROCESS")
    description = N_("process the current phase now")
    audience = Audience.MASTER
    handles = (c.Process,)
    once_per_game = True

    def made(self) -> c.Process:
        return c.Process()

    def handle(self, ctx: MailContext, command: c.Process) -> list[Note]:
        return gm.process(ctx, command)


class Pause(NoArguments[c.Pause]):
    name = "PAUSE"
    usage = N_("PAUSE")
    description = N_("stop the clock of a running game")
    audience = Audience.MASTER
    handles = (c.Pause,)

    def made(self) -> c.Pause:
        return c.Pause()

    def handle(self, ctx: MailContext, command: c.Pause) -> list[Note]:
        return gm.pause(ctx, command)


class Resume(NoArguments[c.Resume]):
    name = "RESUME"
    usage = N_("RESUME")
    description = N_("restart the clock of a paused game")
    audience = Audience.MASTER
    handles = (c.Resume,)

    def made(self) -> c.Resume:
        return c.Resume()

    def handle(self, ctx: MailContext, command: c.Resume) -> list[Note]:
        return gm.resume(ctx, command)


class Terminate(NoArguments[c.Terminate]):
    name = "TERMINATE"
    usage = N_("TERMINATE")
    description = N_("end the game with no winner")
    audience = Audience.MASTER
    handles = (c.Terminate,)

    def made(self) -> c.Terminate:
        return c.Terminate()

    def handle(self, ctx: MailContext, command: c.Terminate) -> list[Note]:
        return gm.terminate(ctx, command)


class Eject(MailCommand[c.Eject]):
    name = "EJECT"
    usage = N_("EJECT power")
    description = N_("eject a power's player (or an address) from the game")
    audience = Audience.MASTER
    handles = (c.Eject,)

    def read(self, rest: str) -> c.Eject:
        return read.eject_command(rest)

    def handle(self, ctx: MailContext, command: c.Eject) -> list[Note]:
        return gm.eject(ctx, command)


class Approve(MailCommand[c.Approve]):
    name = "APPROVE"
    usage = N_("APPROVE power address")
    description = N_("let an address take over an ejected power")
    audience = Audience.MASTER
    handles = (c.Approve,)

    def read(self, rest: str) -> c.Approve:
        return read.approve_command(rest)

    def handle(self, ctx: MailContext, command: c.Approve) -> list[Note]:
        return takeover.approve(ctx, command)


class Become(MailCommand[c.Become]):
    name = "BECOME"
    usage = N_("BECOME power")
    description = N_("act as that power's player for the rest of the mail")
    audience = Audience.MASTER
    handles = (c.Become,)

    def read(self, rest: str) -> c.Become:
        given = words(rest)
        if len(given) != 1:
            raise CommandError("become_usage")
        return c.Become(power(given[0]))

    def handle(self, ctx: MailContext, command: c.Become) -> list[Note]:
        return become.become(ctx, command)


class Promote(MailCommand[c.Promote]):
    name = "PROMOTE"
    usage = N_("PROMOTE address")
    description = N_("make an observer of the game one of its masters")
    audience = Audience.MASTER
    handles = (c.Promote,)

    def read(self, rest: str) -> c.Promote:
        given = words(rest)
        if len(given) != 1:
            raise CommandError("promote_usage")
        return c.Promote(address(given[0]))

    def handle(self, ctx: MailContext, command: c.Promote) -> list[Note]:
        return promote.promote(ctx, command)


class Rollback(MailCommand[c.Rollback]):
    name = "ROLLBACK"
    spellings = MappingProxyType({"en": ("ROLL BACK",), "fr": ("RETOUR",)})
    usage = N_("ROLLBACK [phase]")
    description = N_("take the game back to the start of a phase")
    audience = Audience.MASTER
    handles = (c.Rollback,)
    once_per_game = True

    def read(self, rest: str) -> c.Rollback:
        return rollback_command(rest)

    def handle(self, ctx: MailContext, command: c.Rollback) -> list[Note]:
        return rollback.rollback(ctx, command)
