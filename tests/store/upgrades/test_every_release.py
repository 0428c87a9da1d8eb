"""An upgrade never changes a row it does not mean to (issue 31).

For each release in `releases.toml`, a database made and filled by that release's
own code (a game played through its own service, then one row in every table still
empty; seeded once and kept between runs, `support/store/upgrades/release_databases.py`)
is upgraded by this tree; every row of every table is compared before and
after. Only what a migration declares (`declared_changes.py`) may differ; new tables
and columns are fine. Run on SQLite always, on PostgreSQL when
`JUDGE_TEST_DATABASE_URL` is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine, text
from support.store.upgrades.declared_changes import declared_from, migrations_after
from support.store.upgrades.filler import fill_empty_tables
from support.store.upgrades.release_databases import (
    ReleaseDatabases,
    postgres_tools,
)
from support.store.upgrades.releases import Release, releases, unavailable
from support.store.upgrades.snapshot import differences, snapshot

from judge.store.db import make_engine
from judge.store.migrate import alembic_config, current_revision, head_revision, upgrade

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


def test_an_upgrade_changes_no_row_it_does_not_mean_to(
    release: Release, database_url: str, release_databases: ReleaseDatabases
) -> None:
    engine = _release_database(release, database_url, release_databases)
    try:
        with engine.begin() as connection:
            fill_empty_tables(connection)
            before = snapshot(connection)
        assert all(before.values()), [table for table, rows in before.items() if not rows]
        upgrade(engine)
        assert current_revision(engine) == head_revision()
        with engine.connect() as connection:
            after = snapshot(connection)
        declared = declared_from(migrations_after(release.head))
        assert differences(before, after, declared) == []
    finally:
        engine.dispose()


def test_the_orders_on_file_are_still_on_file(
    release: Release, tmp_path: Path, release_databases: ReleaseDatabases
) -> None:
    """The release's players sent their Fall 1901 orders and were told "No errors
    found in your mail": after the upgrade the judge still has every one of them.
    SQLite only: there the rebuilt tables took them (PostgreSQL never lost them, and
    the row comparison above covers it there too)."""
    engine = _release_database(release, f"sqlite:///{tmp_path / 'judge.db'}", release_databases)
    try:
        before = _orders_by_phase(engine)
        assert len(before) == 2, before  # Spring 1901's, processed, and Fall's, waiting
        upgrade(engine)
        assert _orders_by_phase(engine) == before
    finally:
        engine.dispose()


def _release_database(
    release: Release, database_url: str, release_databases: ReleaseDatabases
) -> Engine:
    if database_url.startswith("sqlite:///"):
        target = Path(database_url.removeprefix("sqlite:///"))
        revision = release_databases.sqlite_copy(release, target)
    elif postgres_tools():
        revision = release_databases.postgres_seed(release, database_url)
    else:
        revision = release_databases.seed_into(release, database_url)
    assert revision == release.head, f"{release.tag} made a database at {revision}"
    return make_engine(database_url)


def _orders_by_phase(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        rows = connection.execute(text(
            "SELECT phases.phase, count(*) FROM orders JOIN phases ON phases.id = orders.phase_id"
            " GROUP BY phases.phase"
        ))  # fmt: skip
        return {phase: count for phase, count in rows}


def test_alembic_run_by_hand_keeps_the_orders_too(
    tmp_path: Path, release_databases: ReleaseDatabases
) -> None:
    """`alembic upgrade head` from the repository root: `migrations/env.py` opens its
    own connection, and turns the foreign keys off on it too."""
    (before_0015,) = [each for each in releases() if each.head == "0014_game_failures"]
    reason = unavailable(before_0015)
    if reason is not None:
        pytest.skip(reason)
    url = f"sqlite:///{tmp_path / 'judge.db'}"
    engine = _release_database(before_0015, url, release_databases)
    try:
        before = _orders_by_phase(engine)
        config = alembic_config()
        config.set_main_option("sqlalchemy.url", url)
        command.upgrade(config, "head")
        assert current_revision(engine) == head_revision()
        assert _orders_by_phase(engine) == before
    finally:
        engine.dispose()
