"""`SIGNON ? password [variant]` (njudge's, with no game name): join the next game.

The next game is the oldest forming game (of `variant`, when one is named) with a
free seat that the sender does not already play in (nor was removed from by the
master); joining it is then exactly `SIGNON ?game password`. Gunboat games are
joined like any other: who else plays stays hidden. With no such game the reply
says how to CREATE one.
"""

from __future__ import annotations

from judge.language.command_types import JoinNext
from judge.service.commands.games import join
from judge.service.context import MailContext, Note, Refusal
from judge.service.seats import consent
from judge.service.seats.consent import Consent
from judge.service.seats.finding import find_game
from judge.service.seats.snapshots import active_players
from judge.store import games as store
from judge.store.models import Game, GameStatus


def join_next(ctx: MailContext, command: JoinNext) -> list[Note]:
    game = _next_game(ctx, command.variant)
    if game is None:
        shown = ctx.variants.get(command.variant).display_name if command.variant else None
        raise Refusal("no_forming_game", variant=shown)
    return join(ctx, find_game(ctx.session, game.name), command.password)


def _next_game(ctx: MailContext, variant: str | None) -> Game | None:
    forming = store.list_games(ctx.session, [GameStatus.FORMING])
    forming.sort(key=lambda game: (game.created_at, game.id))
    sender = ctx.sender.lower()
    for game in forming:
        if variant is not None and game.variant != variant:
            continue
        players = active_players(ctx.session, game)
        if any(p.address.lower() == sender for p in players):
            continue
        if consent.consent(ctx.session, game, sender, None) is Consent.BARRED:
            continue  # the master removed this address from it (EJECT address)
        if len(players) < ctx.variants.get(game.variant).max_players:
            return game
    return None
