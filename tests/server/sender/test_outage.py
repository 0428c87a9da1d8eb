"""The outbox keeps mail like an MTA: a relay down for longer than the old back-off
schedule (about 2 hours), or a full disk under the maildir, only delays the mail;
every mail arrives once when the fault is gone. Only the end of the lifetime fails
a mail, and `judge retry --outbox` / `--all-failed` puts it back; `judge status`
shows the queue meanwhile. Real parts: an aiosmtpd relay on a port that is closed
for hours (of a manual clock), and ENOSPC raised by `os.write` itself."""

from __future__ import annotations

import errno
import os
import socket
from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.sender.sink import Sink, start_sink
from support.variant_registry import WORKER_REGISTRY

from judge.cli import main
from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due, make_transport
from judge.store.models import OutboxMessage, OutboxStatus
from judge.store.overview import outbox_queue, outbox_queue_lines

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

MAILS = 30


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _queue(sessions: sessionmaker[Session], clock: ManualClock, count: int = MAILS) -> None:
    with sessions.begin() as session:
        for n in range(count):
            message = EmailMessage()
            message["From"] = "judge@example.org"
            message["To"] = f"p{n}@example.org"
            message["Subject"] = f"mail {n}"
            message.set_content(f"mail {n}\n")
            enqueue(session, message, "notice", gate=no_mail_in(), now=clock.now())


def _rows(sessions: sessionmaker[Session]) -> list[OutboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def _run_until(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config, hours: float
) -> int:
    """Deliver, then jump to the next due attempt, until `hours` have passed; return
    the number of delivery rounds."""
    end = clock.now().timestamp() + hours * 3600
    rounds = 0
    while True:
        deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
        rounds += 1
        pending = [r.next_attempt_at for r in _rows(sessions) if r.status == "pending"]
        if not pending or min(pending).timestamp() > end:
            return rounds
        clock.advance(max(min(pending) - clock.now(), timedelta(0)))


def test_a_relay_down_for_six_hours_then_back_gets_every_mail_once(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any, database_url: str,
    make_config: Callable[..., Config],
) -> None:
    port = _free_port()
    config = make_config(database_url, outbound={
        "transport": "smtp", "relay_host": "127.0.0.1", "relay_port": port,
        "relay_timeout_seconds": 5,  # the built-in back-off (60 s doubling, 1 h cap)
    })  # fmt: skip
    _queue(sessions, clock)
    rounds = _run_until(sessions, clock, config, hours=6)
    rows = _rows(sessions)
    assert all(row.status == OutboxStatus.PENDING for row in rows)
    assert rows[0].attempts == rounds and rounds > 8  # the old limit was 8 attempts
    assert rows[0].last_error is not None and "Connection refused" in rows[0].last_error
    with sessions() as session:
        queue = outbox_queue(session, clock.now())
    assert queue["pending"] == MAILS and queue["oldest_pending_seconds"] > 5 * 3600
    assert queue["retrying"][0]["mails"] == MAILS
    assert "Connection refused" in queue["retrying"][0]["error"]
    head, retrying = outbox_queue_lines(queue)
    assert head.startswith(f"  queue: {MAILS} pending, oldest 5h")
    assert retrying.startswith(f"  retrying {MAILS} (next try ")

    sink = Sink()
    loop_thread.run(start_sink(sink, port))
    clock.advance(3600)
    sent = deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    assert sent == MAILS
    assert sorted(r.rcpt_tos[0] for r in sink.received) == sorted(
        f"p{n}@example.org" for n in range(MAILS)
    )
    assert len(sink.helo_names) == 1  # the whole batch on one connection
    assert all(row.status == OutboxStatus.SENT for row in _rows(sessions))
    clock.advance(86400)
    sent = deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    assert sent == 0
    assert len(sink.received) == MAILS


def test_the_lifetime_ends_a_mail_and_retry_outbox_puts_it_back(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    write_config: Callable[..., Path], loop_thread: Any, capsys: pytest.CaptureFixture[str],
    make_config: Callable[..., Config],
) -> None:
    port = _free_port()
    outbound = {"transport": "smtp", "relay_host": "127.0.0.1", "relay_port": port,
                "relay_timeout_seconds": 5, "lifetime": "12h"}  # fmt: skip
    config = make_config(database_url, outbound=outbound)
    path = write_config(database_url, outbound=outbound)
    _queue(sessions, clock, count=3)
    _run_until(sessions, clock, config, hours=13)
    rows = _rows(sessions)
    assert [row.status for row in rows] == [OutboxStatus.FAILED] * 3
    assert rows[0].last_error is not None and "given up after 12:00:00" in rows[0].last_error

    assert main(["status", "--config", str(path)]) == 0
    assert f"failed #{rows[0].id} to <p0@example.org>" in capsys.readouterr().out
    assert main(["retry", "--outbox", str(rows[0].id), "--config", str(path)]) == 0
    assert main(["retry", "--outbox", "999", "--config", str(path)]) == 1
    assert "outbox 999 is not a failed mail" in capsys.readouterr().err
    assert [row.status for row in _rows(sessions)] == ["pending", "failed", "failed"]
    assert main(["retry", "--all-failed", "--config", str(path)]) == 0
    assert "2 outgoing mail(s) requeued" in capsys.readouterr().out

    sink = Sink()
    loop_thread.run(start_sink(sink, port))
    clock.advance(1)  # the requeued mail is due: the real clock has moved on since
    clock.advance(max(r.next_attempt_at for r in _rows(sessions)) - clock.now())
    sent = deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    assert sent == 3
    assert len(sink.received) == 3


def test_a_full_disk_under_the_maildir_delays_mail_and_leaves_no_partial_files(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = make_config(database_url)
    maildir = config.outbound.maildir
    _queue(sessions, clock, count=5)
    real_write = os.write

    def disk_full(descriptor: int, data: Any) -> int:
        real_write(descriptor, bytes(data)[:7])  # a little fits, then the disk is full
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", disk_full)
    for _ in range(3):
        transport = make_transport(config.outbound)
        sent = deliver_due(sessions, transport, clock, config, WORKER_REGISTRY)
        assert sent == 0
        clock.advance(3600)
    monkeypatch.undo()
    rows = _rows(sessions)
    assert all(row.status == OutboxStatus.PENDING and row.attempts == 3 for row in rows)
    assert rows[0].last_error is not None and "ENOSPC" in rows[0].last_error
    assert list((maildir / "tmp").iterdir()) == []
    assert list((maildir / "new").iterdir()) == []

    sent = deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    assert sent == 5
    files = list((maildir / "new").iterdir())
    assert len(files) == 5 and all(f.read_bytes().endswith(b"\n") for f in files)
    assert {row.status for row in _rows(sessions)} == {OutboxStatus.SENT}
