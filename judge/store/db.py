"""Engines and sessions for SQLite and PostgreSQL, set up the same way everywhere.

SQLite gets WAL (readers do not block the writer), a busy timeout (writers wait
instead of failing), foreign keys, full fsync, and `BEGIN IMMEDIATE` for every
transaction: a transaction that reads and then writes must not fail halfway with
"database is locked". A transaction that only reads may say so (`begin_read_only`):
it gets a plain `BEGIN` and never waits for the write lock. Within one process the
writers queue for SQLite's write lock in turn (`judge.store.write_queue`) instead of
polling for it. PostgreSQL goes through psycopg 3.

Only SQLAlchemy's public API is used. Savepoints are `begin_nested()`; on SQLite they
work because the engine's "connect" event turns the driver's own transaction
handling off and its "begin" event emits BEGIN (SQLAlchemy's documented recipe for
pysqlite).
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker

from judge.store.write_queue import WriteQueue, queued_connection_class

BUSY_TIMEOUT_MS = 30_000
PRIVATE_FILE_MODE = 0o600  # the SQLite database and its backups
READ_ONLY = "judge_read_only"  # execution option of a transaction that never writes


def database_url(url: str | URL) -> URL:
    """Parse `url`; a bare `postgresql://` URL gets the psycopg 3 driver."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str | URL, **kwargs: Any) -> Engine:
    """Create an engine for `url`, tuned for the judge's use of that backend."""
    parsed = database_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed, **kwargs)
    return create_engine(parsed, pool_pre_ping=True, **kwargs)


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions that keep loaded objects usable after commit (no expire on commit).

    A session carries nothing in its `info`: what the judge's work needs beyond the
    database (its variants, the mail's outbox gate) is passed to that work by argument
    (`tests/server/scheduler/test_session_info.py`)."""
    return sessionmaker(engine, expire_on_commit=False)


def begin_read_only(session: Session) -> None:
    """Open `session`'s transaction for reading only (call it before the first query).

    On SQLite it starts with a plain `BEGIN`, so it does not take the write lock: in
    WAL mode it never waits for a writer, nor makes one wait (a busy SMTP intake
    measured 2 of its 6 threads waiting for the lock just to count a sender's mail).
    Writing in such a transaction may fail with "database is locked".
    """
    session.connection(execution_options={READ_ONLY: True})


def is_postgres(bind: Engine | Session) -> bool:
    """True when `bind` (an engine, or a session's engine) talks to PostgreSQL."""
    dialect = bind.get_bind().dialect if isinstance(bind, Session) else bind.dialect
    return dialect.name == "postgresql"


def _sqlite_engine(url: URL, **kwargs: Any) -> Engine:
    connect_args = dict(kwargs.pop("connect_args", {}))
    connect_args.setdefault("check_same_thread", False)
    queue = WriteQueue(BUSY_TIMEOUT_MS / 1000)
    connect_args.setdefault("factory", queued_connection_class(queue))
    engine = create_engine(url, connect_args=connect_args, **kwargs)
    in_memory = url.database in (None, "", ":memory:")
    if not in_memory and not str(url.database).startswith("file:"):
        create_private_file(Path(str(url.database)))
    event.listen(engine, "connect", _sqlite_on_connect(in_memory))
    event.listen(engine, "begin", _sqlite_begin_immediate)
    return engine


def create_private_file(path: Path) -> None:
    """Create `path` empty and readable by its owner only (0600), unless it exists.

    It holds addresses and password hashes: SQLite would create it with the process's
    umask (often world-readable), and its -wal and -shm files take the database
    file's mode. A folder that is missing is left to SQLite to report."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
    except (FileExistsError, FileNotFoundError, NotADirectoryError, PermissionError):
        return
    os.close(descriptor)


def _sqlite_on_connect(in_memory: bool) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN itself (the driver's own
        # implicit BEGIN would be DEFERRED).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            # The busy timeout first: switching a new database to WAL needs a lock
            # that another process starting at the same moment may hold.
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if not in_memory:
                _switch_to_wal(cursor)
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=FULL")
        finally:
            cursor.close()

    return on_connect


def _switch_to_wal(cursor: Any) -> None:
    """`PRAGMA journal_mode=WAL`. While another connection switches the same new
    database, SQLite may answer "database is locked" at once, without waiting out the
    busy timeout (two processes of a fresh judge starting together: `judge serve`
    and a `judge deliver`): so try again, within that timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(2 * pause, 0.2)


def _sqlite_begin_immediate(connection: Any) -> None:
    if connection.get_execution_options().get(READ_ONLY):
        connection.exec_driver_sql("BEGIN")
        return
    dbapi_connection = connection.connection.dbapi_connection
    take_turn = getattr(dbapi_connection, "take_write_turn", None)
    if take_turn is not None:
        take_turn()  # this process's other writers first, in order
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    except BaseException:
        if take_turn is not None:
            dbapi_connection.end_write_turn()
        raise
