"""Savepoints sent as plain SQL behave as SQLAlchemy's own: released work stays,
rolled-back work goes, at any depth, on each backend."""

from __future__ import annotations

from sqlalchemy import Engine, text


def test_savepoints_keep_and_undo_work_at_any_depth(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE sp_probe (x INTEGER)"))
        kept = connection.begin_nested()
        connection.execute(text("INSERT INTO sp_probe VALUES (1)"))
        undone = connection.begin_nested()
        connection.execute(text("INSERT INTO sp_probe VALUES (2)"))
        undone.rollback()
        kept.commit()
        dropped = connection.begin_nested()
        connection.execute(text("INSERT INTO sp_probe VALUES (3)"))
        dropped.rollback()
        assert connection.execute(text("SELECT x FROM sp_probe")).scalars().all() == [1]


def test_a_name_that_needs_quoting_takes_sqlalchemys_way(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE sp_quoted (x INTEGER)"))
        engine.dialect.do_savepoint(connection, "odd name")
        connection.execute(text("INSERT INTO sp_quoted VALUES (1)"))
        engine.dialect.do_rollback_to_savepoint(connection, "odd name")
        engine.dialect.do_release_savepoint(connection, "odd name")
        assert connection.execute(text("SELECT count(*) FROM sp_quoted")).scalar() == 0
