"""Alembic environment for the judge's database.

`judge db upgrade` (and `judge serve` / `judge deliver` at start) run Alembic from
code and hand it an open connection in `config.attributes["connection"]`. Run by
hand (`alembic -c alembic.ini ...` from the repository root), it connects to
`sqlalchemy.url` if set, else to the database of the judge config (`judge.toml` in
the current directory, or the built-in default).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from judge.config import load_config
from judge.store.db import make_engine
from judge.store.models import Base

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


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
        with engine.connect() as own_connection:
            _run(own_connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    _offline()
else:
    _online()
