"""The rows of `pending_actions`: changes waiting for their address to confirm.

When such a change is made, confirmed or refused is the service's
(`judge.service.confirming.pending_actions`); these are its queries.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.store.models import PendingAction


def open_action(
    session: Session,
    address: str,
    action: str,
    game_id: int | None,
    player_id: int | None,
    since: datetime,
) -> PendingAction | None:
    """An open action of this kind for `address` (stored lower case), game and seat,
    made after `since`, if any."""
    query = select(PendingAction).where(
        PendingAction.address == address,
        PendingAction.action == action,
        PendingAction.game_id == game_id,
        PendingAction.player_id == player_id,
        PendingAction.done_at.is_(None),
        PendingAction.created_at > since,
    )
    return session.scalars(query).first()


def open_actions_of(session: Session, address: str) -> list[PendingAction]:
    """Every open action of `address` (stored lower case)."""
    query = select(PendingAction).where(
        PendingAction.address == address, PendingAction.done_at.is_(None)
    )
    return list(session.scalars(query))
