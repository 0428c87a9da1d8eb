"""A mail that kills the process while it is processed (out of memory, a crash the
process cannot survive) is tried `MAX_ATTEMPTS` times, then marked `failed` for
the operator: the server does not die at every start, and the mail that came with
it is answered, once.

After each start the test waits for one of two things: the server dies (the poison
was tried again), or the poison's row is `failed` (the server gave up on it and lives
on). Only when neither comes within `SURVIVAL_SECONDS` is the server taken to have
survived without failing the poison (then the checks below say what went wrong)."""

from __future__ import annotations

import smtplib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from support.hostile.hostile_mails import head, plain_list
from support.hostile.server import HostileJudge, body_of
from support.hostile.serving import write_toml
from support.migrated_copy import copy_migrated
from support.server.intake.helpers import ServeProcess, judge_env

from judge.store.inbox import MAX_ATTEMPTS
from judge.store.models import InboxStatus

SURVIVAL_SECONDS = 8.0
POISON = "<poison@example.org>"


def _send_quietly(port: int, raw: bytes) -> bool:
    """Send; the server may die before its 250 (then an MTA tries again: False)."""
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
            client.sendmail("mallory@example.org", ["judge@example.org"], raw)
    except (OSError, smtplib.SMTPException):
        return False
    return True


def _died(serve: ServeProcess, gave_up: Callable[[], bool]) -> bool:
    """True when the server dies; False once it `gave_up` on the poison and is still
    alive, or when it lives on for `SURVIVAL_SECONDS`."""
    assert serve.process is not None
    deadline = time.monotonic() + SURVIVAL_SECONDS
    while time.monotonic() < deadline:
        if serve.process.poll() is not None:
            return True
        if gave_up():
            return serve.process.poll() is not None
        time.sleep(0.05)
    return serve.process.poll() is not None


def _failed(database: Path, message_id: str) -> Callable[[], bool]:
    """Whether the inbox row of `message_id` is `failed` (read without the ORM: polled)."""

    def check() -> bool:
        with sqlite3.connect(database, timeout=5) as connection:
            query = "SELECT status FROM inbox WHERE message_id = ?"
            statuses = [row[0] for row in connection.execute(query, (message_id,))]
        return InboxStatus.FAILED.value in statuses

    return check


def _start_or_none(serve: ServeProcess) -> int | None:
    """Start again; None when it died at once (the poison mail, processed before the
    test saw it listening): that too is one attempt of the poison mail."""
    try:
        return serve.start()
    except RuntimeError:
        return None


def test_a_mail_that_kills_the_process_is_tried_three_times_then_failed(
    tmp_path: Path, migrated_sqlite: Path
) -> None:
    database_url = f"sqlite:///{tmp_path / 'judge.db'}"
    copy_migrated(migrated_sqlite, database_url)
    serve = ServeProcess(
        write_toml(tmp_path, database_url), tmp_path / "judge.log", judge_env(),
        handler="support.hostile.killing_handler:Killing",
    )  # fmt: skip
    poison = (head("poison", POISON, extra="X-Poison: yes\r\n") + "\r\nLIST\r\n")
    port = serve.start()
    # Stored before its 250, the poison may kill the server before the 250 is written:
    # the mail is in the inbox either way (an MTA would resend; the copy is a duplicate).
    _send_quietly(port, poison.encode())
    innocent_accepted = _send_quietly(port, plain_list("<innocent@example.org>"))
    kills = 0
    running: int | None = port
    gave_up = _failed(tmp_path / "judge.db", POISON)
    while running is None or _died(serve, gave_up):
        kills += 1
        assert kills <= MAX_ATTEMPTS, "the poison mail is run again and again"
        running = _start_or_none(serve)
        if running is not None and not innocent_accepted:  # as an MTA would: until a 250
            innocent_accepted = _send_quietly(running, plain_list("<innocent@example.org>"))
    port = running
    assert innocent_accepted
    judge = HostileJudge(serve, port, database_url, tmp_path / "outbox")
    try:
        assert kills == MAX_ATTEMPTS
        row = judge.row(POISON)
        assert row.status == "failed"
        assert "never ended" in (row.error or "")
        judge.send(plain_list("<after@example.org>"))
        assert "No errors found" in body_of(judge.reply_to("<after@example.org>"))
        assert judge.row("<innocent@example.org>").status == "done"
        innocent = [m for m in judge.mails() if m["In-Reply-To"] == "<innocent@example.org>"]
        assert len(innocent) == 1, "the innocent mail is answered exactly once"
    finally:
        time.sleep(0.1)
        serve.stop()
