"""A full disk under `judge serve`: one log line per mail naming the disk, and 452
(issue 31.6).

With the database's disk full, every mail used to cost two tracebacks (the intake's,
the processor loop's) and a misleading "the processor is busy" (1,603 log lines for
30 mails). Now each mail is answered 452 4.3.1 ("insufficient system storage", RFC
5321: the client keeps it and sends it again, nothing is lost) and logged in one line,
"disk full: database ...: database or disk is full (... free in <folder>)"; the
loops that meet the full disk say so once, in one line, not once per round. Once
there is room again, the mail sent again is stored.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import sqlite3
import threading
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker
from support.variant_registry import WORKER_REGISTRY

import judge.server.serve as serve_module
import judge.store.inbox as inbox_store
from judge.clock import SystemClock
from judge.config import Config
from judge.server.intake import NO_STORAGE
from judge.server.serve import serve
from judge.server.watchdog import Watchdogs
from judge.store.models import InboxMessage

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

MAILS = 30


def _mail(number: int) -> bytes:
    message = EmailMessage()
    message["From"], message["To"] = f"p{number}@example.org", "judge@example.org"
    message["Subject"], message["Message-ID"] = "orders", f"<full{number}@example.org>"
    message.set_content("SIGNON\n")
    return message.as_bytes()


class _Disk:
    """The database's disk: full until `free()`; every insert into the inbox fails as
    SQLite fails it then."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = True
        real = inbox_store.insert_received

        def insert(*args: Any, **kwargs: Any) -> list[int]:
            if self.full:
                raise OperationalError("INSERT INTO inbox_messages ...", {},
                                       sqlite3.OperationalError("database or disk is full"))
            return real(*args, **kwargs)

        monkeypatch.setattr(inbox_store, "insert_received", insert)


def _serve_in_background(
    monkeypatch: pytest.MonkeyPatch, config: Config
) -> tuple[threading.Thread, Callable[[], None], list[int]]:
    """`serve` in a thread of its own; its port, and how to stop it."""
    stop = threading.Event()
    port: list[int] = []
    ready = threading.Event()
    original_start = serve_module.start_smtp

    async def start_smtp(*args: Any, **kwargs: Any) -> asyncio.Server:
        server = await original_start(*args, **kwargs)
        port.append(server.sockets[0].getsockname()[1])
        ready.set()
        return server

    def stop_event() -> asyncio.Event:
        event = asyncio.Event()
        loop = asyncio.get_running_loop()
        threading.Thread(target=lambda: (stop.wait(), loop.call_soon_threadsafe(event.set)),
                         daemon=True).start()  # fmt: skip
        return event

    monkeypatch.setattr(serve_module, "start_smtp", start_smtp)
    monkeypatch.setattr(serve_module, "_stop_on_signals", stop_event)

    def run() -> None:
        with Watchdogs() as watchdogs:
            asyncio.run(serve(config, lambda *_args: None, [], clock=SystemClock(),
                              watchdogs=watchdogs, variants=WORKER_REGISTRY))  # fmt: skip

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30), "serve did not start"
    return thread, stop.set, port


def _send(port: int, number: int) -> tuple[int, bytes]:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.ehlo("client.example.org")
        client.mail(f"p{number}@example.org")
        client.rcpt("judge@example.org")
        return client.data(_mail(number))


def test_a_full_disk_is_one_line_per_mail_and_452(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    sessions: sessionmaker[Session], database_url: str, make_config: Callable[..., Config],
) -> None:
    # The intake waits up to 2 s for the processor (its default is 1 s): at 0.05 s a
    # loaded machine spooled a mail as "the processor is busy" and answered it 250.
    config = make_config(database_url, smtp={"port": 0},
                         processor={"intake_wait_seconds": 2.0})  # fmt: skip
    disk = _Disk(monkeypatch)
    caplog.set_level(logging.INFO)
    thread, stop, [port] = _serve_in_background(monkeypatch, config)
    try:
        replies = [_send(port, number) for number in range(MAILS)]
        disk.full = False
        stored_later = _send(port, 0)  # the client sends it again, once there is room
    finally:
        stop()
        thread.join(30)
    assert not thread.is_alive()

    assert {code for code, _text in replies} == {452}
    assert replies[0][1].startswith(b"4.3.1 Insufficient system storage")
    assert stored_later[0] == 250
    problems = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in problems if r.exc_info], "no traceback for a full disk"
    assert not [r for r in caplog.records if "busy" in r.getMessage()]
    per_mail = [r.getMessage() for r in problems if "a mail from <p" in r.getMessage()]
    assert len(per_mail) == MAILS
    for line in per_mail:
        assert line.startswith("disk full: database "), line
        assert "database or disk is full" in line and "answered 452" in line
    # Beside the line per mail, a loop that met the full disk says so once, not per round.
    assert len(problems) <= MAILS + 3, [r.getMessage() for r in problems]
    with sessions() as session:
        stored = list(session.scalars(select(InboxMessage)))
    assert [row.mail_from for row in stored] == ["p0@example.org"]


def test_the_guide_shows_the_answer_and_the_line_the_judge_gives() -> None:
    guide = (Path(__file__).resolve().parents[3] / "docs" / "deploy.md").read_text()
    assert f"answers `{NO_STORAGE.split(';')[0]}`" in guide
    assert "## What a full disk looks like" in guide
    assert "disk full: database sqlite:////var/lib/judge/judge.db: database or disk" in guide
