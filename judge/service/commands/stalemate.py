"""STALEMATE (`intimate`, rx03 rule 10): "most centres wins".

The variant says whether STALEMATE may be declared now (`stalemate_refusal`:
in `intimate` by default only once no mercenary owns a centre; never in the
other variants, with the reason). A player's declaration is kept as a private
`stalemate` event (author: the seat, readable by the master only). The game
ends when every player has declared it, or at once when the master sends
STALEMATE: the variant's `stalemate_winner`
names the home power that owns more supply centres, or both (a draw) when the
counts are equal. A declaration stands until the game ends.
"""

from __future__ import annotations

from judge.language.command_types import Stalemate
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.ending import finish_game
from judge.service.seats.snapshots import Board, active_players, seat_of
from judge.store import games as store

STALEMATE_EVENT = "stalemate"


def stalemate(ctx: MailContext, command: Stalemate) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER_OR_MASTER)
    board = running_board(ctx, signed)
    refused = board.variant.stalemate_refusal(board.snapshot)
    if refused is not None:
        raise Refusal(refused.key, **refused.params)
    if signed.is_master:
        return [_declare(ctx, board)]
    seat = seat_of(signed.player)
    store.add_event(
        ctx.session,
        board.game,
        kind=STALEMATE_EVENT,
        body="yes",
        now=ctx.now,
        phase=board.game.phase,
        author=seat,
        recipients=["MASTER"],
    )
    notes = [note("stalemate_vote")]
    declared = {
        e.author for e in store.events_of(ctx.session, board.game) if e.kind == STALEMATE_EVENT
    }
    if all(seat_of(p) in declared for p in active_players(ctx.session, board.game)):
        notes.append(_declare(ctx, board))
    return notes


def _declare(ctx: MailContext, board: Board) -> Note:
    winner = board.variant.stalemate_winner(board.snapshot)
    finish_game(ctx, board.game, winner=winner, how="stalemate")
    return note("stalemate_declared", game=board.game.name)
