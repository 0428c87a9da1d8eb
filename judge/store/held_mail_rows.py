"""The rows of `held_mail`: mail waiting for its address to confirm, found and removed.

What happens to held mail (sent when the address confirms, failed when it waits too
long) is the service's (`judge.service.confirming.held_mail`); these are its queries.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from judge.store.models import HeldMail


def held_for(session: Session, address: str, *, game_id: int | None = None) -> list[HeldMail]:
    """The mail held for `address` (stored lower case), or only game `game_id`'s, oldest
    first."""
    query = select(HeldMail).where(HeldMail.to_address == address)
    if game_id is not None:
        query = query.where(HeldMail.game_id == game_id)
    return list(session.scalars(query.order_by(HeldMail.id)))


def held_before(session: Session, cutoff: datetime) -> list[HeldMail]:
    """The mail held since before `cutoff`, oldest first."""
    query = select(HeldMail).where(HeldMail.created_at < cutoff)
    return list(session.scalars(query.order_by(HeldMail.id)))


def delete_held(session: Session, ids: Iterable[int]) -> None:
    """Remove these held rows."""
    session.execute(delete(HeldMail).where(HeldMail.id.in_(list(ids))))
