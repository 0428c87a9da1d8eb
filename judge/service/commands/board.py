"""The board a command of a running game acts on.

Orders, bids, cancels, draws, takeovers and the master's commands all need the
signed-on game's board and refuse the same way when the game has not started or is
over: one helper, below all of them (orders and bids use each other's commands, and
both use this).
"""

from __future__ import annotations

from judge.service.context import MailContext, Refusal, Signed
from judge.service.seats.snapshots import Board, load_board
from judge.store.models import GameStatus


def running_board(ctx: MailContext, signed: Signed) -> Board:
    """The board of the signed-on game, which must be running (or paused)."""
    game = signed.game
    if game.status is GameStatus.FORMING:
        raise Refusal("not_started", game=game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    board = load_board(ctx.session, ctx.variants, game)
    if board is None:
        raise Refusal("not_started", game=game.name)
    return board
