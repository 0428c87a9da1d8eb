"""The handover from the SMTP intake to the inbox processor: a mail is answered only
once the processor's thread has committed it, with its inbox id, or with the error."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from email.policy import SMTP

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config, ProcessorSection
from judge.server.handover import Handover
from judge.server.processor import process_batch
from judge.server.watchdog import Watchdogs
from judge.store import inbox
from judge.store.inbox import ReceivedMail
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage
from server.intake.helpers import mail
from server.intake.recording_handler import handle_message

BATCH = ProcessorSection().batch_size


@pytest.fixture
def config(database_url: str, make_config: Callable[..., Config]) -> Config:
    return make_config(database_url)


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
