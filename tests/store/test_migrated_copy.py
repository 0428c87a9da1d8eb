"""The database a test hands a judge it starts (`support.migrated_copy`): an empty
one is brought to head from the worker's template, on either backend, so the judge
migrates nothing; one that holds anything is left as it is."""

from __future__ import annotations

import pytest
from sqlalchemy import func, insert, select
from support.migrated_copy import MigratedTemplates

from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import current_revision, head_revision
from judge.store.models import Game

pytestmark = pytest.mark.postgres_copy  # a copied file on one, a replayed dump on the other


def test_an_empty_database_is_brought_to_head_and_a_used_one_left_alone(
    database_url: str, migrated_database: MigratedTemplates
) -> None:
    assert migrated_database.copy_to(database_url)
    engine = make_engine(database_url)
    try:
        assert current_revision(engine) == head_revision()
        with make_session_factory(engine).begin() as session:
            session.execute(
                insert(Game).values(
                    name="g1", variant="standard", status="forming", settings="{}",
                    variant_data="{}", rng_seed=1, created_at=func.now(),
                )
            )  # fmt: skip
        assert not migrated_database.copy_to(database_url)  # never over a database in use
        with engine.connect() as connection:
            assert connection.scalar(select(func.count()).select_from(Game)) == 1
    finally:
        engine.dispose()
