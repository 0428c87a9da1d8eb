"""`judge backup FILE`: a consistent copy of a SQLite database while the judge runs.

Copying `judge.db` with `cp` while the judge writes can give a torn copy (and misses
what is still in the WAL file). SQLite's online backup API copies a consistent
snapshot. It copies in one step, inside one read transaction: the judge's database
is in WAL mode, where a reader never blocks writers, whereas a step-by-step backup
would start again after every write of the running judge. The copy is written
under a temporary name beside the target, checked (`PRAGMA quick_check`), synced
and only then renamed to FILE, so FILE is always either absent or a whole backup;
it is created 0600 (readable by its owner only), like the database.
PostgreSQL has its own tool: `pg_dump` (see docs/deploy.md).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from judge.store.db import create_private_file


class BackupError(Exception):
    """The backup could not be made; the message says why."""


@dataclass(frozen=True)
class BackupResult:
    path: Path
    size_bytes: int


def backup_sqlite(database_url: str, target: Path) -> BackupResult:
    """Copy the SQLite database of `database_url` into `target`, atomically."""
    source = _sqlite_file(database_url)
    target = target.resolve()
    if target == source.resolve():
        raise BackupError(f"the backup would overwrite the database itself ({source})")
    if not target.parent.is_dir():
        raise BackupError(f"no such folder: {target.parent}")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    create_private_file(partial)  # 0600 before anything is written to it
    try:
        with closing(sqlite3.connect(source)) as reader, closing(sqlite3.connect(partial)) as copy:
            reader.backup(copy)  # one step: one consistent snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
            (verdict,) = copy.execute("PRAGMA quick_check").fetchone()
            if verdict != "ok":
                raise BackupError(f"the copy failed its check: {verdict}")
        _sync(partial)
        partial.replace(target)
        _sync(target.parent)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot back up {source}: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return BackupResult(target, target.stat().st_size)


def _sqlite_file(database_url: str) -> Path:
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite":
        raise BackupError(
            f"judge backup copies SQLite databases; for {url.get_backend_name()} use its own "
            "tool, e.g. pg_dump --format=custom (see docs/deploy.md)"
        )
    if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
        raise BackupError(f"no database file to back up in {database_url!r}")
    path = Path(url.database)
    if not path.is_file():
        raise BackupError(f"no database at {path} (has the judge run yet?)")
    return path


def _sync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
