"""Alembic environment for the judge's database.

`judge db upgrade` (and `judge serve` / `judge deliver` at start) run Alembic from
code and hand it an open connection in `config.attributes["connection"]`. Run by
hand (`alembic -c alembic.ini ...` from the repository root), it connects to
`sqlalchemy.url` if set, else to the database of the judge config (`judge.toml` in
the current directory, or the built-in default).

On SQLite every migration runs with foreign keys off (`judge.store.sqlite_foreign_keys`):
a batch operation rebuilds a table by DROPping it, and with them on the DROP would
delete every row that cascades from it. The caller turns them off before the
transaction begins (`judge.store.migrate.upgrade`); a connection that still has them
on is refused here, before any migration runs. Before committing, the foreign keys
are checked: a row left without its parent fails the upgrade, rolled back.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from judge.config import load_config
from judge.store.db import make_engine
from judge.store.models import Base
from judge.store.retired_revisions import rename_retired_revisions
from judge.store.sqlite_foreign_keys import (
    check_foreign_keys,
    foreign_keys_enabled,
    foreign_keys_off,
    is_sqlite,
)

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    if is_sqlite(connection) and foreign_keys_enabled(connection):
        raise RuntimeError(
            "SQLite foreign keys are on for this migration: a table rebuilt in batch mode "
            "would delete the rows that cascade from it; turn them off before the "
            "transaction begins (judge.store.sqlite_foreign_keys.foreign_keys_off)"
        )
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        rename_retired_revisions(connection)
        context.run_migrations()
        check_foreign_keys(connection)


def _offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    return context.config.get_main_option("sqlalchemy.url") or load_config().database.url


def _online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(_url())
    try:
        with engine.connect() as own_connection, foreign_keys_off(own_connection):
            _run(own_connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    _offline()
else:
    _online()
