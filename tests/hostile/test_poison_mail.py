"""A mail that kills the process while it is processed (out of memory, a crash the
process cannot survive) is tried `MAX_ATTEMPTS` times, then marked `failed` for
the operator: the server does not die at every start, and the mail that came with
it is answered, once."""

from __future__ import annotations

import smtplib
import time
from pathlib import Path

from support.hostile.hostile_mails import head, plain_list
from support.hostile.server import HostileJudge, body_of
from support.hostile.serving import write_toml
from support.server.intake.helpers import ServeProcess, judge_env

from judge.store.db import make_engine
from judge.store.inbox import MAX_ATTEMPTS
from judge.store.migrate import upgrade


def _send_quietly(port: int, raw: bytes) -> bool:
    """Send; the server may die before its 250 (then an MTA tries again: False)."""
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
            client.sendmail("mallory@example.org", ["judge@example.org"], raw)
    except (OSError, smtplib.SMTPException):
        return False
    return True


def _died(serve: ServeProcess, within: float) -> bool:
    assert serve.process is not None
    try:
        serve.process.wait(timeout=within)
    except Exception:
        return False
    return True


def _start_or_none(serve: ServeProcess) -> int | None:
    """Start again; None when it died at once (the poison mail, processed before the
    test saw it listening): that too is one attempt of the poison mail."""
    try:
        return serve.start()
    except RuntimeError:
        return None


def test_a_mail_that_kills_the_process_is_tried_three_times_then_failed(tmp_path: Path) -> None:
    database_url = f"sqlite:///{tmp_path / 'judge.db'}"
    engine = make_engine(database_url)
    upgrade(engine)
    engine.dispose()
    serve = ServeProcess(
        write_toml(tmp_path, database_url), tmp_path / "judge.log", judge_env(),
        handler="support.hostile.killing_handler:Killing",
    )  # fmt: skip
    poison = (head("poison", "<poison@example.org>", extra="X-Poison: yes\r\n") + "\r\nLIST\r\n")
    port = serve.start()
    # Stored before its 250, the poison may kill the server before the 250 is written:
    # the mail is in the inbox either way (an MTA would resend; the copy is a duplicate).
    _send_quietly(port, poison.encode())
    innocent_accepted = _send_quietly(port, plain_list("<innocent@example.org>"))
    kills = 0
    running: int | None = port
    while running is None or _died(serve, within=8):
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
        row = judge.row("<poison@example.org>")
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
