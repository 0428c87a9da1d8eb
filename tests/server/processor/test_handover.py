"""The handover from the SMTP intake to the inbox processor: a mail is answered only
once the processor's thread has committed it, with its inbox id, or with the error."""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Callable
from email.policy import SMTP

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.intake.helpers import mail
from support.server.intake.recording_handler import handle_message

from judge.clock import Clock, ManualClock
from judge.config import Config, ProcessorSection
from judge.server.handover import Handover
from judge.server.processor import process_batch
from judge.server.watchdog import Watchdogs
from judge.store import inbox
from judge.store.inbox import ReceivedMail
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

BATCH = ProcessorSection().batch_size


# A batch ends at its time limit (0.25 s by default) or once a newly handed mail has
# waited (0.01 s). Tests that count a batch's mails put both out of reach, so a loaded
# machine cannot end the batch early (CI once saw 1 of 3 processed).
UNHURRIED = {"batch_seconds": 60, "handover_wait_seconds": 10}


@pytest.fixture
def config(database_url: str, make_config: Callable[..., Config]) -> Config:
    return make_config(database_url, processor=UNHURRIED)


def _received(number: int) -> ReceivedMail:
    raw = mail(number).as_bytes(policy=SMTP)
    return ReceivedMail(raw, "ann@example.org", ("judge@example.org",))


async def _hand_over_and_process(
    handover: Handover, count: int, process: Callable[[], int]
) -> tuple[list[int | BaseException], int, float]:
    stores = [asyncio.ensure_future(handover.store(_received(n))) for n in range(count)]
    await asyncio.sleep(0.01)
    waited = handover.waited()
    done = await asyncio.to_thread(process)
    outcomes = await asyncio.gather(*stores, return_exceptions=True)
    return list(outcomes), done, waited


def test_handed_mails_are_stored_answered_and_processed(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config, watchdogs: Watchdogs
) -> None:
    woken: list[bool] = []
    handover = Handover(lambda: woken.append(True))
    assert handover.waited() == 0.0

    def process() -> int:
        return process_batch(sessions, handle_message, clock, config, watchdogs, BATCH, handover)

    outcomes, done, waited = asyncio.run(_hand_over_and_process(handover, 3, process))
    assert waited > 0 and len(woken) == 3 and handover.waited() == 0.0
    with sessions() as session:
        rows = session.scalars(select(InboxMessage).order_by(InboxMessage.id)).all()
        replies = session.scalars(select(OutboxMessage)).all()
    assert outcomes == [row.id for row in rows]
    assert [row.raw for row in rows] == [_received(n).raw for n in range(3)]
    assert done == 3 and {row.status for row in rows} == {InboxStatus.DONE}
    assert len(replies) == 3


def test_a_mail_that_could_not_be_stored_gets_the_error(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config,
    monkeypatch: pytest.MonkeyPatch, watchdogs: Watchdogs,
) -> None:
    def refuse(*args: object) -> list[int]:
        raise OSError("disk full")

    monkeypatch.setattr(inbox, "insert_received", refuse)
    handover = Handover(lambda: None)

    def process() -> int:
        with pytest.raises(OSError, match="disk full"):
            process_batch(sessions, handle_message, clock, config, watchdogs, BATCH, handover)
        return 0

    outcomes, _done, _waited = asyncio.run(_hand_over_and_process(handover, 2, process))
    assert all(isinstance(outcome, OSError) for outcome in outcomes)
    with sessions() as session:
        assert session.scalars(select(InboxMessage)).all() == []


def test_mail_committed_after_the_server_stopped_is_settled_quietly() -> None:
    from judge.server.handover import Handed, settle

    loop = asyncio.new_event_loop()
    future: asyncio.Future[int] = loop.create_future()
    loop.close()
    settle([Handed(_received(1), future, loop, 0.0)], [7])  # no RuntimeError escapes
    assert not future.done()


def _rows(sessions: sessionmaker[Session]) -> list[InboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))


def test_a_batch_ends_at_its_time_limit(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], watchdogs: Watchdogs,
) -> None:
    """With a limit shorter than one mail, a batch takes exactly one mail; the others
    stay `new`, their attempts not counted, for the next batch."""
    config = make_config(database_url, processor={**UNHURRIED, "batch_seconds": 0.001})
    handover = Handover(lambda: None)

    def slow(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        handle_message(session, row, clock, config)
        time.sleep(0.01)

    def process() -> int:
        return process_batch(sessions, slow, clock, config, watchdogs, BATCH, handover)

    _outcomes, done, _waited = asyncio.run(_hand_over_and_process(handover, 3, process))
    assert done == 1
    assert [(row.status, row.attempts) for row in _rows(sessions)] == [
        (InboxStatus.DONE, 1), (InboxStatus.NEW, 0), (InboxStatus.NEW, 0)
    ]
    assert process_batch(sessions, slow, clock, config, watchdogs, BATCH) == 1


def test_a_batch_ends_once_a_newly_handed_mail_has_waited(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], watchdogs: Watchdogs,
) -> None:
    """A mail handed over during a batch ends it after the current mail, so that its
    sender hears 250 soon; the batch's other mails go to the next batch, which first
    stores the late mail."""
    config = make_config(database_url, processor={**UNHURRIED, "handover_wait_seconds": 0.001})
    handover = Handover(lambda: None)

    async def run() -> tuple[int, int, int]:
        loop = asyncio.get_running_loop()
        late: list[concurrent.futures.Future[int]] = []

        def hands_one_more(session: Session, row: InboxMessage, clock: Clock,
                           config: Config) -> None:
            handle_message(session, row, clock, config)
            if not late:
                late.append(asyncio.run_coroutine_threadsafe(handover.store(_received(9)), loop))
                while handover.waited() <= 0.001:
                    time.sleep(0.001)

        stores = [asyncio.ensure_future(handover.store(_received(n))) for n in range(3)]
        await asyncio.sleep(0.01)
        first = await asyncio.to_thread(
            process_batch, sessions, hands_one_more, clock, config, watchdogs, BATCH, handover)
        await asyncio.gather(*stores)
        second = await asyncio.to_thread(
            process_batch, sessions, hands_one_more, clock, config, watchdogs, BATCH, handover)
        return first, second, await asyncio.wrap_future(late[0])

    first, second, late_id = asyncio.run(run())
    assert (first, second) == (1, 3)
    rows = _rows(sessions)
    assert [row.id for row in rows][-1] == late_id
    assert {row.status for row in rows} == {InboxStatus.DONE}
