"""Bring a database's schema up to date with Alembic, configured in code.

The migration scripts live in the repository's `migrations/` folder, next to the
`judge` package; an installed wheel carries a copy inside the package
(`judge.bundled` finds either).
"""

from __future__ import annotations

from collections.abc import Callable

from alembic import command
from alembic.config import Config as AlembicConfig
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from judge.bundled import data_dir
from judge.store.sqlite_foreign_keys import foreign_keys_off


def alembic_config() -> AlembicConfig:
    """An Alembic config that points at the judge's migration scripts."""
    migrations = data_dir("migrations")
    if not (migrations / "env.py").is_file():
        raise RuntimeError(
            f"migration scripts not found in {migrations}; reinstall the judge (pip install .)"
        )
    config = AlembicConfig()
    config.set_main_option("script_location", str(migrations))
    return config


# Any fixed number: PostgreSQL advisory lock held while migrating.
_MIGRATION_LOCK = 0x6A75646765  # "judge"


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply every migration up to `revision`, in one transaction.

    Several processes may start at once (`judge deliver` runs per mail): on
    PostgreSQL they take turns through an advisory lock; SQLite's `BEGIN
    IMMEDIATE` already serialises them.
    """
    _migrate(engine, command.upgrade, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Undo the migrations after `revision`, in one transaction, as `upgrade` runs them."""
    _migrate(engine, command.downgrade, revision)


def _migrate(engine: Engine, run: Callable[[AlembicConfig, str], None], revision: str) -> None:
    """Run an Alembic command in one transaction on a connection of `engine`.

    On SQLite the foreign keys are off for the migrations, turned off before their
    transaction begins and on again after it ends (`judge.store.sqlite_foreign_keys`:
    a table rebuilt in batch mode must not take the rows that cascade from it along);
    `migrations/env.py` refuses a connection that has them on, and checks them before
    the commit.
    """
    config = alembic_config()
    with engine.connect() as connection, foreign_keys_off(connection), connection.begin():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        run(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()
