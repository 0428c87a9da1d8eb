"""Looking back at the outbox: the rows a bounce names, and whether a notice went out.

The outbox as a queue (leases, outcomes) is `judge.store.outbox`; these are the reads
of rows already queued, for the service's bounces (`judge.service.game_mail.bounces`) and its
once-an-hour notices. Like every store function they run in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.store.models import OutboxMessage


def outbox_rows(session: Session, ids: Iterable[int]) -> list[OutboxMessage]:
    """The outbox rows with these ids, in id order (ids not held are skipped)."""
    query = select(OutboxMessage).where(OutboxMessage.id.in_(list(ids)))
    return list(session.scalars(query.order_by(OutboxMessage.id)))


def outbox_rows_by_message_id(session: Session, message_ids: Iterable[str]) -> list[OutboxMessage]:
    """The outbox rows whose Message-ID is one of `message_ids`, in id order."""
    query = select(OutboxMessage).where(OutboxMessage.message_id.in_(list(message_ids)))
    return list(session.scalars(query.order_by(OutboxMessage.id)))


def sent_since(session: Session, kind: str, address: str, since: datetime) -> bool:
    """Whether a mail of `kind` was queued for `address` (any case) at or after `since`."""
    query = select(func.count(OutboxMessage.id)).where(
        OutboxMessage.kind == kind,
        func.lower(OutboxMessage.to_address) == address.lower(),
        OutboxMessage.created_at >= since,
    )
    return bool(session.scalar(query))
