"""The commands of a player signed on to a game: orders, bids, press, votes, leaving."""

from __future__ import annotations

from types import MappingProxyType

import judge.language.command_types as c
import judge.language.game_commands as read
import judge.language.master_commands as master
import judge.language.njudge_commands as njudge
import judge.language.vote_commands as vote
from judge.i18n import N_
from judge.language.arguments import CommandError
from judge.language.grammar import Audience
from judge.language.phase_command import phase_command
from judge.service.commands import (
    account,
    bids,
    cancel,
    draws,
    games,
    orders,
    phase_orders,
    press,
    stalemate,
)
from judge.service.commands.catalog.base import NoArguments
from judge.service.commands.registry import MailCommand
from judge.service.context import MailContext, Note, Refusal, Signed, admits, note


class Preferences(MailCommand[c.Preferences]):
    name = "PREFERENCES"
    spellings = MappingProxyType({"en": ("PREF(?:ERENCE)?S?",), "fr": ("PR[EÉ]F[EÉ]RENCES?",)})
    usage = N_("PREFERENCES list")
    description = N_("the powers you would rather play, e.g. FGEAIRT")
    audience = Audience.PLAYER
    handles = (c.Preferences,)

    def read(self, rest: str) -> c.Preferences:
        return read.preferences_command(rest)

    def handle(self, ctx: MailContext, command: c.Preferences) -> list[Note]:
        return games.preferences(ctx, command)


class OrderLine(MailCommand[c.OrderLine]):
    """A line that is no command keyword: an order, if the service can read one."""

    name = "ORDER"
    spellings = MappingProxyType({"en": ()})
    usage = N_("A PAR-BUR, BUILD A PAR ...")
    description = N_("orders, one a line (HELP orders)")
    audience = Audience.PLAYER
    handles = (c.OrderLine,)
    submits_orders = True

    def refusal_for(self, command: c.OrderLine, signed: Signed | None) -> Refusal | None:
        """From anyone but a player the line is no order, and so no command at all."""
        if admits(Audience.PLAYER, signed):
            return None
        return Refusal("unknown_command", text=command.text, hint=command.near_keyword)

    def handle(self, ctx: MailContext, command: c.OrderLine) -> list[Note]:
        return orders.order_line(ctx, command)


class Orders(NoArguments[c.Orders]):
    name = "ORDERS"
    usage = N_("ORDERS ... ENDORDERS")
    description = N_("an optional frame around the orders")
    audience = Audience.PLAYER
    handles = (c.Orders,)

    def made(self) -> c.Orders:
        return c.Orders()

    def handle(self, ctx: MailContext, command: c.Orders) -> list[Note]:
        return orders.orders_block(ctx, command)


class EndOrders(NoArguments[c.EndOrders]):
    name = "ENDORDERS"
    spellings = MappingProxyType({"en": ("END ORDERS",)})
    usage = N_("ENDORDERS")
    description = N_("the end of an order frame")
    audience = Audience.PLAYER
    handles = (c.EndOrders,)

    def made(self) -> c.EndOrders:
        return c.EndOrders()

    def handle(self, ctx: MailContext, command: c.EndOrders) -> list[Note]:
        return orders.orders_block(ctx, command)


class Bid(MailCommand[c.Bid]):
    name = "BID"
    spellings = MappingProxyType({"fr": ("ENCH[EÈ]RES?",)})
    usage = N_("BID power amount")
    description = N_("a bid in an Intimate game (HELP bid)")
    audience = Audience.PLAYER
    handles = (c.Bid,)
    submits_orders = True

    def read(self, rest: str) -> c.Bid:
        return read.bid_command(rest)

    def handle(self, ctx: MailContext, command: c.Bid) -> list[Note]:
        return bids.bid(ctx, command)


class BidNone(NoArguments[c.BidNone]):
    name = "BID NONE"
    spellings = MappingProxyType({"fr": ("ENCH[EÈ]RES? AUCUNE",)})
    usage = N_("BID NONE")
    description = N_("no bids this year")
    audience = Audience.PLAYER
    handles = (c.BidNone,)
    submits_orders = True

    def made(self) -> c.BidNone:
        return c.BidNone()

    def handle(self, ctx: MailContext, command: c.BidNone) -> list[Note]:
        return bids.bid(ctx, command)


class Cancel(MailCommand[c.Cancel]):
    name = "CANCEL"
    spellings = MappingProxyType({"fr": ("ANNULER",)})
    usage = N_("CANCEL A PAR")
    description = N_("take back an order, build or bid on file")
    audience = Audience.PLAYER
    handles = (c.Cancel,)
    submits_orders = True

    def read(self, rest: str) -> c.Cancel:
        return read.cancel_command(rest)

    def handle(self, ctx: MailContext, command: c.Cancel) -> list[Note]:
        return cancel.cancel(ctx, command)


class Press(MailCommand[c.Press]):
    """A press block: read as a block (`judge.language.press_blocks`), not as a line."""

    name = "PRESS"
    spellings = MappingProxyType({"en": ()})
    usage = N_("PRESS [TO powers] ... ENDPRESS")
    description = N_("press to everyone, or some (HELP press)")
    audience = Audience.PLAYER_OR_MASTER
    handles = (c.Press,)

    def handle(self, ctx: MailContext, command: c.Press) -> list[Note]:
        return press.press(ctx, command)


class Broadcast(MailCommand[c.Broadcast]):
    name = "BROADCAST"
    spellings = MappingProxyType({"en": ()})
    usage = N_("BROADCAST ... ENDPRESS")
    description = N_("press to everyone in the game")
    audience = Audience.PLAYER_OR_MASTER
    handles = (c.Broadcast,)

    def handle(self, ctx: MailContext, command: c.Broadcast) -> list[Note]:
        return press.broadcast(ctx, command)


class EndPress(MailCommand[object]):
    """`ENDPRESS` alone, outside a press block: always refused."""

    name = "ENDPRESS"
    spellings = MappingProxyType({"en": ("END PRESS",)})
    usage = N_("ENDPRESS")
    description = N_("the end of a PRESS or BROADCAST block")
    audience = Audience.PLAYER_OR_MASTER
    handles = ()

    def read(self, rest: str) -> object:
        raise CommandError("endpress_alone")


class Draw(MailCommand[c.Draw]):
    name = "DRAW"
    usage = N_("DRAW")
    description = N_("propose a draw")
    audience = Audience.PLAYER
    handles = (c.Draw,)

    def read(self, rest: str) -> c.Draw:
        return vote.draw_command(rest)

    def handle(self, ctx: MailContext, command: c.Draw) -> list[Note]:
        return draws.draw(ctx, command)


class NoDraw(NoArguments[c.NoDraw]):
    name = "NODRAW"
    spellings = MappingProxyType({"en": ("NO DRAW",)})
    usage = N_("NODRAW")
    description = N_("withdraw a draw vote")
    audience = Audience.PLAYER
    handles = (c.NoDraw,)

    def made(self) -> c.NoDraw:
        return c.NoDraw()

    def handle(self, ctx: MailContext, command: c.NoDraw) -> list[Note]:
        return draws.draw(ctx, command)


class Concede(MailCommand[c.Concede | c.ConcedeTo]):
    """`CONCEDE` alone concedes the game; `CONCEDE power` is `SET CONCEDE power`."""

    name = "CONCEDE"
    usage = N_("CONCEDE")
    description = N_("concede the game")
    audience = Audience.PLAYER
    handles = (c.Concede, c.ConcedeTo)

    def read(self, rest: str) -> c.Concede | c.ConcedeTo:
        return vote.concede_command(rest)

    def handle(self, ctx: MailContext, command: c.Concede | c.ConcedeTo) -> list[Note]:
        if isinstance(command, c.ConcedeTo):
            return draws.concede_to(ctx, command)
        return account.concede(ctx, command)


class Phase(MailCommand[c.ForPhase]):
    name = "PHASE"
    usage = N_("PHASE season year phase")
    description = N_("the orders after it are for that later phase (HELP orders)")
    audience = Audience.PLAYER
    handles = (c.ForPhase,)

    def read(self, rest: str) -> c.ForPhase:
        return phase_command(rest)

    def handle(self, ctx: MailContext, command: c.ForPhase) -> list[Note]:
        return phase_orders.for_phase(ctx, command)


class Clear(NoArguments[c.Clear]):
    name = "CLEAR"
    spellings = MappingProxyType({"fr": ("EFFACER",)})
    usage = N_("CLEAR")
    description = N_("drop the orders held with PHASE")
    audience = Audience.PLAYER
    handles = (c.Clear,)

    def made(self) -> c.Clear:
        return c.Clear()

    def handle(self, ctx: MailContext, command: c.Clear) -> list[Note]:
        return phase_orders.clear(ctx, command)


class Stalemate(NoArguments[c.Stalemate]):
    name = "STALEMATE"
    usage = N_("STALEMATE")
    description = N_("declare a stalemate (HELP intimate)")
    audience = Audience.PLAYER_OR_MASTER
    handles = (c.Stalemate,)

    def made(self) -> c.Stalemate:
        return c.Stalemate()

    def handle(self, ctx: MailContext, command: c.Stalemate) -> list[Note]:
        return stalemate.stalemate(ctx, command)


class Resign(MailCommand[c.Resign]):
    """`RESIGN` alone: the player leaves; with a power or an address, the master's."""

    name = "RESIGN"
    usage = N_("RESIGN")
    description = N_("leave the game, even before it starts")
    audience = Audience.PLAYER_OR_MASTER
    handles = (c.Resign,)

    def read(self, rest: str) -> c.Resign:
        return master.resign_reader(self.name)(rest)

    def refusal_for(self, command: c.Resign, signed: Signed | None) -> Refusal | None:
        """An observer naming a power or an address asks what only the master does."""
        named = command.power is not None or command.address is not None
        if named and signed is not None and not (signed.is_player or signed.is_master):
            return Refusal("need_master", game=signed.game.name)
        return super().refusal_for(command, signed)

    def handle(self, ctx: MailContext, command: c.Resign) -> list[Note]:
        return account.resign(ctx, command)


class Withdraw(Resign):
    """njudge's other word for RESIGN."""

    name = "WITHDRAW"
    usage = N_("WITHDRAW")
    description = N_("the same as RESIGN")

    def read(self, rest: str) -> c.Resign:
        return njudge.withdraw_command(rest)


class Signoff(MailCommand[c.Signoff]):
    """The end of the commands; whatever follows on the line is a farewell."""

    name = "SIGNOFF"
    spellings = MappingProxyType({"en": ("SIGN OFF",)})
    usage = N_("SIGNOFF")
    description = N_("the end of your commands")
    audience = Audience.ANYONE
    handles = (c.Signoff,)
    reads_only = True

    def read(self, rest: str) -> c.Signoff:
        return c.Signoff()

    def handle(self, ctx: MailContext, command: c.Signoff) -> list[Note]:
        return [note("signoff")]
