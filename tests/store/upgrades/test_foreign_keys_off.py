"""SQLite migrations run with foreign keys off, checked before they commit (issue 31).

Every connection of the judge turns SQLite's foreign keys on; a batch operation that
rebuilds a table DROPs it, and with them on the DROP deletes the rows cascading from
it. These tests watch the migration connection itself: off during every DROP, on
again afterwards, and a migration that leaves a row without its parent rolled back.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Engine, event, inspect, text

from judge.store.db import make_engine
from judge.store.migrate import alembic_config, current_revision, head_revision, upgrade
from judge.store.sqlite_foreign_keys import DanglingRowsError, foreign_keys_off

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'judge.db'}")
    yield engine
    engine.dispose()


def _foreign_keys(dbapi_connection: Any) -> int:
    return int(dbapi_connection.execute("PRAGMA foreign_keys").fetchone()[0])


def test_every_table_rebuilt_is_dropped_with_foreign_keys_off(sqlite_engine: Engine) -> None:
    seen: list[tuple[str, int]] = []

    def watch(connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith("DROP TABLE"):
            seen.append((statement.strip(), _foreign_keys(connection.connection.driver_connection)))

    event.listen(sqlite_engine, "before_cursor_execute", watch)
    upgrade(sqlite_engine)
    rebuilt = [statement for statement, _ in seen]
    assert any("phases" in statement for statement in rebuilt), rebuilt  # 0015, at least
    assert [(statement, on) for statement, on in seen if on] == []


def test_foreign_keys_are_on_again_after_the_upgrade(sqlite_engine: Engine) -> None:
    upgrade(sqlite_engine)
    with sqlite_engine.connect() as connection:  # the pool's one connection, reused
        assert _foreign_keys(connection.connection.driver_connection) == 1


def test_a_migration_connection_with_foreign_keys_on_is_refused(sqlite_engine: Engine) -> None:
    upgrade(sqlite_engine, "0014_game_failures")
    config = alembic_config()
    with sqlite_engine.begin() as connection, pytest.raises(RuntimeError, match="foreign keys"):
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    assert current_revision(sqlite_engine) == "0014_game_failures"


def test_foreign_keys_cannot_be_turned_off_inside_a_transaction(sqlite_engine: Engine) -> None:
    with sqlite_engine.begin() as connection, pytest.raises(RuntimeError, match="no-op"):
        with foreign_keys_off(connection):
            pass


def test_a_row_left_without_its_parent_fails_the_upgrade_rolled_back(
    sqlite_engine: Engine,
) -> None:
    upgrade(sqlite_engine, "0014_game_failures")
    with sqlite_engine.connect() as connection, foreign_keys_off(connection):
        with connection.begin():
            connection.execute(text(
                "INSERT INTO orders (phase_id, power, lines, player_id, submitted_at)"
                " VALUES (999, 'FRANCE', '[]', 999, '2026-01-01 00:00:00')"
            ))  # fmt: skip
    with pytest.raises(DanglingRowsError, match="orders row 1"):
        upgrade(sqlite_engine)
    assert current_revision(sqlite_engine) == "0014_game_failures"
    columns = {column["name"] for column in inspect(sqlite_engine).get_columns("phases")}
    assert "rolled_back_at" not in columns  # 0015's rebuild rolled back with the rest
    with sqlite_engine.connect() as connection:
        assert _foreign_keys(connection.connection.driver_connection) == 1


def test_a_database_at_a_retired_revision_upgrades(database_url: str) -> None:
    """1ac9bd7 (release-0012_h22ops) stamped its databases `0012_h22ops`, a revision
    renamed `0012_judge_settings` two minutes later: the upgrade knows it."""
    engine = make_engine(database_url)
    try:
        upgrade(engine, "0012_judge_settings")
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '0012_h22ops'"))
        upgrade(engine)
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()
