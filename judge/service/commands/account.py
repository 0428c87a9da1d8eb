"""A player's own business: password, address, leaving, and votes to end the game.

Draw votes are kept as private `draw` events (author: the seat, body `yes`/`no`),
so the game's record shows who voted when; the latest vote of each seat counts.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

import judge.service.pending_actions as pending_actions
from judge.language.command_types import (
    Concede,
    Draw,
    NoDraw,
    Resign,
    SetAddress,
    SetPassword,
)
from judge.service.commands.board import running_board
from judge.service.confirmation import is_confirmed
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.announce import announce
from judge.service.game.ending import finish_game
from judge.service.game.last_player import end_if_alone
from judge.service.snapshots import Board, active_players, seat_of
from judge.store import games as store
from judge.store.models import Game, Player, PlayerStatus
from judge.store.password_work import new_hash
from judge.wording.describe import power_title
from judge.wording.lists import and_list

DRAW_EVENT = "draw"


def set_password(ctx: MailContext, command: SetPassword) -> list[Note]:
    signed = ctx.need_signon()
    signed.player.password_hash = new_hash(command.new)
    return [note("password_changed")]


def set_address(ctx: MailContext, command: SetAddress) -> list[Note]:
    """A confirmed address takes over at once; any other only once it confirms the
    request it is sent (at most one such request per mail)."""
    signed = ctx.need_signon()
    old = signed.player.address
    if not is_confirmed(ctx.session, ctx.config, command.address):
        held = pending_actions.request(
            ctx, command.address, pending_actions.SET_ADDRESS, game=signed.game,
            player=signed.player,
        )  # fmt: skip
        if held is None:
            raise Refusal("confirm_not_sent", address=command.address)
        return [note("address_pending", old=old, new=command.address)]
    signed.player.address = command.address
    if old.lower() != ctx.sender.lower():
        ctx.copy_to.add(old)
    return [note("address_changed", old=old, new=command.address)]


def resign(ctx: MailContext, command: Resign) -> list[Note]:
    signed = ctx.need_player()
    running_board(ctx, signed)
    signed.player.status = PlayerStatus.RESIGNED
    powers = " and ".join(power_title(p) for p in sorted(signed.player.powers))
    if powers:
        announce(
            ctx.session, ctx.config, signed.game, "resigned",
            what=f"{and_list(powers)} Resigned", now=ctx.now, power=powers,
        )  # fmt: skip
    ctx.touch(signed.game)
    return [note("resigned", game=signed.game.name), *end_if_alone(ctx, signed.game)]


def draw(ctx: MailContext, command: Draw | NoDraw) -> list[Note]:
    signed = ctx.need_player()
    board = running_board(ctx, signed)
    vote = "yes" if isinstance(command, Draw) else "no"
    store.add_event(
        ctx.session,
        signed.game,
        kind=DRAW_EVENT,
        body=vote,
        now=ctx.now,
        phase=signed.game.phase,
        author=seat_of(signed.player),
        recipients=["MASTER"],
    )
    notes = [note("draw_vote", on=vote == "yes")]
    voters = _draw_voters(ctx.session, board)
    votes = draw_votes(ctx.session, signed.game)
    if vote == "yes" and all(votes.get(seat_of(p)) == "yes" for p in voters):
        powers = sorted(power for p in voters for power in p.powers)
        finish_game(ctx, signed.game, winner=powers, how="draw")
        notes.append(note("game_drawn", game=signed.game.name))
    return notes


def draw_votes(session: Session, game: Game) -> dict[str, str]:
    """Seat -> its latest draw vote (`yes` or `no`)."""
    votes: dict[str, str] = {}
    for event in store.events_of(session, game):
        if event.kind == DRAW_EVENT and event.author is not None:
            votes[event.author] = event.body
    return votes


def _draw_voters(session: Session, board: Board) -> list[Player]:
    """The players still in the game: active, with a power that has units or centres."""
    state = board.state
    alive = {u.power for u in state.units.values()} | set(state.centers.values())
    return [p for p in active_players(session, board.game) if alive.intersection(p.powers)]


def concede(ctx: MailContext, command: Concede) -> list[Note]:
    signed = ctx.need_player()
    board = running_board(ctx, signed)
    winner = board.variant.concede(board.snapshot, seat_of(signed.player))
    if winner is None:
        raise Refusal("concede_not_possible", variant=board.variant.display_name)
    by = " and ".join(power_title(p) for p in sorted(signed.player.powers)) or None
    finish_game(ctx, signed.game, winner=winner, how="conceded", by=by)
    return [note("conceded", game=signed.game.name)]
