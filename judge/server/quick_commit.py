"""A transaction whose commit does not wait for the disk: for the sender's outcomes.

Between a relay's 250 and the commit that marks the mail sent, a judge killed
(SIGKILL, the OOM killer) sends that mail again after its restart. That window
cannot be closed: marking the mail sent before the relay has it would lose it on a
crash. But it need not be wider than the commit's own work, and a durable commit
waits for the disk (SQLite's `synchronous=FULL` fsyncs the WAL at each commit,
PostgreSQL flushes its WAL): 1 to 100 ms on a busy disk, against 1 to 2 ms for the
rest of one mail's hand-over on loopback. That wait was most of every mail's cycle,
so a kill at a random moment landed in it about half the time.

The outcome of a hand-over needs no fsync to survive a killed process: once
written, it is in the operating system's cache (SQLite) or in the server (PostgreSQL),
and a later durable commit flushes it with its own. Only a power loss (or an OS
crash) can lose it, and then the mail is sent again: a duplicate, never a lost
mail, and never a corrupt database (SQLite's WAL stays consistent with
`synchronous=NORMAL`; PostgreSQL's `synchronous_commit = off` loses only the last
transactions). So `quick_transaction` commits the sender's outcomes that way:
SQLite's connection is set to `synchronous=NORMAL` before its `BEGIN` (it cannot
change inside a transaction) and back to `FULL` after, PostgreSQL's transaction
gets `SET LOCAL synchronous_commit TO OFF`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from sqlalchemy import Connection, Engine, text
from sqlalchemy.orm import Session, sessionmaker

DURABLE, QUICK = "FULL", "NORMAL"  # SQLite's synchronous levels: the judge's, and ours here


@contextlib.contextmanager
def quick_transaction(sessions: sessionmaker[Session]) -> Iterator[Session]:
    """A session in a transaction committed at the end of the block (rolled back if it
    raises), without waiting for the disk."""
    bind = sessions.kw.get("bind")
    if not isinstance(bind, Engine):
        raise TypeError("a quick transaction needs a sessionmaker bound to an engine")
    with bind.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            _synchronous(connection, QUICK)
        try:
            with sessions(bind=connection) as session, session.begin():
                if connection.dialect.name == "postgresql":
                    session.execute(text("SET LOCAL synchronous_commit TO OFF"))
                yield session
        finally:
            if sqlite:
                _restore(connection)


def _restore(connection: Connection) -> None:
    """Back to durable commits; a connection that cannot be set back is not reused."""
    try:
        _synchronous(connection, DURABLE)
    except Exception:
        connection.invalidate()
        raise


def _synchronous(connection: Connection, level: str) -> None:
    """`PRAGMA synchronous` on the driver's connection itself: through SQLAlchemy the
    statement would begin a transaction first, where SQLite refuses the change."""
    raw = connection.connection.dbapi_connection
    if raw is None:
        raise RuntimeError("the connection is closed")
    raw.execute(f"PRAGMA synchronous={level}")
