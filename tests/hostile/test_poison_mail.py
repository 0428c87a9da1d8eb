"""A mail that kills the process while it is processed (out of memory, a crash the
process cannot survive) is tried `MAX_ATTEMPTS` times, then marked `failed` for
the operator: the server does not die at every start, and the mail that came with
it is answered, once."""

from __future__ import annotations

import smtplib
import time
from pathlib import Path

from intake.helpers import ServeProcess, judge_env

from bench.hostile_mails import head, plain_list
from judge.store.db import make_engine
from judge.store.inbox import MAX_ATTEMPTS
from judge.store.migrate import upgrade

from .conftest import write_toml
from .server import HostileJudge, body_of


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


def test_a_mail_that_kills_the_process_is_tried_three_times_then_failed(tmp_path: Path) -> None:
    database_url = f"sqlite:///{tmp_path / 'judge.db'}"
    engine = make_engine(database_url)
    upgrade(engine)
    engine.dispose()
    serve = ServeProcess(write_toml(tmp_path, database_url), tmp_path / "judge.log",
                         judge_env(), handler="hostile.killing_handler:handle")  # fmt: skip
    poison = (head("poison", "<poison@example.org>", extra="X-Poison: yes\r\n") + "\r\nLIST\r\n")
    port = serve.start()
    assert _send_quietly(port, poison.encode())
    innocent_accepted = _send_quietly(port, plain_list("<innocent@example.org>"))
    kills = 0
    while _died(serve, within=8):
        kills += 1
        assert kills <= MAX_ATTEMPTS, "the poison mail is run again and again"
        port = serve.start()
        if not innocent_accepted:  # as an MTA would: again, until a 250
            innocent_accepted = _send_quietly(port, plain_list("<innocent@example.org>"))
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
