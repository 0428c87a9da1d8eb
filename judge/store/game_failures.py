"""Games whose scheduled handling fails: backed off, then parked with their error.

A game whose handling raised (a bug, a corrupt record) used to be tried again every
round of the scheduler, forever: a traceback a second with `poll_seconds = 1`, and
nothing in `judge status`. As the inbox does with a mail that keeps failing, each
failure is now counted in `game_failures` with its error: the game is tried again
after a back-off that doubles from `FIRST_BACKOFF` up to `MAX_BACKOFF`, and after
`ATTEMPTS` failures in a row it is parked: not tried again (by the scheduler, nor
by early processing) until the operator takes it back with `judge retry --game`.
A success clears the count. The master is told once, when the game is parked
(`judge.service.game.parked`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from judge.store.models import Game, GameFailure

ATTEMPTS = 5  # failures in a row, then the game is parked
FIRST_BACKOFF = timedelta(minutes=1)  # the wait after the first failure, doubled after each
MAX_BACKOFF = timedelta(hours=1)


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure in a row."""
    doublings = min(max(attempts - 1, 0), 30)
    return min(FIRST_BACKOFF * (1 << doublings), MAX_BACKOFF)


@dataclass(frozen=True)
class Failing:
    """The games with a failure on record: those not to try now, and all of them."""

    held_back: frozenset[int]  # parked, or waiting out their back-off
    recorded: frozenset[int]


def failing(session: Session, now: datetime) -> Failing:
    rows = session.execute(
        select(GameFailure.game_id, GameFailure.retry_at, GameFailure.parked_at)
    ).all()
    held = {game_id for game_id, retry_at, parked_at in rows
            if parked_at is not None or retry_at > now}  # fmt: skip
    return Failing(frozenset(held), frozenset(game_id for game_id, _, _ in rows))


def record_failure(session: Session, game_id: int, error: str, now: datetime) -> GameFailure:
    """Count one more failure of the game; parks it at the `ATTEMPTS`-th."""
    row = session.get(GameFailure, game_id)
    if row is None:
        row = GameFailure(game_id=game_id, attempts=0, first_failed_at=now)
        session.add(row)
    row.attempts += 1
    row.last_failed_at = now
    row.error = error
    row.retry_at = now + backoff(row.attempts)
    if row.attempts >= ATTEMPTS and row.parked_at is None:
        row.parked_at = now
    session.flush()
    return row


def clear(session: Session, game_id: int) -> None:
    """The game was handled without error: its failures are over."""
    session.execute(delete(GameFailure).where(GameFailure.game_id == game_id))


def is_parked(session: Session, game_id: int) -> bool:
    row = session.get(GameFailure, game_id)
    return row is not None and row.parked_at is not None


def take_back(session: Session, name: str) -> bool:
    """`judge retry --game NAME`: forget the game's failures, so that it is handled at
    the next round. False when no game of that name has failed."""
    game_id = session.scalar(select(Game.id).where(Game.name == name))
    if game_id is None or session.get(GameFailure, game_id) is None:
        return False
    clear(session, game_id)
    return True


def failures(session: Session) -> list[tuple[str, GameFailure]]:
    """Every failing game with its record (parked ones first), for `judge status`."""
    query = (
        select(Game.name, GameFailure)
        .join(Game, Game.id == GameFailure.game_id)
        .order_by(GameFailure.parked_at.is_(None), Game.name)
    )
    return [(name, row) for name, row in session.execute(query)]


def park(session: Session, game_id: int, error: str, now: datetime) -> GameFailure:
    """Park the game at once, with `error`: its handling cannot succeed by being tried
    again (the scheduler found it due, and still due, with nothing changed)."""
    row = record_failure(session, game_id, error, now)
    if row.parked_at is None:
        row.parked_at = now
        session.flush()
    return row
