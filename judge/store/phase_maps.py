"""The maps of processed phases, each stored once and read by the sender.

A phase's results go to every reader of its game; the map goes with each of them,
but is kept here once (`store_map`), and each outbox row names it (`map_id`). A map
is recorded undrawn with its phase, and drawn just after (`maps_to_draw`,
`save_drawing`); until then, its mails are not sent (`judge.store.outbox`). The
sender reads the maps of a batch in one query (`map_bodies`) and fills them into
the mails as they go (`judge.mail.stored_attachment`).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import Connection, select, update
from sqlalchemy.orm import Session

from judge.store.models import PhaseMap


def store_map(
    session: Session, game_id: int, phase: str, filename: str, data: bytes | None,
    now: datetime,
) -> PhaseMap:
    """Keep the map of `phase` (in the caller's transaction), or with `data` None, a
    map to draw; a phase has one map, so one stored again replaces the first."""
    row = session.scalar(
        select(PhaseMap).where(PhaseMap.game_id == game_id, PhaseMap.phase == phase)
    )
    if row is None:
        row = PhaseMap(game_id=game_id, phase=phase, filename=filename, data=data, created_at=now)
        session.add(row)
    else:
        row.filename, row.data, row.created_at = filename, data, now
    session.flush()
    return row


def map_bodies(connection: Connection, ids: Collection[int]) -> dict[int, bytes]:
    """The PNG bytes of the maps `ids` (those that still exist), by id."""
    if not ids:
        return {}
    rows = connection.execute(select(PhaseMap.id, PhaseMap.data).where(PhaseMap.id.in_(ids)))
    return {row.id: row.data for row in rows if row.data is not None}


def maps_to_draw(
    connection: Connection, limit: int, exclude: Collection[int] = ()
) -> list[int]:
    """The ids of maps not drawn yet, oldest first, but those in `exclude` (being
    drawn already)."""
    query = select(PhaseMap.id).where(PhaseMap.data.is_(None))
    if exclude:
        query = query.where(PhaseMap.id.not_in(list(exclude)))
    return list(connection.scalars(query.order_by(PhaseMap.id).limit(limit)))


def save_drawing(connection: Connection, map_id: int, data: bytes) -> None:
    connection.execute(
        update(PhaseMap).where(PhaseMap.id == map_id, PhaseMap.data.is_(None)).values(data=data)
    )
