"""The game a command names, or, as njudge does, the one signed on to in this mail.

njudge players write `SIGNON Fgame pw` then `SUMMARY` or `HISTORY` with no name:
the game is the one the SIGNON chose. Without a name and without a signon, the
reply says both ways to write it.
"""

from __future__ import annotations

from judge.service.context import MailContext, Refusal
from judge.store import games as store
from judge.store.models import Game


def named_or_signed(ctx: MailContext, name: str | None, command: str) -> Game:
    """The game called `name`, or the signed-on game when `name` is None."""
    if name is None:
        if ctx.signed is None:
            raise Refusal("game_name_or_signon", command=command)
        return ctx.signed.game
    game = store.get_game(ctx.session, name)
    if game is None:
        raise Refusal("no_such_game", game=name)
    return game
