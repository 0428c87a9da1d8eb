"""The SET lines a player sends for themself: waiting, password, address, zone, absences.

SET PREFERENCES, SET DRAW and SET NODRAW are the plain commands under another word.
"""

from __future__ import annotations

from types import MappingProxyType

import judge.language.command_types as c
import judge.language.set_commands as read
from judge.i18n import N_
from judge.language.grammar import Audience
from judge.service.commands import absences, account, orders, zone_setting
from judge.service.commands.catalog.playing import Draw, NoDraw, Preferences
from judge.service.commands.registry import MailCommand
from judge.service.context import MailContext, Note


class SetWait(MailCommand[c.SetWait]):
    name = "SET WAIT"
    usage = N_("SET WAIT")
    description = N_("hold back early processing")
    audience = Audience.PLAYER
    handles = (c.SetWait,)

    def read(self, rest: str) -> c.SetWait:
        return read.set_wait(rest)

    def handle(self, ctx: MailContext, command: c.SetWait) -> list[Note]:
        return orders.set_wait(ctx, command)


class SetNoWait(SetWait):
    name = "SET NOWAIT"
    spellings = MappingProxyType({"en": ("SET NO WAIT",)})
    usage = N_("SET NOWAIT")
    description = N_("allow early processing again")

    def read(self, rest: str) -> c.SetWait:
        return read.set_nowait(rest)


class SetPassword(MailCommand[c.SetPassword]):
    name = "SET PASSWORD"
    usage = N_("SET PASSWORD new")
    description = N_("change your password (HELP settings)")
    audience = Audience.SIGNED_ON
    handles = (c.SetPassword,)

    def read(self, rest: str) -> c.SetPassword:
        return read.set_password(rest)

    def handle(self, ctx: MailContext, command: c.SetPassword) -> list[Note]:
        return account.set_password(ctx, command)


class SetAddress(MailCommand[c.SetAddress]):
    name = "SET ADDRESS"
    usage = N_("SET ADDRESS new@address")
    description = N_("change your registered address")
    audience = Audience.SIGNED_ON
    handles = (c.SetAddress,)

    def read(self, rest: str) -> c.SetAddress:
        return read.set_address(rest)

    def handle(self, ctx: MailContext, command: c.SetAddress) -> list[Note]:
        return account.set_address(ctx, command)


class SetPreferences(Preferences):
    name = "SET PREFERENCES"
    spellings = MappingProxyType({"en": ("SET PREF(?:ERENCE)?S?",)})
    usage = N_("SET PREFERENCES list")


class SetDraw(Draw):
    name = "SET DRAW"
    usage = N_("SET DRAW powers")
    description = N_("vote for a draw of those powers' players")


class SetNoDraw(NoDraw):
    name = "SET NODRAW"
    spellings = MappingProxyType({"en": ("SET NO DRAW",)})
    usage = N_("SET NODRAW")


class SetTimezone(MailCommand[c.SetTimezone]):
    name = "SET TIMEZONE"
    spellings = MappingProxyType({"en": ("SET TIME ZONE",)})
    usage = N_("SET TIMEZONE zone")
    description = N_("the time zone deadlines are shown in for you")
    audience = Audience.SIGNED_ON
    handles = (c.SetTimezone,)

    def read(self, rest: str) -> c.SetTimezone:
        return read.set_timezone(rest)

    def handle(self, ctx: MailContext, command: c.SetTimezone) -> list[Note]:
        return zone_setting.set_timezone(ctx, command)


class SetNoTimezone(SetTimezone):
    name = "SET NOTIMEZONE"
    spellings = MappingProxyType({"en": ("SET NO TIME ZONE",)})
    usage = N_("SET NOTIMEZONE")
    description = N_("deadlines shown in UTC again")

    def read(self, rest: str) -> c.SetTimezone:
        return read.set_notimezone(rest)


class SetAbsence(MailCommand[c.SetAbsence]):
    name = "SET ABSENCE"
    usage = N_("SET ABSENCE start [TO end]")
    description = N_("days you are away: no deadline falls in them")
    audience = Audience.PLAYER
    handles = (c.SetAbsence,)

    def read(self, rest: str) -> c.SetAbsence:
        return read.set_absence(rest)

    def handle(self, ctx: MailContext, command: c.SetAbsence) -> list[Note]:
        return absences.set_absence(ctx, command)


class SetNoAbsence(MailCommand[c.SetNoAbsence]):
    name = "SET NOABSENCE"
    spellings = MappingProxyType({"en": ("SET NO ABSENCE",)})
    usage = N_("SET NOABSENCE [date]")
    description = N_("withdraw an absence")
    audience = Audience.PLAYER
    handles = (c.SetNoAbsence,)

    def read(self, rest: str) -> c.SetNoAbsence:
        return read.set_noabsence(rest)

    def handle(self, ctx: MailContext, command: c.SetNoAbsence) -> list[Note]:
        return absences.set_noabsence(ctx, command)
