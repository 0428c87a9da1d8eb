"""`judge flush`: outgoing mail that waits for its next attempt is made due now.

After a relay outage the queue backs off (up to `[outbound] max_backoff_seconds`
between attempts); once the relay is back, the operator need not wait. Like
Postfix's `postqueue -f`, this only moves the next attempt: the running sender
(`judge serve` or `judge scheduler`) sends at its next round. Mail leased by a
sender right now is left alone (its `next_attempt_at` is the lease's end).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from judge.store.models import OutboxMessage, OutboxStatus


def make_due_now(session: Session, now: datetime) -> int:
    """Make every pending, unleased row that waits past `now` due at `now`; how many."""
    result = session.execute(
        update(OutboxMessage)
        .where(
            OutboxMessage.status == OutboxStatus.PENDING,
            OutboxMessage.lease_owner.is_(None),
            OutboxMessage.next_attempt_at > now,
        )
        .values(next_attempt_at=now)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
