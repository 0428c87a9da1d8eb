"""A fresh SQLite database is switched to WAL even when processes open it together.

SQLite may answer `PRAGMA journal_mode=WAL` with "database is locked" at once, without
waiting out the busy timeout, while another connection switches the same new file
(found as a rare failure of `test_processes_starting_together_migrate_once`: about
one fresh database in fifty, with six engines opening it at once). The switch is
tried again within the busy timeout; any other error is raised as it is.
"""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import Engine

from judge.store import db


class _Cursor:
    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        self.tries = 0

    def execute(self, statement: str) -> None:
        assert statement == "PRAGMA journal_mode=WAL"
        self.tries += 1
        if self.errors:
            raise sqlite3.OperationalError(self.errors.pop(0))


def test_a_locked_answer_is_tried_again() -> None:
    cursor = _Cursor(["database is locked", "database is locked"])
    db._switch_to_wal(cursor)
    assert cursor.tries == 3


def test_another_error_is_raised_at_once() -> None:
    cursor = _Cursor(["disk I/O error", "database is locked"])
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        db._switch_to_wal(cursor)
    assert cursor.tries == 1


def test_a_lock_that_outlasts_the_busy_timeout_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 30)
    cursor = _Cursor(["database is locked"] * 1000)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        db._switch_to_wal(cursor)
    assert 1 < cursor.tries < 1000


def test_fresh_databases_opened_together_all_end_in_wal(tmp_path: Path) -> None:
    for round_number in range(20):
        url = f"sqlite:///{tmp_path / f'judge{round_number}.db'}"
        engines = [db.make_engine(url) for _ in range(6)]

        def mode(engine: Engine) -> str:
            with engine.connect() as connection:
                return str(connection.exec_driver_sql("PRAGMA journal_mode").scalar())

        try:
            with ThreadPoolExecutor(len(engines)) as pool:
                assert set(pool.map(mode, engines)) == {"wal"}
        finally:
            for engine in engines:
                engine.dispose()
