"""Pruning commits per batch, and prunes every finished outcome (issue 22, item 3).

One transaction for the whole run held SQLite's write lock for seconds (20,000 old
rows: 4.6 s; a writer waited 4.1 s). Here a writer that will not wait at all
(`busy_timeout = 0` on SQLite) writes between every two batches of the run, and
each batch holds at most `batch` rows: the writer's wait is bounded by one batch,
shown by the run's structure, not by a clock.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from sqlalchemy import Engine, insert, select, text, update
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.store.db import make_engine
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage, OutboxStatus
from judge.store.retention import prune

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends

FINISHED = [InboxStatus.DONE, InboxStatus.DUPLICATE, InboxStatus.DECLINED,
            InboxStatus.DONE_WITH_ERRORS]  # fmt: skip
PER_STATUS = 130
BATCH = 100


def _old_mail(sessions: sessionmaker[Session], clock: ManualClock) -> None:
    now = clock.now()
    raw = b"From: a@example.org\r\nSubject: x\r\n\r\n" + b"body line\r\n" * 50
    inbox = [
        {"raw": raw, "mail_from": "a@example.org", "rcpt_tos": ["judge@example.org"],
         "received_at": now, "digest": hashlib.sha256(raw).hexdigest(), "status": status,
         "processed_at": now, "attempts": 1}
        for status in [*FINISHED, InboxStatus.FAILED] for _ in range(PER_STATUS)
    ]  # fmt: skip
    outbox = [
        {"to_address": "p@example.org", "message": raw, "message_id": f"<o{n}@x>",
         "kind": "reply", "created_at": now, "status": OutboxStatus.SENT, "attempts": 1,
         "next_attempt_at": now, "sent_at": now}
        for n in range(250)
    ]  # fmt: skip
    with sessions.begin() as session:
        session.execute(insert(InboxMessage), inbox)
        session.execute(insert(OutboxMessage), outbox)


def test_prune_commits_per_batch_under_a_writer_that_will_not_wait(
    sessions: sessionmaker[Session], clock: ManualClock, engine: Engine, database_url: str
) -> None:
    _old_mail(sessions, clock)
    clock.advance(31 * 86400)
    writer = make_engine(database_url)
    writes: list[int] = []

    def write_between(batch: int) -> None:
        with writer.connect() as connection:
            if connection.dialect.name == "sqlite":
                connection.exec_driver_sql("PRAGMA busy_timeout = 0")  # locked: fail now
                connection.commit()
            with connection.begin():
                connection.execute(
                    update(InboxMessage).where(InboxMessage.status == InboxStatus.FAILED)
                    .values(attempts=InboxMessage.attempts + 1)
                )  # fmt: skip
        writes.append(batch)

    try:
        with sessions() as session:
            pruned = prune(session, clock.now(), 30, batch=BATCH, after_batch=write_between)
    finally:
        writer.dispose()
    finished = PER_STATUS * len(FINISHED)
    assert (pruned.outbox, pruned.inbox) == (250, finished)
    # 250 sent mails in batches of 100: 3; 520 received: 6; each its own transaction.
    assert pruned.batches == 3 + 6 == len(writes)
    with sessions() as session:
        kept = dict(session.execute(
            select(InboxMessage.status, InboxMessage.pruned_at.is_(None))
            .group_by(InboxMessage.status, InboxMessage.pruned_at.is_(None))
        ).all())  # fmt: skip
        attempts = session.scalar(
            select(InboxMessage.attempts).where(InboxMessage.status == InboxStatus.FAILED)
        )
    assert kept == {**{status: False for status in FINISHED}, InboxStatus.FAILED: True}
    assert attempts == 1 + len(writes)  # every write between two batches went through


def test_nothing_old_enough_holds_no_lock(
    sessions: sessionmaker[Session], clock: ManualClock, engine: Engine
) -> None:
    _old_mail(sessions, clock)
    clock.advance(timedelta(days=29))
    with sessions() as session:
        pruned = prune(session, clock.now(), 30, batch=BATCH)
        assert not session.in_transaction()
    assert pruned.batches == 0
    with engine.connect() as connection:
        assert connection.execute(text("SELECT 1")).scalar() == 1
