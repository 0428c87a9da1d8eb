"""The PostgreSQL schemas the tests get (`support.store.postgres_template`: a dump of
one migrated schema, replayed) are the schemas the migrations make: the same tables,
columns, types, defaults, constraints, indexes, sequences and rows, as `pg_dump`
writes them out. One thing differs in the text: PostgreSQL prints an `IN (...)` check
it read back from a dump with its casts in other places (`ARRAY['a'::varchar]::text[]`
becomes `ARRAY[('a'::varchar)::text]`), the same test on the same values; the
comparison reads both spellings as one, and a bad value is refused all the same."""

from __future__ import annotations

import os
import re
import shutil
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import IntegrityError
from support.store.postgres_template import MigratedPostgres, pg_dump, with_schema

from judge.store.db import make_engine
from judge.store.migrate import upgrade

POSTGRES_ENV = "JUDGE_TEST_DATABASE_URL"


@pytest.fixture
def base_url() -> str:
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"{POSTGRES_ENV} not set")
    if shutil.which("pg_dump") is None:
        pytest.skip("pg_dump is not installed (the schemas are migrated one by one)")
    return base


@pytest.fixture
def schemas(base_url: str) -> Iterator[list[str]]:
    made: list[str] = []
    yield made
    admin = make_engine(base_url)
    with admin.begin() as connection:
        for schema in made:
            connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    admin.dispose()


def _empty_schema(base_url: str, schemas: list[str]) -> str:
    schema = f"t_{uuid.uuid4().hex}"
    admin = make_engine(base_url)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    admin.dispose()
    schemas.append(schema)
    return schema


def _dump(base_url: str, schema: str) -> str:
    dumped = pg_dump(base_url, schema)
    lines = [_cast_free(line) for line in dumped.splitlines() if not line.startswith("\\")]
    return "\n".join(lines).replace(schema, "SCHEMA")


def _cast_free(line: str) -> str:
    """A CHECK constraint's line without its casts and parentheses (see above)."""
    if " CHECK (" not in line:
        return line
    return re.sub(r"::(text\[\]|text|character varying)|[()]", "", line)


def test_a_replayed_schema_is_the_migrated_schema(base_url: str, schemas: list[str]) -> None:
    migrated = _empty_schema(base_url, schemas)
    engine = make_engine(with_schema(base_url, migrated))
    upgrade(engine)
    engine.dispose()
    replayed = _empty_schema(base_url, schemas)
    engine = make_engine(with_schema(base_url, replayed))
    MigratedPostgres(base_url).fill(engine)
    engine.dispose()
    expected, got = _dump(base_url, migrated), _dump(base_url, replayed)
    assert "CREATE TABLE SCHEMA.games" in expected
    assert "INSERT INTO SCHEMA.alembic_version" in expected
    assert got == expected
    engine = make_engine(with_schema(base_url, replayed))
    try:
        with pytest.raises(IntegrityError, match="ck_games_status"), engine.begin() as connection:
            connection.exec_driver_sql(
                "INSERT INTO games (name, variant, status, created_at, settings, variant_data,"
                " rng_seed) VALUES ('g1', 'standard', 'lost', now(), '{}', '{}', 1)"
            )
    finally:
        engine.dispose()


def test_the_replay_leaves_no_setting_on_the_tests_connections(
    base_url: str, schemas: list[str]
) -> None:
    """The dump sets `statement_timeout`, `client_min_messages`...: on a connection of
    its own, never on one the test's engine hands out afterwards."""
    schema = _empty_schema(base_url, schemas)
    engine = make_engine(with_schema(base_url, schema))
    try:
        with engine.connect() as connection:
            before = connection.exec_driver_sql("SHOW client_min_messages").scalar()
        MigratedPostgres(base_url).fill(engine)
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW client_min_messages").scalar() == before
            assert connection.exec_driver_sql("SHOW search_path").scalar() == schema
    finally:
        engine.dispose()
