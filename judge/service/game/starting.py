"""Starting a game: the variant allots the powers, the first phase is recorded,
and everyone is told who plays what, and the first deadline.

The allotment uses `random.Random(game.rng_seed)`; the seed was stored when the
game was created, so the lot can be replayed.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from judge.rules.state import Phase
from judge.service.context import MailContext, Note, note
from judge.service.game import deadlines
from judge.service.game.play_settings import play_settings
from judge.service.game_mail.mailing import audience, broadcast, header_data
from judge.service.seats.reader_preferences import readers_for
from judge.service.seats.snapshots import active_players, rules_of, seat_of
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, Player, PlayerRole
from judge.variants.base import Seat, Start, Variant
from judge.wording.describe import power_title
from judge.wording.readers import Reader
from judge.wording.report import phase_words
from judge.wording.templates import render


def start_game(ctx: MailContext, game: Game) -> Note:
    """Allot powers, record the first phase and mail the start notices."""
    variant = ctx.variants.get(game.variant)
    players = active_players(ctx.session, game)
    seats = [Seat(seat_of(p), tuple(p.preferences or ())) for p in players]
    started = variant.start(seats, rules_of(game), random.Random(game.rng_seed))
    game.variant_data = dict(started.snapshot.data)
    store.record_phase(
        ctx.session, game, started.snapshot.state, now=ctx.now, variant_data=game.variant_data
    )
    game.status = GameStatus.ACTIVE
    deadlines.open_phase(game, ctx.now)
    waits = variant.waits_for_players(started.snapshot)
    for player in players:
        player.powers = list(started.holdings.get(seat_of(player), ()))
        player.wait = waits
    _mail_start(ctx, game, variant, started, players)
    ctx.touch(game)
    return note("started", game=game.name)


def _assignments(players: list[Player]) -> list[dict[str, str]]:
    rows = [
        {"powers": ", ".join(power_title(p) for p in player.powers), "address": player.address}
        for player in players
    ]
    return sorted(rows, key=lambda row: row["powers"])


def _mail_start(
    ctx: MailContext, game: Game, variant: Variant, started: Start, players: list[Player]
) -> None:
    master = [p for p in audience(ctx.session, game) if p.role is PlayerRole.MASTER]
    common: dict[str, Any] = {
        **header_data(ctx.config, game, variant.display_name),
        "first_phase": phase_words(Phase.parse(game.phase or "")),
        "first_deadline": game.next_deadline,
        "master": master[0].address if master else None,
        "assignments": _assignments(players),
        "disorder": [power_title(p) for p in variant.open_powers(started.snapshot)],
        "public_notes": dict(started.public_notes),
        "start_template": variant.start_template,
        "deadline_told": variant.start_tells_deadline,
        "settings": play_settings(variant, GameSettings.of(game)),
    }
    secret = dict(variant.master_notes(started.snapshot))
    people = audience(ctx.session, game)
    for person in people:  # one mail each: its notes are the reader's own
        private = started.private_notes.get(seat_of(person), {})
        body = functools.partial(_render_start, common, person, private, secret)
        broadcast(
            ctx.session,
            ctx.config,
            game,
            to=[person.address],
            what="Game Start",
            body=body,
            kind="start",
            now=ctx.now,
            gate=ctx.gate,
            readers=readers_for(game, [person]),
        )


def _render_start(
    common: dict[str, Any], person: Player, private: Any, secret: dict[str, Any], reader: Reader
) -> str:
    """One reader's start mail; `secret` (the variant's master notes) is for the master only."""
    return render(
        "start.txt.j2",
        reader,
        **common,
        role=person.role.value,
        powers=[power_title(p) for p in person.powers],
        sent_preferences=bool(person.preferences),
        notes=dict(private),
        master_notes=secret if person.role is PlayerRole.MASTER else {},
    )
