"""SQLite's foreign keys turned off around a migration, and checked before it commits.

A SQLite migration in Alembic's batch mode rebuilds a table: it copies the rows into
a new table, DROPs the old one and renames the new. Every connection of the judge
has `PRAGMA foreign_keys=ON` (`judge.store.db`), and with it on, that DROP deletes
the rows of every table whose foreign key to it is `ON DELETE CASCADE` (0015 rebuilt
`phases` and emptied `orders`: issue 31). Alembic's documented recipe is to turn
foreign keys off for the migration and check them after it.

The pragma is a no-op inside a transaction, so it is sent on the driver's connection
before the migration's transaction begins (the judge's SQLite engine leaves the
driver in autocommit and begins its transactions itself). After the migrations,
still inside their transaction, `PRAGMA foreign_key_check` lists any row whose
parent is gone: the migration fails and is rolled back rather than leave one.
PostgreSQL enforces its foreign keys in every transaction and needs none of this.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection


class DanglingRowsError(RuntimeError):
    """A migration left rows whose foreign key names no row: it is rolled back."""


def is_sqlite(connection: Connection) -> bool:
    return connection.dialect.name == "sqlite"


@contextmanager
def foreign_keys_off(connection: Connection) -> Iterator[None]:
    """Foreign keys off on `connection` (SQLite, outside any transaction) until the
    block ends, then on again. A connection that cannot turn them back on is
    invalidated, so the pool never hands it out with them off."""
    if not is_sqlite(connection):
        yield
        return
    if connection.in_transaction():
        raise RuntimeError(
            "PRAGMA foreign_keys is a no-op inside a transaction: turn foreign keys off "
            "before the migration's transaction begins"
        )
    _pragma(connection, "PRAGMA foreign_keys=OFF")
    try:
        yield
    finally:
        try:
            _pragma(connection, "PRAGMA foreign_keys=ON")
        except BaseException:
            connection.invalidate()
            raise


def foreign_keys_enabled(connection: Connection) -> bool:
    """Whether SQLite enforces foreign keys on `connection` right now (PostgreSQL
    always does)."""
    if not is_sqlite(connection):
        return True
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        return bool(cursor.execute("PRAGMA foreign_keys").fetchone()[0])
    finally:
        cursor.close()


def check_foreign_keys(connection: Connection) -> None:
    """Raise `DanglingRowsError`, naming them, if any row's foreign key names no row
    (SQLite's `PRAGMA foreign_key_check`, in the caller's transaction)."""
    if not is_sqlite(connection):
        return
    dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if dangling:
        found = ", ".join(
            f"{table} row {rowid} (no {parent})" for table, rowid, parent, _ in dangling[:10]
        )
        raise DanglingRowsError(
            f"the migration left {len(dangling)} row(s) whose parent is gone: {found}; "
            "it was rolled back, the database is as it was"
        )


def _pragma(connection: Connection, statement: str) -> None:
    """Send `statement` on the driver's own connection, outside SQLAlchemy's
    transaction handling (which would BEGIN first)."""
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(statement)
    finally:
        cursor.close()
