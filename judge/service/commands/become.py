"""`BECOME power` (njudge's): a master acts as a power for the rest of the mail.

The master is signed on as that power's player: orders, CANCEL, PRESS, DRAW...
that follow are that player's, as if they had sent them, and the player gets a
copy of every line done in their name, with its outcome, in their own language
(`judge.service.replies.seat_copies`: never cut silently, no password, none of the
master's own lines), so nothing is done in their name behind their back. The
master's reply stays in the master's language. Master commands need
`SIGNON Mgame` again. A power nobody plays has no player to act for: BECOME is
refused (APPROVE fills it).
"""

from __future__ import annotations

from judge.language.command_types import Become
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.seats.finding import power_holder
from judge.service.seats.mercenaries import is_mercenary
from judge.wording.describe import power_title


def become(ctx: MailContext, command: Become) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    board = running_board(ctx, signed)
    game = board.game
    title = power_title(command.power)
    if is_mercenary(ctx.session, ctx.variants, game, command.power):
        raise Refusal("power_is_mercenary", game=game.name, power=title, command="BECOME")
    holder = power_holder(ctx.session, game, command.power)
    if holder is None:
        raise Refusal("become_nobody", game=game.name, power=title)
    ctx.sign_on(game, holder)
    return [note("become_done", game=game.name, power=title)]
