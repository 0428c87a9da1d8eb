"""The orders players hold for later phases with njudge's PHASE (`PhaseOrders` rows).

Only this module reads or writes the table: the held lines are for their player
alone, so no listing, result or record of the game ever reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.store.models import Game, PhaseOrders, Player


def hold(
    session: Session, game: Game, player: Player, phase: str, line: str, now: datetime
) -> None:
    """Keep one order line for `phase`, after the lines held before it."""
    session.add(
        PhaseOrders(game_id=game.id, player_id=player.id, phase=phase, line=line, created_at=now)
    )
    session.flush()


def held_by(session: Session, game: Game, player: Player) -> list[PhaseOrders]:
    """The player's held lines in this game, in the order they were sent."""
    query = select(PhaseOrders).where(
        PhaseOrders.game_id == game.id, PhaseOrders.player_id == player.id
    )
    return list(session.scalars(query.order_by(PhaseOrders.id)))


def count_held(session: Session, game: Game, player: Player) -> int:
    """How many lines the player holds in this game."""
    query = select(func.count(PhaseOrders.id)).where(
        PhaseOrders.game_id == game.id, PhaseOrders.player_id == player.id
    )
    return int(session.scalar(query) or 0)


def held_in(session: Session, game: Game) -> list[PhaseOrders]:
    """Every held line of the game, in the order they were sent."""
    query = select(PhaseOrders).where(PhaseOrders.game_id == game.id)
    return list(session.scalars(query.order_by(PhaseOrders.id)))


def drop(session: Session, rows: Sequence[PhaseOrders]) -> None:
    """Remove these held lines (used, cleared, or for a phase that did not happen)."""
    for row in rows:
        session.delete(row)
    session.flush()
