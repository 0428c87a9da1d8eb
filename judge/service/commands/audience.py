"""The refusal a line from outside its command's audience gets, worded once.

Who may send a command is declared on its class (`MailCommand.audience`) and checked
by the dispatcher before the handler runs; this is what the sender is told then:
`need_signon` when nobody is signed on, `need_master` for a master's command, and
`need_player` for a player's (an observer's PRESS, a master's SET WAIT). A command
whose refusal is its own (an order line before a SIGNON is "not a command")
overrides `MailCommand.refusal_for`.
"""

from __future__ import annotations

from judge.language.grammar import Audience
from judge.service.context import Refusal, Signed, admits


def outsider_refusal(audience: Audience, signed: Signed | None) -> Refusal | None:
    """Why a line from `signed` (None: nobody signed on yet) is refused for want of
    being in `audience`; None when `signed` is in it."""
    if admits(audience, signed):
        return None
    if signed is None:
        return Refusal("need_signon")
    if audience is Audience.MASTER:
        return Refusal("need_master", game=signed.game.name)
    return Refusal("need_player", game=signed.game.name)
