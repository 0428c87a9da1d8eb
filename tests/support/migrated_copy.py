"""A test's database made at the head revision from the worker's migrated template,
not by running the migrations again: on SQLite a copy of the `migrated_sqlite` file,
on PostgreSQL a replay of the `migrated_postgres` dump into the test's empty schema
(fixtures of tests/conftest.py; `migrated_database` gives both).

A `judge serve` (or `deliver`...) started on an empty database migrates it first:
about 0.35 s of CPU a start, paid again by every test that starts one. Tests that are
not about migrating hand the judge a migrated database instead; the judge then finds
it at head and goes on as it does on any later start. The tables are the ones the
migrations make (the SQLite template was migrated, the PostgreSQL dump is of a schema
migrated), so what the judge then does is what it would do after migrating its own.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text

from judge.store.db import make_engine
from support.store.postgres_template import MigratedPostgres

SQLITE = "sqlite:///"
POSTGRESQL = "postgresql"


def copy_migrated(template: Path, database_url: str) -> bool:
    """Copy `template` to the file of `database_url` when it is a SQLite URL whose file
    does not exist yet; True when copied. Never overwrites a database."""
    if not database_url.startswith(SQLITE):
        return False
    path = Path(database_url.removeprefix(SQLITE))
    if path.exists():
        return False
    shutil.copyfile(template, path)
    return True


@dataclass(frozen=True)
class MigratedTemplates:
    """The worker's migrated templates, one a backend."""

    sqlite: Path
    postgres: MigratedPostgres

    def copy_to(self, database_url: str) -> bool:
        """Bring the database of `database_url` to head from the template of its
        backend when it is still empty (a SQLite file not made yet, a PostgreSQL
        schema without a table); True when done. Never touches a database that holds
        anything."""
        if database_url.startswith(POSTGRESQL):
            return _fill_empty_schema(self.postgres, database_url)
        return copy_migrated(self.sqlite, database_url)


def _fill_empty_schema(template: MigratedPostgres, database_url: str) -> bool:
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            tables = connection.scalar(text(
                "SELECT count(*) FROM information_schema.tables"
                " WHERE table_schema = current_schema()"
            ))  # fmt: skip
        if tables:
            return False
        template.fill(engine)
        return True
    finally:
        engine.dispose()
