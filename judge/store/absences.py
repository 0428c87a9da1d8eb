"""Reading and writing the players' planned absences (`SET ABSENCE`).

Rows are kept after they end: the days a player has used count against the
game's `SET MAXABSENCE` (see `judge.service.commands.absences`). Nothing here commits or
reads a clock; `now` is passed in.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.store.models import Absence, Game, Player, PlayerRole, PlayerStatus


def absences_of(session: Session, player: Player) -> list[Absence]:
    """Every absence the player declared in its game, past ones too, by start."""
    query = (
        select(Absence)
        .where(Absence.player_id == player.id)
        .order_by(Absence.starts_at, Absence.id)
    )
    return list(session.scalars(query))


def pending_in_game(session: Session, game: Game, now: datetime) -> list[tuple[Absence, Player]]:
    """The absences of the game's active players that have not ended at `now`."""
    query = (
        select(Absence, Player)
        .join(Player, Player.id == Absence.player_id)
        .where(
            Player.game_id == game.id,
            Player.role == PlayerRole.PLAYER,
            Player.status == PlayerStatus.ACTIVE,
            Absence.ends_at > now,
        )
        .order_by(Absence.starts_at, Absence.id)
    )
    return [(row[0], row[1]) for row in session.execute(query).all()]


def add_absence(
    session: Session, player: Player, starts_at: datetime, ends_at: datetime, now: datetime
) -> Absence:
    absence = Absence(player_id=player.id, starts_at=starts_at, ends_at=ends_at, created_at=now)
    session.add(absence)
    session.flush()
    return absence
