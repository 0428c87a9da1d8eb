"""Keep the database small: drop the bodies of old mail, keep the record.

After `[storage] retention_days` (default 30), a sent outgoing mail and a processed
incoming mail keep their header block (who, when, which Message-ID, the subject)
and their outcome (status, error, times), but not their body: `message` / `raw`
are cut to the headers, and `pruned_at` says when (an incoming mail's header facts,
read for its processing, go too: the header block kept is the record). Failed mail
(in or out) and mail still waiting is never pruned: the operator may retry it. A
phase's stored map goes too once it is that old and no mail still waiting or failed
needs it (a map can be drawn again from the game's record).

`prune` works in bounded batches, so one call never holds the write lock long; the
scheduler calls it at most every `PRUNE_EVERY` (`prune_if_due`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Select, Update, bindparam, delete, exists, select, update
from sqlalchemy.orm import Session

from judge.store.models import (
    InboxMessage,
    InboxStatus,
    OutboxMessage,
    OutboxStatus,
    PhaseMap,
)

log = logging.getLogger(__name__)

BATCH = 500  # rows cut per statement
PRUNE_EVERY = 3600.0  # seconds between two pruning runs of one process


@dataclass(frozen=True)
class Pruned:
    outbox: int
    inbox: int
    maps: int


def header_block(message: bytes) -> bytes:
    """The header block of a raw mail, with its blank line: the part kept."""
    ends = [at for at in (message.find(b"\r\n\r\n"), message.find(b"\n\n")) if at >= 0]
    if not ends:
        return message
    end = min(ends)
    return message[:end] + (b"\r\n\r\n" if message[end:end + 2] == b"\r\n" else b"\n\n")


def prune(session: Session, now: datetime, retention_days: int, batch: int = BATCH) -> Pruned:
    """Cut every body older than the retention (in the caller's transaction)."""
    if retention_days <= 0:
        return Pruned(0, 0, 0)
    cutoff = now - timedelta(days=retention_days)
    outbox = _cut(
        session,
        select(OutboxMessage.id, OutboxMessage.message).where(
            OutboxMessage.status == OutboxStatus.SENT,
            OutboxMessage.sent_at < cutoff,
            OutboxMessage.pruned_at.is_(None),
        ),
        _CUT_OUTBOX, now, batch,
    )  # fmt: skip
    inbox = _cut(
        session,
        select(InboxMessage.id, InboxMessage.raw).where(
            InboxMessage.status.in_([InboxStatus.DONE, InboxStatus.DUPLICATE]),
            InboxMessage.processed_at < cutoff,
            InboxMessage.pruned_at.is_(None),
        ),
        _CUT_INBOX, now, batch,
    )  # fmt: skip
    maps = _drop_maps(session, cutoff)
    if outbox or inbox or maps:
        log.info("storage: pruned %d sent and %d received mail bodies, %d maps "
                 "(older than %d days)", outbox, inbox, maps, retention_days)  # fmt: skip
    return Pruned(outbox, inbox, maps)


_CUT_OUTBOX = (
    update(OutboxMessage)
    .where(OutboxMessage.id == bindparam("row_id"))
    .values(message=bindparam("body"), pruned_at=bindparam("at"))
)
_CUT_INBOX = (
    update(InboxMessage)
    .where(InboxMessage.id == bindparam("row_id"))
    .values(raw=bindparam("body"), pruned_at=bindparam("at"), header_facts=None)
)


def _cut(
    session: Session, query: Select[int, bytes], statement: Update, now: datetime, batch: int
) -> int:
    connection = session.connection()
    total = 0
    while True:
        rows = list(connection.execute(query.order_by(query.selected_columns[0]).limit(batch)))
        if not rows:
            return total
        connection.execute(
            statement,
            [{"row_id": row[0], "body": header_block(row[1]), "at": now} for row in rows],
        )
        total += len(rows)
        if len(rows) < batch:
            return total


def _drop_maps(session: Session, cutoff: datetime) -> int:
    """Delete the maps older than `cutoff` that no waiting or failed mail needs."""
    needed = exists().where(
        OutboxMessage.map_id == PhaseMap.id, OutboxMessage.status != OutboxStatus.SENT
    )
    old = list(session.scalars(
        select(PhaseMap.id).where(PhaseMap.created_at < cutoff, ~needed)
    ))  # fmt: skip
    if not old:
        return 0
    session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.map_id.in_(old))
        .values(map_id=None)
        .execution_options(synchronize_session=False)
    )
    session.execute(
        delete(PhaseMap).where(PhaseMap.id.in_(old)).execution_options(synchronize_session=False)
    )
    return len(old)


def prune_if_due(session: Session, now: datetime, retention_days: int, timer: PruneTimer) -> None:
    """`prune` when the timer says so; a failure is logged, and tried at the next run."""
    if not timer.due():
        return
    try:
        with session.begin_nested():
            prune(session, now, retention_days)
    except Exception:
        log.exception("storage: pruning old mail failed; tried again later")


class PruneTimer:
    """When this process last pruned: pruning runs at start, then every `PRUNE_EVERY`."""

    def __init__(self) -> None:
        self.next_at = 0.0

    def due(self) -> bool:
        moment = time.monotonic()
        if moment < self.next_at:
            return False
        self.next_at = moment + PRUNE_EVERY
        return True
