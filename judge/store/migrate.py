"""Bring a database's schema up to date with Alembic, configured in code.

The migration scripts live in the repository's `migrations/` folder, next to the
`judge` package; an installed wheel carries a copy inside the package
(`judge.bundled` finds either).
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config as AlembicConfig
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from judge.bundled import data_dir


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
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()
