"""The inbox rows the hourly limit counts: the queries behind its verdicts.

The limit itself (what counts, the verdicts, the intake's counts in memory) is the
service's (`judge.service.limits.hourly_limit`); these read the `inbox` table for it, in the
caller's transaction.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from judge.store.models import InboxMessage

_BEFORE_ROW = select(func.count(InboxMessage.id)).where(
    InboxMessage.mail_from == bindparam("sender"),
    InboxMessage.id < bindparam("row_id"),
    InboxMessage.received_at > bindparam("since"),
)

_RECENT = select(InboxMessage.mail_from, InboxMessage.peer, InboxMessage.received_at).where(
    InboxMessage.received_at > bindparam("since"), InboxMessage.peer.is_not(None)
)


def mails_stored_before(session: Session, sender: str, row_id: int, since: datetime) -> int:
    """How many mails from envelope sender `sender` (stored lower case) have an id below
    `row_id` and arrived after `since`."""
    result = session.connection().execute(
        _BEFORE_ROW, {"sender": sender, "row_id": row_id, "since": since}
    )
    return result.scalar() or 0


def connected_mails_since(session: Session, since: datetime) -> list[tuple[str, str, datetime]]:
    """(envelope sender, connecting address, arrival) of each mail that came in over a
    connection (not a pipe) after `since`."""
    rows = session.connection().execute(_RECENT, {"since": since})
    return [(mail_from, peer, at) for mail_from, peer, at in rows if peer is not None]
