"""Password checks with limits, so that passwords cannot be guessed by mail.

Two limits (`[limits]`): `failed_passwords_per_mail` wrong passwords end the
reading of a mail (the handler stops and says so), and
`failed_passwords_per_seat_per_hour` wrong passwords for one seat (a player, the
master, an observer) lock that seat for the rest of the hour.

The seat's lock has two counters: wrong passwords sent from the seat's registered
address, and wrong passwords from any other address. Each locks only its own kind
of sender. A stranger who guesses from their own address (or rotates forged ones)
therefore never locks the player out: the player's mail from the registered
address is still checked. Locking the player out takes forging the registered
address itself, and then costs the player at most the rest of that hour, from that
address only. In exchange, a guesser gets at most twice the per-seat limit per
hour, whatever addresses they use. Failures are written after the mail's lines
(a refused line's savepoint is rolled back), in the mail's transaction.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from judge.service.context import MailContext, Refusal
from judge.store.models import Game, PasswordFailure, Player
from judge.store.password_work import verify

WINDOW = timedelta(hours=1)


def check_password(ctx: MailContext, game: Game, player: Player, password: str) -> None:
    """Pass when `password` is the seat's; else count the failure and refuse."""
    registered = player.address.lower() == ctx.sender.lower()
    limit = ctx.config.limits.failed_passwords_per_seat_per_hour
    if _failures(ctx, player, registered) >= limit:
        raise Refusal("seat_locked", game=game.name, registered=registered, limit=limit)
    if verify(player.password_hash, password):
        return
    ctx.password_failures.append((player.id, registered))
    raise Refusal("bad_password", game=game.name)


def mail_limit_reached(ctx: MailContext) -> bool:
    """True once the mail gave as many wrong passwords as one mail may."""
    return len(ctx.password_failures) >= ctx.config.limits.failed_passwords_per_mail


def record_failures(ctx: MailContext) -> None:
    """Write the mail's wrong passwords, for the per-seat limit."""
    for player_id, registered in ctx.password_failures:
        ctx.session.add(PasswordFailure(player_id=player_id, registered=registered, at=ctx.now))


def _failures(ctx: MailContext, player: Player, registered: bool) -> int:
    query = select(func.count(PasswordFailure.id)).where(
        PasswordFailure.player_id == player.id,
        PasswordFailure.registered == registered,
        PasswordFailure.at > ctx.now - WINDOW,
    )
    stored = ctx.session.scalar(query) or 0
    pending = sum(1 for failure in ctx.password_failures if failure == (player.id, registered))
    return stored + pending
