"""Whatever escapes one mail's handling, undo it, free the database, and go on.

The inbox processor runs a batch of mails in one transaction, each mail in a
savepoint of it. A mail's handling can fail in ways a savepoint does not survive:
the watchdog's `MailTooLong` is raised between two bytecodes of the processor's
thread, and when it lands inside SQLAlchemy (a flush, a savepoint's release, the
driver's cursor) SQLAlchemy takes it for an exit signal and invalidates the
connection: the transaction can then neither be rolled back to the savepoint nor
committed (`PendingRollbackError`), and on SQLite the write lock stays with the
dead transaction for as long as anything holds the connection. The judge was found
in that state: every batch failed with "database is locked", the SMTP intake
answered 451, and the same mail was run again and again.

So the processor asks `rolled_back` after any failure: it rolls the mail's savepoint
back and proves the batch's transaction still works with one statement. If it does
not, the processor raises `BatchBroken`, the batch's connection is discarded
(`discard`: closing it ends its transaction on the server and frees SQLite's lock),
and `fail_alone` records, in a fresh transaction, that this mail failed (with the
reason, for `judge status`) and gives the other mails of the batch their attempt
back: their work was in the discarded transaction, so they are still `new`, and the
next batch handles them as if this one had never begun.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection, Engine, RootTransaction
from sqlalchemy.orm import Session

from judge.store import inbox
from judge.store.models import InboxMessage

log = logging.getLogger(__name__)


class BatchBroken(Exception):
    """A mail's failure left the batch's transaction unusable: `row` failed, `reason`."""

    def __init__(self, row: InboxMessage, reason: str) -> None:
        super().__init__(f"inbox {row.id}: the batch's transaction is unusable")
        self.row = row
        self.reason = reason


def rolled_back(session: Session, connection: Connection) -> bool:
    """Roll the mail's `session` back to its savepoint; True when the batch's
    `connection` is still in a working transaction afterwards (else the batch must
    be discarded). Never raises, whatever the rollback raises."""
    try:
        session.rollback()
        session.close()
        if connection.invalidated or not connection.in_transaction():
            return False
        connection.exec_driver_sql("SELECT 1").close()
    except BaseException:  # any failure here means the same: discard the batch
        log.exception("rolling a mail back failed; the batch's transaction is discarded")
        return False
    return True


def discard(connection: Connection) -> None:
    """Close the database connection under `connection` for good: the server ends its
    transaction (PostgreSQL rolls it back; SQLite drops its write lock). Never raises."""
    try:
        connection.invalidate()
    except BaseException:  # the connection is gone either way
        log.exception("discarding a broken connection failed")
    try:
        connection.close()
    except BaseException:
        log.exception("closing a broken connection failed")


def roll_back_or_discard(connection: Connection, transaction: RootTransaction) -> None:
    """End the batch's `transaction` after an error: rolled back, or when even that
    fails, its connection discarded. Never raises."""
    try:
        transaction.rollback()
    except BaseException:  # the connection is in doubt: it goes
        log.exception("rolling a batch back failed; its connection is discarded")
        discard(connection)


def fail_alone(
    engine: Engine, broken: BatchBroken, batch: Sequence[int], now: datetime
) -> None:
    """In a fresh transaction: mark the mail that broke the batch `failed` with its
    reason, and give the batch's other mails (rolled back with it) their attempt back."""
    row = broken.row
    inbox.mark_failed(row, broken.reason, now)
    with engine.begin() as connection:
        inbox.write_outcomes(connection, [row])
        inbox.uncount_attempts(connection, [i for i in batch if i != row.id])
    log.error("inbox %s: marked failed; the batch was discarded, its other mails stay new",
              row.id)  # fmt: skip
