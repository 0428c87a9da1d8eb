"""`judge deliver`'s database errors in one line, with the exit code an MTA retries on
(issue 31.6).

It used to print SQLAlchemy's error as it stands ("(sqlite3.OperationalError) ...",
then "(Background on this error at: https://sqlalche.me/...)"), and a traceback when
the store itself failed. The MTA logs each line of a pipe's stderr as its bounce
reason: now there is one line, naming the database and the driver's reason, and the
exit code is 75 (EX_TEMPFAIL: the MTA keeps the mail and tries again).
"""

from __future__ import annotations

import io
import sqlite3
import sys
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from support.server.intake.helpers import run_judge

import judge.server.intake_inbox as intake_inbox
from judge.cli import main
from judge.server.piped import EX_TEMPFAIL


def _mail() -> bytes:
    message = EmailMessage()
    message["From"], message["To"] = "ann@example.org", "judge@example.org"
    message["Subject"], message["Message-ID"] = "orders", "<d1@example.org>"
    message.set_content("SIGNON\n")
    return message.as_bytes()


def _one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "sqlalche.me" not in stderr
    assert "(sqlite3." not in stderr  # the driver's reason, not SQLAlchemy's wrapping
    assert lines[0].startswith("judge deliver: ") and lines[0].endswith("; try again later")
    return lines[0]


def test_a_database_in_a_missing_folder_is_one_line_and_75(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    database = tmp_path / "missing" / "judge.db"
    config = write_config(f"sqlite:///{database}")
    result = run_judge("deliver", "--config", str(config), stdin=_mail())
    assert result.returncode == EX_TEMPFAIL
    line = _one_line(result.stderr.decode())
    assert f"database sqlite:///{database} unavailable: unable to open database file" in line


def test_a_file_that_is_not_a_database_is_one_line_and_75(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    database = tmp_path / "judge.db"
    database.write_bytes(b"not a database at all " * 300)
    result = run_judge("deliver", "--config", str(write_config(f"sqlite:///{database}")),
                       stdin=_mail())  # fmt: skip
    assert result.returncode == EX_TEMPFAIL
    assert "unavailable: file is not a database" in _one_line(result.stderr.decode())


def _deliver_failing_with(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], config: Path,
    error: sqlite3.Error,
) -> tuple[int, str]:
    def failing_store(*_args: Any, **_kwargs: Any) -> list[int]:
        raise OperationalError("INSERT INTO inbox_messages ...", {}, error)

    monkeypatch.setattr(intake_inbox, "store_messages", failing_store)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(_mail())))
    code = main(["deliver", "--config", str(config)])
    return code, capsys.readouterr().err


def test_a_locked_database_while_storing_is_one_line_and_75(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    tmp_path: Path, write_config: Callable[..., Path],
) -> None:
    database = tmp_path / "judge.db"
    config = write_config(f"sqlite:///{database}")
    code, err = _deliver_failing_with(monkeypatch, capsys, config,
                                      sqlite3.OperationalError("database is locked"))  # fmt: skip
    assert code == EX_TEMPFAIL
    line = _one_line(err)
    assert line == (f"judge deliver: could not store the message in database "
                    f"sqlite:///{database}: database is locked; try again later")  # fmt: skip


def test_a_full_disk_while_storing_names_the_disk_in_one_line_and_75(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    tmp_path: Path, write_config: Callable[..., Path],
) -> None:
    database = tmp_path / "judge.db"
    config = write_config(f"sqlite:///{database}")
    full = sqlite3.OperationalError("database or disk is full")
    code, err = _deliver_failing_with(monkeypatch, capsys, config, full)
    assert code == EX_TEMPFAIL
    line = _one_line(err)
    assert line.startswith(f"judge deliver: disk full: database sqlite:///{database}: "
                           "database or disk is full (")  # fmt: skip
    assert f" free in {tmp_path})" in line
