"""Tell a game's master, once, that the judge has parked their game.

A game whose scheduled handling failed `judge.store.game_failures.ATTEMPTS` times
in a row is parked: nothing happens in it (no deadline, no processing) until the
judge's operator takes it back (`judge retry --game`). The master is the one who
can explain the delay to the players, so they get one notice, with the error's
last line (the whole traceback is for the operator, in `judge status`).
"""

from __future__ import annotations

import functools
from datetime import datetime

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import Gate
from judge.service.game_mail.mailing import broadcast, header_data
from judge.store import games as store
from judge.store.models import Game, GameFailure, PlayerRole
from judge.variants.registry import VariantRegistry
from judge.wording.templates import render

KIND = "notice"


def tell_master(session: Session, config: Config, variants: VariantRegistry, gate: Gate,
                game: Game, failure: GameFailure, now: datetime) -> None:  # fmt: skip
    """Queue the notice to the game's master(s), unless they were told already."""
    if failure.gm_told_at is not None:
        return
    masters = [player.address for player in
               store.players_of(session, game, roles=[PlayerRole.MASTER])]  # fmt: skip
    body = functools.partial(
        render,
        "game_parked.txt.j2",
        **header_data(config, game, variants.get(game.variant).display_name),
        attempts=failure.attempts,
        error=last_line(failure.error),
    )
    if masters:
        broadcast(session, config, game, to=masters, what="Game Stopped", body=body,
                  kind=KIND, now=now, gate=gate)  # fmt: skip
    failure.gm_told_at = now


def last_line(error: str) -> str:
    """The last non-empty line of a traceback: the exception and its message."""
    lines = [line.strip() for line in error.strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no error text"
