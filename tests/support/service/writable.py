"""Prove that nothing holds the database's write lock: another connection writes now.

A failed mail once left its batch's transaction open, and every writer after it
waited out SQLite's busy timeout ("database is locked"). These checks do not wait:
SQLite is asked for its write lock with no busy timeout at all; PostgreSQL for an
exclusive lock on the tables a mail's handling writes, with a short lock timeout.
"""

from __future__ import annotations

import sqlite3

from sqlalchemy import Engine, text

WRITTEN_BY_A_MAIL = ("inbox", "outbox", "games", "players", "phases", "orders", "events")


def assert_writable(engine: Engine) -> None:
    """Fail at once if any connection (of this process or another) holds a write lock."""
    if engine.dialect.name == "sqlite":
        database = engine.url.database
        assert database
        connection = sqlite3.connect(database, timeout=0, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")  # raises "database is locked" if held
            connection.execute("ROLLBACK")
        finally:
            connection.close()
        return
    with engine.connect() as connection, connection.begin():
        connection.execute(text("SET LOCAL lock_timeout = '2s'"))
        for table in WRITTEN_BY_A_MAIL:
            connection.execute(text(f"LOCK TABLE {table} IN EXCLUSIVE MODE"))
