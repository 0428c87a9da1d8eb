"""Password checks with limits, so that passwords cannot be guessed by mail, and
that mail forged in a player's name cannot lock the player out.

Two limits (`[limits]`): `failed_passwords_per_mail` wrong passwords end the
reading of a mail (the handler stops and says so), and
`failed_passwords_per_seat_per_hour` wrong passwords for one seat (a player, the
master, an observer) lock that seat, for the rest of the hour, to some senders:

* **A stranger** (any address but the seat's registered one) is locked once its
  own address gave that many wrong passwords (its bucket), and every stranger is
  locked once all of them together did (the stranger bucket): a guesser rotating
  forged addresses gets at most the limit per hour.
* **The registered address is never locked.** Its From can be forged, so a lock
  on it would be a switch in any stranger's hand. Its wrong passwords are counted
  too, and once they reach the limit it is slowed instead: each of its mails is
  read only up to its first wrong password (a guesser forging it gets one guess a
  mail, within the per-sender hourly limit, and never sees the replies, which go
  to the player). The right password from it always gets in.
* **A verified sender** (the operator's MTA vouches for its From domain:
  `[security] authserv_id`, judge.service.reading.sender_auth) counts in a bucket of its
  own, that forged mail cannot fill: as the registered address it is never
  slowed; as a stranger it is locked only by its own wrong passwords.

Failures are written after the mail's lines (a refused line's savepoint is rolled
back), in the mail's transaction.
"""

from __future__ import annotations

from datetime import timedelta

from judge.service.context import MailContext, Refusal
from judge.store.models import Game, PasswordFailure, Player
from judge.store.password_failures import count_password_failures

WINDOW = timedelta(hours=1)
STRANGERS = "*strangers*"  # the bucket key of every unverified stranger together
VERIFIED = "verified:"  # the prefix of a verified sender's bucket


def check_password(ctx: MailContext, game: Game, player: Player, password: str) -> None:
    """Pass when `password` is the seat's; else count the failure and refuse."""
    registered = player.address.strip().lower() == ctx.sender.strip().lower()
    own = _bucket(ctx)
    limit = ctx.config.limits.failed_passwords_per_seat_per_hour
    if not registered:
        buckets = [own] if ctx.verified else [own, STRANGERS]
        if any(_failures(ctx, player, False, bucket) >= limit for bucket in buckets):
            raise Refusal("seat_locked", game=game.name, registered=False, limit=limit)
    if ctx.password_work.verify(player.password_hash, password):
        return
    ctx.tally.password_failures.append((player.id, registered, own))
    if registered and not ctx.verified and _failures(ctx, player, True, own) > limit:
        ctx.tally.slowed = True  # read no further: one guess a mail from here on
    raise Refusal("bad_password", game=game.name)


def mail_limit_reached(ctx: MailContext) -> bool:
    """True once the mail gave as many wrong passwords as one mail may (one, for a
    registered address over the seat's hourly limit)."""
    if ctx.tally.slowed and ctx.tally.password_failures:
        return True
    return len(ctx.tally.password_failures) >= ctx.config.limits.failed_passwords_per_mail


def record_failures(ctx: MailContext) -> None:
    """Write the mail's wrong passwords, for the per-seat limits."""
    for player_id, registered, bucket in ctx.tally.password_failures:
        ctx.session.add(
            PasswordFailure(player_id=player_id, registered=registered, sender=bucket, at=ctx.now)
        )


def _bucket(ctx: MailContext) -> str:
    address = ctx.sender.strip().lower()[:300]
    return VERIFIED + address if ctx.verified else address


def _failures(ctx: MailContext, player: Player, registered: bool, bucket: str) -> int:
    """The wrong passwords for `player` in the window from `bucket` (the stranger
    bucket: every unverified stranger), stored and in this mail."""
    since = ctx.now - WINDOW
    if bucket == STRANGERS:
        stored = count_password_failures(
            ctx.session, player.id, registered, since, sender_not_prefixed=VERIFIED
        )
    elif bucket.startswith(VERIFIED) or not registered:
        stored = count_password_failures(ctx.session, player.id, registered, since, sender=bucket)
    else:
        stored = count_password_failures(ctx.session, player.id, registered, since)
    pending = sum(
        1 for seat, was_registered, where in ctx.tally.password_failures
        if seat == player.id and was_registered == registered
        and (where == bucket or (bucket == STRANGERS and not where.startswith(VERIFIED)))
    )  # fmt: skip
    return stored + pending
