"""`judge backup`: a whole, consistent copy of a live SQLite database, or a clear refusal."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import text

from judge.cli import main
from judge.store.backup import BackupError, backup_sqlite
from judge.store.db import make_engine
from judge.store.migrate import head_revision, upgrade

ROWS_PER_COMMIT = 5


def test_a_backup_taken_while_the_judge_writes_holds_whole_transactions_only(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'judge.db'}"
    engine = make_engine(url)
    upgrade(engine)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE tally (n INTEGER NOT NULL)"))
    stop, commits = threading.Event(), [0]

    def keep_writing() -> None:
        while not stop.is_set():
            with engine.begin() as connection:
                for n in range(ROWS_PER_COMMIT):
                    connection.execute(text("INSERT INTO tally (n) VALUES (:n)"), {"n": n})
            commits[0] += 1

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        while commits[0] < 20:
            stop.wait(0.01)
        result = backup_sqlite(url, tmp_path / "copy.db")
        commits_after_backup = commits[0]
        while commits[0] < commits_after_backup + 5:  # the writer was not held up for good
            stop.wait(0.01)
    finally:
        stop.set()
        writer.join()
        engine.dispose()

    assert result.path == tmp_path / "copy.db" and result.size_bytes > 0
    with closing(sqlite3.connect(result.path)) as copy:
        (rows,) = copy.execute("SELECT count(*) FROM tally").fetchone()
        (revision,) = copy.execute("SELECT version_num FROM alembic_version").fetchone()
        (mode,) = copy.execute("PRAGMA journal_mode").fetchone()
    assert rows > 0 and rows % ROWS_PER_COMMIT == 0
    assert revision == head_revision()
    assert mode == "delete"  # one self-contained file, no -wal beside it
    assert not list(tmp_path.glob(".copy.db.partial*"))


def test_judge_backup_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "judge.toml"
    config.write_text('[database]\nurl = "sqlite:///judge.db"\n')
    assert main(["db", "upgrade", "--config", str(config)]) == 0
    assert main(["backup", str(tmp_path / "nightly.db"), "--config", str(config)]) == 0
    assert f"to {tmp_path / 'nightly.db'}" in capsys.readouterr().out
    with closing(sqlite3.connect(tmp_path / "nightly.db")) as copy:
        assert copy.execute("SELECT version_num FROM alembic_version").fetchone()


@pytest.mark.parametrize(
    ("url", "target", "reason"),
    [
        ("postgresql+psycopg://judge@db/judge", "b.db", "use its own tool, e.g. pg_dump"),
        ("sqlite:///{tmp}/absent.db", "b.db", "no database at"),
        ("sqlite:///{tmp}/judge.db", "judge.db", "would overwrite the database itself"),
        ("sqlite:///{tmp}/judge.db", "no/such/folder/b.db", "no such folder"),
    ],
)
def test_a_backup_that_cannot_be_made_says_why(
    tmp_path: Path, url: str, target: str, reason: str
) -> None:
    with closing(sqlite3.connect(tmp_path / "judge.db")) as db:
        db.execute("CREATE TABLE t (n INTEGER)")
    with pytest.raises(BackupError, match=reason):
        backup_sqlite(url.format(tmp=tmp_path), tmp_path / target)
