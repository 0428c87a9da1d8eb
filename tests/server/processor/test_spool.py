"""The SMTP intake never waits on a mail's commands: while the processor runs one,
other senders' mail goes to the spool (a file, flushed) and hears 250 at once.

Found on a live judge: a master's mail ran for 31 s, holding SQLite's write lock in
its batch; a mail the processor did not take within `intake_wait_seconds` was stored
by the intake itself, which waited for that lock, and its sender got 451. Here the
slow mail's handler waits, in its batch, until the other sender's 250 has come.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from email.policy import SMTP
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.intake.helpers import Listener, mail

from judge.clock import Clock, ManualClock
from judge.config import Config
from judge.server.handover import Handover
from judge.server.intake import bound_address, start_smtp
from judge.server.intake_inbox import Inbox
from judge.server.processor import process_batch, processor_loop
from judge.server.spool import Spool, read_spool
from judge.server.watchdog import Watchdogs
from judge.store.inbox import ReceivedMail
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


class HeldHandler:
    """Handles every mail at once, except the one with subject `hold`: that one waits
    (in its batch, holding the write lock) until `release` is set."""

    def __init__(self) -> None:
        self.holding = threading.Event()
        self.release = threading.Event()
        self.handled: list[int] = []

    def __call__(self, session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        if b"Subject: hold" in row.raw:
            session.get(InboxMessage, row.id)  # the batch has written already: the lock is held
            self.holding.set()
            assert self.release.wait(60), "never released"
        self.handled.append(row.id)


def _rows(sessions: sessionmaker[Session]) -> list[InboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))


def test_mail_sent_while_a_mail_is_run_is_spooled_and_answered_250_meanwhile(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], loop_thread: Any, watchdogs: Watchdogs, tmp_path: Path,
) -> None:
    config = make_config(database_url, processor={"intake_wait_seconds": 0.1})
    handler = HeldHandler()
    spool = Spool(tmp_path / "spool")
    handover = Handover(lambda: processor.wake(), spool, config.processor.intake_wait_seconds)
    processor = processor_loop(sessions, handler, clock, config, watchdogs, None, handover)
    processor.start()
    server = loop_thread.run(start_smtp(Inbox(sessions, clock, config), handover))
    listener = Listener(*bound_address(server))
    try:
        with listener.client() as client:
            client.send_message(mail(1, subject="hold"))
        assert handler.holding.wait(30)
        with listener.client() as client:  # 10 s timeout: SQLite's busy wait is 30 s
            client.ehlo()
            client.mail("bob@example.org")
            client.rcpt("judge@example.org")
            code, answer = client.data(mail(2, sender="bob@example.org").as_bytes(policy=SMTP))
        assert (code, answer.split(b" as ")[0]) == (250, b"2.0.0 OK: spooled")
        assert not handler.release.is_set()  # answered while the held mail still runs
        assert len(spool.waiting()) == 1  # durable, as a file
        handler.release.set()
        processor.wake()
        for _ in range(300):
            rows = _rows(sessions)
            if len(rows) == 2 and all(r.status is InboxStatus.DONE for r in rows):
                break
            handler.release.wait(0.1)
        assert [(r.status, r.mail_from) for r in rows] == [
            (InboxStatus.DONE, "ann@example.org"), (InboxStatus.DONE, "bob@example.org")]
        assert spool.waiting() == []
    finally:
        handler.release.set()
        loop_thread.loop.call_soon_threadsafe(server.close)
        processor.stop()
        processor.join(10)


def _received(number: int) -> ReceivedMail:
    raw = mail(number).as_bytes(policy=SMTP)
    return ReceivedMail(raw, "ann@example.org", ("judge@example.org",), None, "192.0.2.7")


def test_a_spooled_mail_reads_back_as_it_was_accepted(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "spool")
    names = [spool.put(_received(n)) for n in range(3)]
    assert [path.name for path in spool.waiting()] == names  # oldest first
    assert [mail for _, mail in read_spool(spool)] == [_received(n) for n in range(3)]
    assert not list((tmp_path / "spool").glob(".*"))  # no temporary file left behind


def test_the_next_batch_imports_the_spool_before_the_mails_handed_after_it(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], watchdogs: Watchdogs, tmp_path: Path,
) -> None:
    config = make_config(database_url)
    spool = Spool(tmp_path / "spool")
    spool.put(_received(1))
    spool.put(_received(2))
    handled: list[bytes] = []

    def handle(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
        handled.append(row.raw)

    handover = Handover(lambda: None, spool)
    assert process_batch(sessions, handle, clock, config, watchdogs, 20, handover) == 2
    assert handled == [_received(1).raw, _received(2).raw]
    assert [r.peer for r in _rows(sessions)] == ["192.0.2.7", "192.0.2.7"]
    assert spool.waiting() == []


def test_a_damaged_spool_file_is_kept_aside_and_the_others_imported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spool = Spool(tmp_path / "spool")
    spool.put(_received(1))
    broken = spool.folder / "00000000000000000001-1-000000.mail"
    broken.write_bytes(b"not json\nraw")
    read = read_spool(spool)
    assert [mail for _, mail in read] == [_received(1)]
    assert (spool.folder / (broken.name + ".bad")).exists()
    assert "cannot be read" in caplog.text
