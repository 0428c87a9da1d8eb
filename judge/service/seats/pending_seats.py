"""The seat a confirmed SIGNON ?game or OBSERVE makes.

A SIGNON ?game or OBSERVE from an address that has not asked for the game
(`judge.outbox.asking`) waits for that address to confirm
(`judge.service.confirming.pending_actions`); when it does, the seat is made here, with the
password hash kept from the command, after the same checks the command made (the
game may have filled up, started, or taken its last observer since, or its master
may have removed the address: `judge.service.seats.consent`).
"""

from __future__ import annotations

from judge.service.context import MailContext, Note, Refusal, note
from judge.service.seats import consent
from judge.service.seats.finding import of_address
from judge.service.seats.snapshots import active_players, rules_of
from judge.store import games as store
from judge.store.models import Game, GameStatus, PlayerRole


def take_seat(
    ctx: MailContext, game: Game, address: str, password_hash: str, role: PlayerRole
) -> list[Note]:
    """Seat `address` in `game` as a player (a join) or an observer; the reply's notes."""
    if role is PlayerRole.OBSERVER:
        return _observe(ctx, game, address, password_hash)
    return _join(ctx, game, address, password_hash)


def _join(ctx: MailContext, game: Game, address: str, password_hash: str) -> list[Note]:
    if game.status is not GameStatus.FORMING:
        return [Refusal("not_forming", game=game.name).note]
    players = active_players(ctx.session, game)
    if of_address(players, address) is not None:
        return [note("already_joined", game=game.name)]
    if consent.consent(ctx.session, game, address, None) is consent.Consent.BARRED:
        return [Refusal("removed_address", game=game.name).note]
    variant = ctx.variants.get(game.variant)
    if len(players) >= variant.max_players:
        return [Refusal("game_full", game=game.name).note]
    store.add_player(ctx.session, game, address=address, password_hash=password_hash,
                     now=ctx.now)  # fmt: skip
    ctx.touch(game)  # it may be full now: it starts after the mail's last line
    count, needed = len(players) + 1, variant.players_needed(rules_of(game))
    return [note("joined", game=game.name, count=count, needed=needed)]


def _observe(ctx: MailContext, game: Game, address: str, password_hash: str) -> list[Note]:
    observers = store.players_of(ctx.session, game, roles=[PlayerRole.OBSERVER])
    if of_address(observers, address) is not None:
        return [note("already_observing", game=game.name)]
    limit = ctx.config.limits.observers_per_game
    if len(observers) >= limit:
        return [Refusal("too_many_observers", game=game.name, limit=limit).note]
    store.add_player(ctx.session, game, address=address, password_hash=password_hash,
                     now=ctx.now, role=PlayerRole.OBSERVER)  # fmt: skip
    return [note("observing", game=game.name)]
