"""Crash safety: `judge serve` killed with SIGKILL in the middle of a stream of mail.

A client sends 50 mails the way an MTA does: it retries each mail until it gets a
250. The server is killed mid-stream and restarted. Every mail must then be
processed exactly once: one reply each, no reply twice, nothing left unprocessed.

With the recording stand-in handler, the kill lands inside a handler's transaction
(after its reply was queued, before the commit): the handler stalls on one mail
until it is killed. With the service
layer's real handler (once it exists), the kill lands wherever it lands.
"""

from __future__ import annotations

import email
import smtplib
import threading
import time
from collections import Counter
from collections.abc import Callable
from email.policy import SMTP
from pathlib import Path

import pytest
from sqlalchemy import Engine, select
from support.migrated_copy import MigratedTemplates
from support.server.intake.helpers import ServeProcess, judge_env, mail

from judge.store.db import make_engine, make_session_factory
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

TOTAL = 50
KILL_AFTER = 10
EXPECTED = {f"<m{n}@example.org>" for n in range(TOTAL)}


class Client(threading.Thread):
    """Sends mails 0..TOTAL-1 in order, each until a 250, to whatever port is current."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.port = 0
        self.accepted: list[int] = []
        self.deadline = time.monotonic() + 120

    def run(self) -> None:
        for number in range(TOTAL):
            raw = mail(number).as_bytes(policy=SMTP)
            while not self._send(raw):
                if time.monotonic() > self.deadline:
                    return
                time.sleep(0.05)
            self.accepted.append(number)

    def _send(self, raw: bytes) -> bool:
        try:
            with smtplib.SMTP("127.0.0.1", self.port, timeout=5) as client:
                client.sendmail("ann@example.org", ["judge@example.org"], raw)
            return True
        except (OSError, smtplib.SMTPException):
            return False


def _wait_until(condition: Callable[[], bool], timeout: float, every: float = 0.02) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("condition not reached")
        time.sleep(every)


def _rows(database_url: str) -> tuple[list[InboxMessage], list[OutboxMessage]]:
    engine = make_engine(database_url)
    try:
        with make_session_factory(engine)() as session:
            inbox = list(session.scalars(select(InboxMessage)))
            outbox = list(session.scalars(select(OutboxMessage)))
            return inbox, outbox
    finally:
        engine.dispose()


def _lines(path: Path) -> list[str]:
    return path.read_text().split() if path.exists() else []


@pytest.mark.slow
def test_a_kill_inside_a_handler_loses_nothing_and_repeats_nothing(
    database_url: str,
    write_config: Callable[..., Path],
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> None:
    migrated_database.copy_to(database_url)  # at head: the first start migrates none
    trace = tmp_path / "handled.txt"
    stalled = f"<m{KILL_AFTER}@example.org>"
    env = judge_env(
        RECORDING_HANDLER_TRACE=str(trace),
        RECORDING_HANDLER_DELAY="0.05",
        RECORDING_HANDLER_STALL_ON=stalled,
    )
    server = ServeProcess(_config(database_url, write_config), tmp_path / "serve.log", env)
    client = Client()
    client.port = server.start()
    client.start()
    try:
        _wait_until(lambda: stalled in _lines(trace), 60)
        server.kill()  # inside the stalled mail's transaction
        del env["RECORDING_HANDLER_STALL_ON"]
        _restart_and_finish(server, client, database_url)
    finally:
        assert server.stop() == 0, (tmp_path / "serve.log").read_text()
    assert Counter(_lines(trace))[stalled] == 2, "handled again after the restart"
    _assert_exactly_once(client, database_url)


@pytest.mark.slow
def test_the_service_handler_processes_each_mail_once_across_a_sigkill(
    database_url: str,
    write_config: Callable[..., Path],
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> None:
    migrated_database.copy_to(database_url)
    server = ServeProcess(_config(database_url, write_config), tmp_path / "serve.log",
                          judge_env(), handler=None)  # fmt: skip
    client = Client()
    client.port = server.start()
    client.start()
    try:
        _wait_until(lambda: len(client.accepted) >= TOTAL // 2, 60)
        server.kill()
        _restart_and_finish(server, client, database_url)
    finally:
        assert server.stop() == 0, (tmp_path / "serve.log").read_text()
    _assert_exactly_once(client, database_url)


def _config(database_url: str, write_config: Callable[..., Path]) -> Path:
    return write_config(database_url, scheduler={"poll_seconds": 0.1})


def _restart_and_finish(server: ServeProcess, client: Client, database_url: str) -> None:
    client.port = server.start()
    client.join(timeout=120)
    # Read on one engine, ten times a second: an engine made for each look, 50 times a
    # second, took CPU from the judge being tested (as `support.server.sender.processes`).
    engine = make_engine(database_url)
    try:
        _wait_until(lambda: _all_processed(engine), 60, every=0.1)
    finally:
        engine.dispose()


def _all_processed(engine: Engine) -> bool:
    with engine.connect() as connection:
        inbox = connection.execute(select(InboxMessage.message_id, InboxMessage.status)).all()
    done = {message_id for message_id, status in inbox if status == InboxStatus.DONE}
    return done == EXPECTED and all(status != InboxStatus.NEW for _, status in inbox)


def _assert_exactly_once(client: Client, database_url: str) -> None:
    assert client.accepted == list(range(TOTAL))
    inbox, outbox = _rows(database_url)
    done = Counter(row.message_id for row in inbox if row.status == InboxStatus.DONE)
    assert set(done) == EXPECTED and set(done.values()) == {1}
    assert {row.status for row in inbox} <= {InboxStatus.DONE, InboxStatus.DUPLICATE}
    replies = Counter(str(email.message_from_bytes(row.message)["In-Reply-To"]) for row in outbox)
    assert set(replies) == EXPECTED
    assert set(replies.values()) == {1}, "a mail was answered twice"
