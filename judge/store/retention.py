"""Keep the database small: drop the bodies of old mail, keep the record.

After `[storage] retention_days` (default 30), a sent outgoing mail and an incoming
mail with a final outcome (`done`, `duplicate`, `declined`, `done_with_errors`)
keep their header block (who, when, which Message-ID, the subject) and their
outcome (status, error, times), but not their body: `message` / `raw` are cut to
the headers, and `pruned_at` says when (an incoming mail's header facts, read for
its processing, go too: the header block kept is the record). Failed mail (in or
out) and mail still waiting is never pruned: the operator may retry it. A phase's
stored map goes too once it is that old and no mail still waiting or failed needs
it (a map can be drawn again from the game's record).

`prune` works in bounded batches of `BATCH` rows and commits after each one, so
SQLite's write lock is never held for more than one batch: a writer waits for one
batch at most, never for the whole run. The scheduler calls it at most every
`PRUNE_EVERY` (`prune_if_due`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
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
    batches: int = 0  # transactions committed, each of at most `batch` rows


def header_block(message: bytes) -> bytes:
    """The header block of a raw mail, with its blank line: the part kept."""
    ends = [at for at in (message.find(b"\r\n\r\n"), message.find(b"\n\n")) if at >= 0]
    if not ends:
        return message
    end = min(ends)
    return message[:end] + (b"\r\n\r\n" if message[end:end + 2] == b"\r\n" else b"\n\n")


FINISHED_INBOX = (
    InboxStatus.DONE, InboxStatus.DUPLICATE, InboxStatus.DECLINED, InboxStatus.DONE_WITH_ERRORS
)  # fmt: skip

AfterBatch = Callable[[int], None]


def prune(
    session: Session, now: datetime, retention_days: int, batch: int = BATCH,
    after_batch: AfterBatch | None = None,
) -> Pruned:
    """Cut every body older than the retention, committing `session` after each batch
    of at most `batch` rows (call it with nothing else pending in the session).
    `after_batch` is called with the batch's number after each commit."""
    if retention_days <= 0:
        return Pruned(0, 0, 0)
    cutoff = now - timedelta(days=retention_days)
    batches = _Batches(session, after_batch)
    outbox = _cut(
        batches,
        select(OutboxMessage.id, OutboxMessage.message).where(
            OutboxMessage.status == OutboxStatus.SENT,
            OutboxMessage.sent_at < cutoff,
            OutboxMessage.pruned_at.is_(None),
        ),
        _CUT_OUTBOX, now, batch,
    )  # fmt: skip
    inbox = _cut(
        batches,
        select(InboxMessage.id, InboxMessage.raw).where(
            InboxMessage.status.in_(FINISHED_INBOX),
            InboxMessage.processed_at < cutoff,
            InboxMessage.pruned_at.is_(None),
        ),
        _CUT_INBOX, now, batch,
    )  # fmt: skip
    maps = _drop_maps(batches, cutoff, batch)
    if outbox or inbox or maps:
        log.info("storage: pruned %d sent and %d received mail bodies, %d maps "
                 "(older than %d days), in %d transactions",
                 outbox, inbox, maps, retention_days, batches.count)  # fmt: skip
    return Pruned(outbox, inbox, maps, batches.count)


class _Batches:
    """Commits one batch's work, and counts the batches."""

    def __init__(self, session: Session, after: AfterBatch | None) -> None:
        self.session, self.after, self.count = session, after, 0

    def commit(self) -> None:
        self.session.commit()
        self.count += 1
        if self.after is not None:
            self.after(self.count)


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
    batches: _Batches, query: Select[int, bytes], statement: Update, now: datetime, batch: int
) -> int:
    total, last = 0, 0
    key = query.selected_columns[0]
    while True:
        connection = batches.session.connection()
        # From where the last batch ended (by id): no batch reads the rows cut before it.
        rows = list(connection.execute(query.where(key > last).order_by(key).limit(batch)))
        if not rows:
            batches.session.rollback()  # a read only: end it, so no lock lingers
            return total
        connection.execute(
            statement,
            [{"row_id": row[0], "body": header_block(row[1]), "at": now} for row in rows],
        )
        batches.commit()
        total += len(rows)
        last = rows[-1][0]
        if len(rows) < batch:
            return total


def _drop_maps(batches: _Batches, cutoff: datetime, batch: int) -> int:
    """Delete the maps older than `cutoff` that no waiting or failed mail needs, a
    batch per transaction."""
    session = batches.session
    needed = exists().where(
        OutboxMessage.map_id == PhaseMap.id, OutboxMessage.status != OutboxStatus.SENT
    )
    total = 0
    while True:
        old = list(session.scalars(
            select(PhaseMap.id).where(PhaseMap.created_at < cutoff, ~needed)
            .order_by(PhaseMap.id).limit(batch)
        ))  # fmt: skip
        if not old:
            session.rollback()
            return total
        session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.map_id.in_(old))
            .values(map_id=None)
            .execution_options(synchronize_session=False)
        )
        session.execute(
            delete(PhaseMap).where(PhaseMap.id.in_(old)).execution_options(synchronize_session=False)
        )
        batches.commit()
        total += len(old)
        if len(old) < batch:
            return total


def prune_if_due(session: Session, now: datetime, retention_days: int, timer: PruneTimer) -> None:
    """`prune` when the timer says so (committing `session` per batch: call it with
    nothing pending); a failure is logged, and tried at the next run (the batches
    committed before it stay done)."""
    if not timer.due():
        return
    try:
        prune(session, now, retention_days)
    except Exception:
        session.rollback()
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
