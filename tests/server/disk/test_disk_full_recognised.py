"""Which errors are a full disk (`judge.server.disk_full`), and how one is said."""

from __future__ import annotations

import errno
import logging
import sqlite3
from pathlib import Path

import psycopg.errors
import pytest
from sqlalchemy.exc import OperationalError

from judge.loop import BackgroundLoop
from judge.server.disk_full import disk_full, disk_full_line, known_disk_full


def _wrapped(error: BaseException) -> OperationalError:
    return OperationalError("COMMIT", {}, error)


@pytest.mark.parametrize("error", [
    OSError(errno.ENOSPC, "No space left on device"),
    OSError(errno.EDQUOT, "Disk quota exceeded"),
    _wrapped(sqlite3.OperationalError("database or disk is full")),
    _wrapped(psycopg.errors.DiskFull("could not extend file: No space left on device")),
], ids=["ENOSPC", "EDQUOT", "sqlite", "postgresql"])  # fmt: skip
def test_a_full_disk_is_recognised(error: BaseException) -> None:
    assert disk_full(error)
    try:  # also when raised while handling it, or from it
        try:
            raise error
        except BaseException as inner:
            raise RuntimeError("storing failed") from inner
    except RuntimeError as outer:
        assert disk_full(outer)


@pytest.mark.parametrize("error", [
    OSError(errno.EACCES, "Permission denied"),
    _wrapped(sqlite3.OperationalError("database is locked")),
    _wrapped(psycopg.errors.QueryCanceled("canceling statement due to statement timeout")),
    ValueError("No space left on device"),  # words alone are not a full disk
], ids=["EACCES", "locked", "timeout", "words"])  # fmt: skip
def test_other_errors_are_not_a_full_disk(error: BaseException) -> None:
    assert not disk_full(error)
    assert known_disk_full("sqlite:///x.db")(Exception("x")) is None


def test_the_line_names_the_file_or_the_database_and_the_free_space(tmp_path: Path) -> None:
    database = tmp_path / "judge.db"
    line = disk_full_line(_wrapped(sqlite3.OperationalError("database or disk is full")),
                          f"sqlite:///{database}")  # fmt: skip
    assert line.startswith(f"disk full: database sqlite:///{database}: database or disk is full (")
    assert line.endswith(f" free in {tmp_path})")
    written = tmp_path / "outbox" / "tmp" / "mail"
    line = disk_full_line(OSError(errno.ENOSPC, "No space left on device", str(written)),
                          "postgresql+psycopg://judge:secret@db/judge")  # fmt: skip
    assert line == f"disk full: {written}: No space left on device"  # outbox/tmp is no folder
    postgres = disk_full_line(_wrapped(psycopg.errors.DiskFull("could not extend file")),
                              "postgresql+psycopg://judge:secret@db/judge")  # fmt: skip
    assert postgres == ("disk full: database postgresql+psycopg://judge:***@db/judge: "
                        "could not extend file")  # fmt: skip


def test_a_loop_says_a_full_disk_once_per_run_of_failures_and_its_end(
    caplog: pytest.LogCaptureFixture,
) -> None:
    results: list[BaseException | None] = [
        OSError(errno.ENOSPC, "No space left on device", "/var/lib/judge/judge.db"),
        OSError(errno.ENOSPC, "No space left on device", "/var/lib/judge/judge.db"),
        OSError(errno.ENOSPC, "No space left on device", "/var/lib/judge/judge.db"),
        None,
        ValueError("a bug"),
    ]

    def step() -> bool:
        if not results:
            loop.stop()
            return False
        error = results.pop(0)
        if error is not None:
            raise error
        return True

    loop = BackgroundLoop("test-loop", step, idle_seconds=0.001, max_backoff_seconds=0.001,
                          known_failure=known_disk_full("sqlite:////var/lib/judge/judge.db"))
    caplog.set_level(logging.DEBUG, logger="judge.loop")
    loop.run()
    said = [(r.levelno, r.getMessage(), r.exc_info is not None) for r in caplog.records
            if r.levelno >= logging.INFO]  # fmt: skip
    assert [(level, has_traceback) for level, _message, has_traceback in said] == [
        (logging.ERROR, False), (logging.INFO, False), (logging.ERROR, True)]  # fmt: skip
    assert said[0][1].startswith("test-loop: disk full: /var/lib/judge/judge.db: ")
    assert said[1][1] == "test-loop: working again after 3 failed round(s)"
    assert said[2][1].startswith("test-loop: a round failed (1 in a row)")  # a bug: traceback
