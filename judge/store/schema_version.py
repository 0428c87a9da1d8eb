"""Whether a database is at the newest migration, known without Alembic.

`judge deliver` runs once per incoming mail and migrates the database it finds behind
(`judge.store.migrate.upgrade`, as it always did). At the newest revision that upgrade
does nothing, yet importing Alembic and reading every migration script cost more CPU
than storing the mail. So the newest revision is written here (`HEAD_REVISION`;
tests/store/test_schema_version.py fails when it is not Alembic's head, e.g. a new
migration that forgot it), and one query reads the database's: at head, nothing is to
be done; behind, newer, empty or unreadable, the caller runs the upgrade, which
migrates or says what is wrong exactly as before.
"""

from __future__ import annotations

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

HEAD_REVISION = "0018_seat_confirmation"
"""The newest migration (judge/migrations/versions/): bumped with each new one."""


def at_head(engine: Engine) -> bool:
    """Whether the database of `engine` is at `HEAD_REVISION`: one row in Alembic's
    version table, with that revision. Read in a transaction that could write, as the
    upgrade's (on SQLite, `BEGIN IMMEDIATE`: `judge.store.db`): a database this process
    may not write is not at head for it, and the upgrade says why (with the SQLite
    file's owner and mode, `judge.server.sqlite_access`). False whenever it cannot be
    read."""
    try:
        with engine.begin() as connection:
            stored = connection.execute(text("SELECT version_num FROM alembic_version"))
            return list(stored.scalars()) == [HEAD_REVISION]
    except SQLAlchemyError:
        return False
