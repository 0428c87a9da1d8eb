"""The inbox processor: each stored mail is handled once, in order, atomically."""

from __future__ import annotations

from collections.abc import Callable
from email.policy import SMTP

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.intake.helpers import mail
from support.server.intake.recording_handler import handle_message

from judge.clock import Clock, ManualClock
from judge.config import Config
from judge.server.processor import process_next, process_pending
from judge.server.watchdog import Watchdogs
from judge.store import inbox
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


@pytest.fixture
def config(database_url: str, make_config: Callable[..., Config]) -> Config:
    return make_config(database_url)


def _store(sessions: sessionmaker[Session], clock: ManualClock, raw: bytes) -> int:
    return inbox.store_message(
        sessions, raw, mail_from="ann@example.org", rcpt_tos=["judge@example.org"],
        now=clock.now(),
    )


def _rows(sessions: sessionmaker[Session]) -> list[InboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))


def _replies(sessions: sessionmaker[Session]) -> list[OutboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_mails_are_handled_oldest_first_and_marked_done(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    seen: list[int] = []

    def handler(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        seen.append(row.id)

    ids = [_store(sessions, clock, mail(n).as_bytes(policy=SMTP)) for n in range(3)]
    clock.advance(5)
    assert process_pending(sessions, handler, clock, config, watchdogs) == 3
    assert seen == ids
    assert [(r.status, r.processed_at) for r in _rows(sessions)] == [
        (InboxStatus.DONE, clock.now())
    ] * 3
    assert not process_next(sessions, handler, clock, config, watchdogs)


def test_the_handlers_effects_commit_with_the_done_mark(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    _store(sessions, clock, mail(1).as_bytes(policy=SMTP))
    process_pending(sessions, handle_message, clock, config, watchdogs)
    [reply] = _replies(sessions)
    assert b"In-Reply-To: <m1@example.org>" in reply.message
    assert _rows(sessions)[0].status == InboxStatus.DONE


def test_a_failing_handler_leaves_no_effects_and_the_mail_kept_as_failed(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    _store(sessions, clock, mail(1, subject="please FAIL").as_bytes(policy=SMTP))
    _store(sessions, clock, mail(2).as_bytes(policy=SMTP))
    assert process_pending(sessions, handle_message, clock, config, watchdogs) == 2
    failed, done = _rows(sessions)
    assert failed.status == InboxStatus.FAILED
    assert failed.error is not None and "RuntimeError: asked to fail" in failed.error
    assert "Traceback" in failed.error
    assert b"FAIL" in failed.raw
    assert done.status == InboxStatus.DONE
    [reply] = _replies(sessions)  # only the second mail's reply survived
    assert b"<m2@example.org>" in reply.message


def test_a_failed_mail_can_be_requeued_and_processed_again(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    calls: list[int] = []

    def flaky(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        calls.append(row.id)
        if len(calls) == 1:
            raise ValueError("service bug")

    inbox_id = _store(sessions, clock, mail(1).as_bytes(policy=SMTP))
    process_pending(sessions, flaky, clock, config, watchdogs)
    with sessions.begin() as session:
        assert inbox.requeue(session, inbox_id)
    process_pending(sessions, flaky, clock, config, watchdogs)
    assert calls == [inbox_id, inbox_id]
    assert _rows(sessions)[0].status == InboxStatus.DONE


def test_identical_bytes_sent_again_are_not_processed_twice(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    raw = mail(1).as_bytes(policy=SMTP)
    _store(sessions, clock, raw)
    process_pending(sessions, handle_message, clock, config, watchdogs)
    _store(sessions, clock, raw)  # an MTA that missed our 250 sends it again
    _store(sessions, clock, mail(2).as_bytes(policy=SMTP))
    process_pending(sessions, handle_message, clock, config, watchdogs)
    statuses = [row.status for row in _rows(sessions)]
    assert statuses == [InboxStatus.DONE, InboxStatus.DUPLICATE, InboxStatus.DONE]
    assert len(_replies(sessions)) == 2


def test_an_interrupted_transaction_leaves_the_mail_new(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    def crash(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        handle_message(session, row, clock, config)
        raise KeyboardInterrupt  # like a kill: not an ordinary handler error

    _store(sessions, clock, mail(1).as_bytes(policy=SMTP))
    with pytest.raises(KeyboardInterrupt):
        process_next(sessions, crash, clock, config, watchdogs)
    assert _rows(sessions)[0].status == InboxStatus.NEW
    assert _replies(sessions) == []
    process_pending(sessions, handle_message, clock, config, watchdogs)
    assert len(_replies(sessions)) == 1


def test_identical_bytes_in_the_same_batch_are_processed_once(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    watchdogs: Watchdogs,
) -> None:
    raw = mail(1).as_bytes(policy=SMTP)
    first = _store(sessions, clock, raw)
    _store(sessions, clock, raw)
    _store(sessions, clock, mail(2).as_bytes(policy=SMTP))
    assert process_pending(sessions, handle_message, clock, config, watchdogs) == 3
    rows = _rows(sessions)
    assert [row.status for row in rows] == [
        InboxStatus.DONE, InboxStatus.DUPLICATE, InboxStatus.DONE
    ]
    assert rows[1].error is not None and f"inbox message {first}" in rows[1].error
    assert len(_replies(sessions)) == 2


def test_a_batch_commits_its_mails_together_with_their_marks(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], watchdogs: Watchdogs,
) -> None:
    # One batch for the five mails however slow the machine: the batch's time limit
    # (0.25 s by default) was reached before the fourth mail under a loaded full run.
    config = make_config(database_url, processor={"batch_seconds": 60})
    for n in range(5):
        _store(sessions, clock, mail(n).as_bytes(policy=SMTP))
    calls: list[int] = []

    def crash_on_fourth(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        handle_message(session, row, clock, config)
        calls.append(row.id)
        if len(calls) == 4:
            raise KeyboardInterrupt  # a kill in the middle of the batch

    with pytest.raises(KeyboardInterrupt):
        process_pending(sessions, crash_on_fourth, clock, config, watchdogs)
    assert {row.status for row in _rows(sessions)} == {InboxStatus.NEW}
    assert _replies(sessions) == []
    assert process_pending(sessions, handle_message, clock, config, watchdogs) == 5
    assert len(_replies(sessions)) == 5
