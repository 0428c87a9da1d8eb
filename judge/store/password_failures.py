"""The rows of `password_failures`: the wrong passwords counted for a seat.

Who is locked or slowed by them is the service's (`judge.service.commands.passwords`);
this is the count it asks for.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.store.models import PasswordFailure


def count_password_failures(
    session: Session,
    player_id: int,
    registered: bool,
    since: datetime,
    *,
    sender: str | None = None,
    sender_not_prefixed: str | None = None,
) -> int:
    """The wrong passwords stored for seat `player_id` after `since`, given from its
    registered address or not: all of them, or only those from `sender`, or only those
    whose sender is unknown or does not start with `sender_not_prefixed`."""
    query = select(func.count(PasswordFailure.id)).where(
        PasswordFailure.player_id == player_id,
        PasswordFailure.registered == registered,
        PasswordFailure.at > since,
    )
    if sender is not None:
        query = query.where(PasswordFailure.sender == sender)
    if sender_not_prefixed is not None:
        query = query.where(
            PasswordFailure.sender.is_(None)
            | ~PasswordFailure.sender.startswith(sender_not_prefixed)
        )
    return session.scalar(query) or 0
