"""Taking over an abandoned power: `SIGNON Xgame password` for a power nobody plays.

A power is abandoned when its player resigned or was ejected. Anyone may take it
over, first come first served, by signing on to its letter with a password of
their choice, unless they already play in that game. The newcomer steps into the
old player's seat (the same row, so the variant's bookkeeping, keyed by seat, goes
on unchanged) with their own address and password, and the game is told. Powers
that nobody ever played (a standard game started short) cannot be taken over.
"""

from __future__ import annotations

from judge.service.announce import announce
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.describe import power_title
from judge.service.snapshots import active_players, load_board, seat_of
from judge.store import games as store
from judge.store.models import Game, GameStatus, Player, PlayerRole, PlayerStatus
from judge.store.password_work import new_hash

ABANDONED = (PlayerStatus.RESIGNED, PlayerStatus.EJECTED)


def take_over(ctx: MailContext, game: Game, power: str, password: str) -> Note:
    """Give the abandoned `power` to the sender, or refuse as if nobody played it."""
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    seat = _abandoned_seat(ctx, game, power)
    if any(p.address.lower() == ctx.sender.lower() for p in active_players(ctx.session, game)):
        raise Refusal("already_playing", game=game.name)
    seat.status = PlayerStatus.ACTIVE
    seat.address = ctx.sender
    seat.password_hash = new_hash(password)
    seat.wait = False
    ctx.sign_on(game, seat)
    title = power_title(power)
    announce(
        ctx.session, ctx.config, game, "taken_over",
        what=f"{title} Taken Over", now=ctx.now, power=title,
    )  # fmt: skip
    ctx.touch(game)
    return note("taken_over", game=game.name, power=title)


def _abandoned_seat(ctx: MailContext, game: Game, power: str) -> Player:
    board = load_board(ctx.session, game)
    holdings = board.variant.holdings(board.snapshot) if board is not None else {}
    seats = [
        player
        for player in store.players_of(
            ctx.session, game, roles=[PlayerRole.PLAYER], statuses=ABANDONED
        )
        if power in holdings.get(seat_of(player), player.powers)
    ]
    if not seats:
        raise Refusal("power_not_played", game=game.name, power=power_title(power))
    seat = seats[-1]
    seat.powers = list(holdings.get(seat_of(seat), seat.powers))
    return seat
