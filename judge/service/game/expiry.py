"""Forming games that never start end after `[limits] forming_game_days`.

Without this, games created by mail and never filled would pile up for ever (and
fill LIST). The scheduler calls `expire_forming_games` each round: a forming game
older than the limit is marked finished without a winner, recorded, and everyone
in it (players, master, observers: confirmed addresses only, as for any game mail)
is told.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import no_mail_in
from judge.service.game import deadlines
from judge.service.game.announce import announce
from judge.store.games import forming_games_created_by
from judge.store.models import GameStatus
from judge.variants.registry import VariantRegistry

BATCH = 20  # games ended per call, at most


def expire_forming_games(
    session: Session, config: Config, variants: VariantRegistry, now: datetime
) -> int:
    """End the forming games older than the limit, up to `BATCH`; return how many."""
    days = config.limits.forming_game_days
    games = forming_games_created_by(session, now - timedelta(days=days), BATCH)
    gate = no_mail_in()  # the scheduler's work: no received mail asked for it
    for game in games:
        game.status = GameStatus.FINISHED
        game.winner = None
        deadlines.clear_schedule(game)
        announce(session, config, variants, game, "expired", what="Expired", now=now,
                 gate=gate, days=f"{days:g}")  # fmt: skip
    return len(games)
