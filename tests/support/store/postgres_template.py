"""A test's PostgreSQL schema made at the head revision by replaying a dump of one
migrated schema, not by running the migrations again.

Migrating a schema takes about 0.25 s of CPU in the test process (alembic loads
every revision and runs each one's DDL), and the PostgreSQL copies of the store's
tests each migrated their own: a minute of the suite. Each test process instead
migrates one template schema, the first time a test asks for one, dumps it with
`pg_dump` (tables, sequences, constraints, indexes and the rows the migrations
wrote, `alembic_version` among them) and replays that dump into every later
schema: 0.1 s. The dump is the migrations' own result, so the tables are the ones
`judge db upgrade` makes; `upgrade` then finds the schema at head, as it does for
the SQLite copies (`migrated_sqlite`).

Where `pg_dump` is missing, each schema is migrated as before.
"""

from __future__ import annotations

import shutil
import subprocess
import uuid
from urllib.parse import parse_qs, quote, urlsplit

import psycopg
from sqlalchemy import Engine

from judge.store.db import make_engine
from judge.store.migrate import upgrade

_SCHEMA_MARK = "__migrated_template_schema__"  # stands for the schema's name in the dump


class MigratedPostgres:
    """Fills an empty schema with the head revision's tables, for one test process."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self._script: str | None = None

    def fill(self, engine: Engine) -> None:
        """Bring the empty schema of `engine` (its URL's `search_path`) to head."""
        if shutil.which("pg_dump") is None:
            upgrade(engine)
            return
        if self._script is None:
            self._script = self._dump_of_a_migrated_schema()
        schema = schema_of(str(engine.url))
        execute_script(self.base_url, self._script.replace(_SCHEMA_MARK, schema))

    def _dump_of_a_migrated_schema(self) -> str:
        schema = f"template_{uuid.uuid4().hex}"
        admin = make_engine(self.base_url)
        try:
            with admin.begin() as connection:
                connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
            template = make_engine(with_schema(self.base_url, schema))
            try:
                upgrade(template)
            finally:
                template.dispose()
            dumped = pg_dump(self.base_url, schema)
        finally:
            with admin.begin() as connection:
                connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            admin.dispose()
        return replayable(dumped, schema, _SCHEMA_MARK)


def with_schema(base_url: str, schema: str) -> str:
    """`base_url` with `schema` as its connections' `search_path`."""
    separator = "&" if "?" in base_url else "?"
    return f"{base_url}{separator}options={quote(f'-csearch_path={schema}')}"


def schema_of(url: str) -> str:
    """The schema a URL made by `with_schema` names."""
    options = parse_qs(urlsplit(url).query).get("options", [""])[0]
    schema = options.removeprefix("-csearch_path=")
    assert schema and schema != options, f"no schema in {url}"
    return schema


def _libpq(url: str) -> str:
    """A SQLAlchemy URL as libpq takes it: no driver in the scheme, no options."""
    parts = urlsplit(url)
    return f"{parts.scheme.split('+')[0]}://{parts.netloc}{parts.path}"


def pg_dump(base_url: str, schema: str) -> str:
    """`schema`'s tables and rows as SQL (`pg_dump`, rows as INSERTs)."""
    done = subprocess.run(
        ["pg_dump", "--schema", schema, "--no-owner", "--no-privileges", "--inserts",
         _libpq(base_url)],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return done.stdout


def execute_script(url: str, script: str) -> None:
    """Run SQL statements on the server of `url`, on a connection of its own, closed
    after (a dump's SETs, statement_timeout, client_min_messages..., must not stay on
    a connection of a test's pool), and commit."""
    with psycopg.connect(_libpq(url)) as connection:
        connection.execute(script.encode())  # no parameters: many statements at once


def replayable(dumped: str, schema: str, mark: str) -> str:
    """The dump as one script for a schema that exists already, `mark` standing for
    its name: without psql's meta-commands (`\\restrict`), the CREATE SCHEMA, and the
    emptied `search_path` (every name in the dump is qualified; the pooled connection
    keeps its own path)."""
    kept = [
        line
        for line in dumped.splitlines(keepends=True)
        if not line.startswith("\\")
        and not line.startswith(f"CREATE SCHEMA {schema};")
        and "set_config('search_path'" not in line
    ]
    script = "".join(kept)
    assert f"{schema}.alembic_version" in script, "the dump holds no alembic_version"
    return script.replace(schema, mark)
