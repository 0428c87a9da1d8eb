"""`judge deliver < msg`: the pipe an MTA uses, run as a real subprocess.

Where the migrations are not what a test is about, its SQLite database is a copy of
the migrated template (`support.migrated_copy`): the subprocess finds it at head.

A subprocess is what the MTA starts, and the tests of what only a process shows run
one: the exit code as the MTA reads it, the log on stderr, the watchdog that ends
the process past its time budget. The tests of a verdict (which envelope sender, a
mail too large, a config or database that cannot be used) run the same `main` in
this process (`_deliver_here`), with the mail on stdin and the code `main` returns,
which the `judge` script passes to `sys.exit`: a judge started for each cost 1.5 s of
CPU, and proved nothing the subprocess tests do not."""

from __future__ import annotations

import io
import re
import sqlite3
import sys
import time
from collections.abc import Callable
from email.policy import SMTP
from pathlib import Path

import pytest
from sqlalchemy import select
from support.migrated_copy import copy_migrated
from support.server.intake.helpers import mail, run_judge

from judge.cli import main
from judge.mail.header_facts import HeaderFacts
from judge.mail.header_reading import read_header_facts
from judge.server.piped import envelope_sender
from judge.store.db import make_engine, make_session_factory
from judge.store.models import InboxMessage, InboxStatus


def _inbox(database_url: str) -> list[InboxMessage]:
    engine = make_engine(database_url)
    try:
        with make_session_factory(engine)() as session:
            return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))
    finally:
        engine.dispose()


def test_a_piped_mail_is_stored_and_left_to_the_daemon_which_answers_it(
    database_url: str, write_config: Callable[..., Path], migrated_sqlite: Path
) -> None:
    config = write_config(database_url)
    copy_migrated(migrated_sqlite, database_url)
    result = run_judge("deliver", "--config", str(config), stdin=mail(1).as_bytes())
    assert result.returncode == 0, result.stderr.decode()
    [row] = _inbox(database_url)
    assert row.status == InboxStatus.NEW  # deliver stores; it neither processes nor sends
    assert row.mail_from == "ann@example.org"  # from the headers: no $SENDER given
    facts = HeaderFacts.from_json(row.header_facts)  # its header block, read once, kept
    assert facts is not None and (facts.sender, facts.message_id) == (
        "ann@example.org", "<m1@example.org>")  # fmt: skip
    assert not (config.parent / "outbox" / "new").exists()
    # A pipe-only judge runs `judge scheduler`: it processes the inbox and sends.
    result = run_judge("scheduler", "--once", "--config", str(config))
    assert result.returncode == 0, result.stderr.decode()
    assert _inbox(database_url)[0].status == InboxStatus.DONE
    log = result.stderr.decode()  # at INFO, like serve's (issue 22.5)
    started = r"INFO judge\.server\.scheduler: judge \S+ scheduler \(once\): database "
    assert re.search(started + r"(sqlite|postgresql\+psycopg)://\S+, outbound maildir ", log), log
    assert re.search(rf"inbox {row.id} from <ann@example\.org>: done in \d+\.\d{{3}} s", log), log
    assert re.search(r"outbox \d+ to ann@example\.org \(attempt 1\): sent", log), log
    [reply] = list((config.parent / "outbox" / "new").iterdir())
    assert b"In-Reply-To: <m1@example.org>" in reply.read_bytes()


def _deliver_here(
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    raw: bytes,
    *arguments: str,
) -> tuple[int, str]:
    """`judge deliver ARGUMENTS < raw` in this process: the code `main` returns (the
    `judge` script's exit code) and what it wrote on stderr."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    capfd.readouterr()
    code = main(["deliver", *arguments])
    return code, capfd.readouterr().err


def test_the_envelope_sender_comes_from_the_option_first(
    database_url: str,
    write_config: Callable[..., Path],
    migrated_sqlite: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    config = write_config(database_url)
    copy_migrated(migrated_sqlite, database_url)
    monkeypatch.setenv("SENDER", "ignored@example.org")
    code, errors = _deliver_here(monkeypatch, capfd, mail(1).as_bytes(), "--config",
                                 str(config), "--sender", "Bounce@Example.org")  # fmt: skip
    assert code == 0, errors
    assert _inbox(database_url)[0].mail_from == "bounce@example.org"


def test_an_oversized_mail_is_refused_for_good(
    database_url: str,
    write_config: Callable[..., Path],
    migrated_sqlite: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    config = write_config(database_url, smtp={"max_message_bytes": 1000})
    copy_migrated(migrated_sqlite, database_url)
    raw = mail(1, body="x\n" * 1000).as_bytes()
    code, errors = _deliver_here(monkeypatch, capfd, raw, "--config", str(config))
    assert code == 65
    assert "too large" in errors
    assert _inbox(database_url) == []


def test_an_unreachable_database_asks_the_mta_to_retry(
    tmp_path: Path,
    write_config: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    config = write_config(f"sqlite:///{tmp_path / 'missing' / 'dir' / 'judge.db'}")
    code, errors = _deliver_here(monkeypatch, capfd, mail(1).as_bytes(), "--config", str(config))
    assert code == 75, errors
    assert "try again later" in errors


def test_a_broken_config_asks_the_mta_to_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "judge.toml"
    config.write_text("[judge]\naddress = 3\n")
    code, errors = _deliver_here(monkeypatch, capfd, mail(1).as_bytes(), "--config", str(config))
    assert code == 75, errors


@pytest.mark.parametrize(
    ("given", "environment", "expected"),
    [
        ("x@example.org", {"SENDER": "y@example.org"}, "x@example.org"),
        (None, {"SENDER": "y@example.org"}, "y@example.org"),
        (None, {}, "bounces@example.org"),
    ],
)
def test_envelope_sender_prefers_option_then_environment_then_headers(
    monkeypatch: pytest.MonkeyPatch,
    given: str | None,
    environment: dict[str, str],
    expected: str,
) -> None:
    monkeypatch.delenv("SENDER", raising=False)
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    message = mail(1)
    message["Return-Path"] = "<bounces@example.org>"
    raw = message.as_bytes(policy=SMTP)
    assert envelope_sender(raw, given) == expected
    assert envelope_sender(raw, given, read_header_facts(raw)) == expected  # as deliver reads it


def test_without_a_return_path_the_envelope_sender_is_the_from_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SENDER", raising=False)
    raw = mail(1).as_bytes(policy=SMTP)
    assert envelope_sender(raw, None, read_header_facts(raw)) == "ann@example.org"
    bounce = b"Return-Path: <>\r\nFrom: MAILER-DAEMON@mx.example.net\r\n\r\nx\r\n"
    assert envelope_sender(bounce, None, read_header_facts(bounce)) == ""
    assert envelope_sender(bounce, None) == ""


def test_deliver_gives_up_within_its_time_budget_when_it_cannot_store(
    tmp_path: Path, write_config: Callable[..., Path], migrated_sqlite: Path
) -> None:
    """A database locked by someone else (SQLite's busy wait is 30 s) does not keep
    the MTA's pipe open: after `deliver_timeout_seconds` it exits 75."""
    database = tmp_path / "judge.db"
    config = write_config(f"sqlite:///{database}", smtp={"deliver_timeout_seconds": 1.5})
    assert copy_migrated(migrated_sqlite, f"sqlite:///{database}")  # at head, as after upgrade
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # a long write elsewhere
    try:
        started = time.monotonic()
        result = run_judge("deliver", "--config", str(config), stdin=mail(1).as_bytes())
        elapsed = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 75
    assert b"not stored within 1.5 s" in result.stderr
    assert elapsed < 15
    assert _inbox(f"sqlite:///{database}") == []


def test_the_envelope_recipient_is_kept_so_a_bounce_names_its_return_path(
    database_url: str, write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Postfix's pipe(8) passes `--recipient=${recipient}`: a bounce piped in at a VERP
    return path must keep it, or the judge cannot tell whose mail came back. (In this
    process: `main` is what the `judge` script runs.)"""
    config = str(write_config(database_url))
    path = "judge+bounce-7-0123456789ab@example.org"

    def deliver(number: int, *options: str) -> int:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(mail(number).as_bytes())))
        return main(["deliver", "--config", config, *options])

    monkeypatch.delenv("RECIPIENT", raising=False)
    assert deliver(1, "--recipient", path) == 0
    monkeypatch.setenv("RECIPIENT", path.upper())  # local(8) sets it for a command
    assert deliver(2) == 0
    monkeypatch.delenv("RECIPIENT")
    assert deliver(3) == 0
    assert [row.rcpt_tos for row in _inbox(database_url)] == [
        [path], [path.upper()], ["judge@example.org"]]  # fmt: skip
