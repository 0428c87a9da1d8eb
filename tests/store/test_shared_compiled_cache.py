"""The tests' engines share compiled SQL (`support.store.shared_compiled_cache`), and
only where the dialects' settings are the same: each engine still reads its own
database, and a dialect set up otherwise compiles for itself."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, insert, literal, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from sqlalchemy.util import LRUCache
from support.store import shared_compiled_cache

from judge.store.db import make_engine
from judge.store.models import JudgeSetting

pytestmark = pytest.mark.postgres_copy  # the PostgreSQL dialect has its own settings

NOTES = Table("notes", MetaData(), Column("id", Integer, primary_key=True), Column("text", String))


def _filled(path: Path, text: str, **options: object) -> Engine:
    engine = make_engine(f"sqlite:///{path}", **options)
    NOTES.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(insert(NOTES).values(text=text))
    return engine


def _read(engine: Engine) -> tuple[list[str], object]:
    """The rows of `engine`'s own database, and whether the SELECT's compiled form
    was found in the cache."""
    statement = select(NOTES.c.text).where(NOTES.c.id > 0).order_by(NOTES.c.id)
    with engine.connect() as connection:
        result = connection.execute(statement)
        return list(result.scalars()), result.context.cache_hit


def test_a_second_engine_finds_the_sql_the_first_compiled_and_reads_its_own_rows(
    tmp_path: Path,
) -> None:
    shared_compiled_cache.install()  # done by tests/conftest.py; a second call is a no-op
    first, second = _filled(tmp_path / "a.db", "first"), _filled(tmp_path / "b.db", "second")
    try:
        assert first._compiled_cache.shared is second._compiled_cache.shared  # type: ignore[union-attr]
        rows, _ = _read(first)
        assert rows == ["first"]
        rows, found = _read(second)
        assert rows == ["second"]
        assert found == second.dialect.CACHE_HIT
    finally:
        first.dispose()
        second.dispose()


def test_a_dialect_set_up_otherwise_compiles_for_itself(tmp_path: Path) -> None:
    first = _filled(tmp_path / "a.db", "first")
    other = _filled(tmp_path / "b.db", "other", label_length=12)  # labels cut otherwise
    try:
        _read(first)
        key = shared_compiled_cache.settings_key
        assert key(first.dialect) != key(other.dialect)
        rows, found = _read(other)
        assert rows == ["other"]
        assert found == other.dialect.CACHE_MISS
        rows, found = _read(other)
        assert found == other.dialect.CACHE_HIT  # its own compilation, kept from now on
    finally:
        first.dispose()
        other.dispose()


def test_the_key_leaves_out_only_what_each_dialect_makes_for_itself(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'a.db'}")
    try:
        with engine.connect() as connection:  # the first connection sets the server's facts
            connection.exec_driver_sql("SELECT 1")
        kind, settings = shared_compiled_cache.settings_key(engine.dialect)
        assert kind is type(engine.dialect)
        names = {name for name, _ in settings}  # type: ignore[attr-defined]
        left_out = shared_compiled_cache.OWN_OBJECTS | shared_compiled_cache.memoized(kind)  # type: ignore[arg-type]
        assert names == set(vars(engine.dialect)) - left_out
        assert {"paramstyle", "server_version_info", "default_schema_name"} <= names
    finally:
        engine.dispose()


def test_entries_stay_prunable_when_a_dialects_settings_change_after_they_are_kept(
    tmp_path: Path,
) -> None:
    """SQLAlchemy's LRU cache prunes by deleting the keys it holds: a key whose hash had
    moved since it was stored (a dialect hashed by its settings, then set up further)
    could never be deleted, and the pruning looped for ever (seen in a full run)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'a.db'}")
    try:
        view = shared_compiled_cache.SharedView(LRUCache(4, threshold=0.5))
        dialect = engine.dialect
        for number in range(4):
            view[(dialect, f"statement {number}")] = number
        dialect.label_length = 20  # its settings change after the keys were stored
        pruning = threading.Thread(
            target=lambda: [view.__setitem__((dialect, f"more {n}"), n) for n in range(20)]
        )
        pruning.start()
        pruning.join(timeout=10)
        assert not pruning.is_alive(), "pruning the cache never ends"
        assert len(view) <= 6
        assert view.get((dialect, "more 19")) == 19
    finally:
        engine.dispose()


def test_postgres_tests_in_schemas_of_their_own_share_compiled_sql(engine: Engine) -> None:
    """Two schemas of one server: the statements compiled for one are found for the
    other, but for a statement with a schema translate map, where the default schema
    is filled in from the dialect."""
    if engine.dialect.name != "postgresql":
        pytest.skip("the schemas are PostgreSQL's")
    other = make_engine(str(engine.url))
    try:
        with engine.connect() as connection:  # a first statement sets what is memoized
            connection.execute(select(literal(1))).all()
        with other.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
        plain = (engine.dialect, "statement", (), False, False)
        translated = (engine.dialect, "statement", (), True, False)
        other.dialect.default_schema_name = "elsewhere"  # as another test's schema
        view = engine._compiled_cache
        assert view is not None
        view[plain] = "compiled"
        view[translated] = "compiled with a map"
        assert other._compiled_cache.get((other.dialect, *plain[1:])) == "compiled"  # type: ignore[union-attr]
        assert other._compiled_cache.get((other.dialect, *translated[1:])) is None  # type: ignore[union-attr]
    finally:
        other.dispose()


def test_a_flush_on_a_second_engine_finds_the_mappers_insert_compiled(tmp_path: Path) -> None:
    """The ORM keeps the INSERTs of a flush per mapper, under keys with the dialect:
    a view there too, so a second engine's flush compiles nothing new."""
    mapper = JudgeSetting.__mapper__
    assert isinstance(mapper._compiled_cache, shared_compiled_cache.SharedView)
    kept = []
    for name in ("a", "b"):
        engine = make_engine(f"sqlite:///{tmp_path / f'{name}.db'}")
        JudgeSetting.metadata.create_all(engine, tables=[JudgeSetting.__table__])  # type: ignore[list-item]
        with Session(engine) as session, session.begin():
            session.add(JudgeSetting(name=f"key-{name}", value="v"))
        kept.append(len(mapper._compiled_cache.shared))
        engine.dispose()
    assert kept[0] >= 1 and kept[1] == kept[0]
