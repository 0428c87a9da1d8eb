"""The in-process queue for SQLite's write lock: first come, first served; never a
wait for oneself; the turn ends with the transaction, however it ends."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from judge.store.db import make_engine
from judge.store.write_queue import WriteQueue


def test_waiters_get_their_turn_in_arrival_order() -> None:
    queue = WriteQueue(timeout=5)
    queue.acquire()
    order: list[int] = []

    def writer(number: int) -> None:
        queue.acquire()
        order.append(number)
        queue.release()

    threads = []
    for number in range(6):
        thread = threading.Thread(target=writer, args=(number,))
        thread.start()
        threads.append(thread)
        time.sleep(0.02)  # each one queued before the next arrives
    queue.release()
    for thread in threads:
        thread.join(5)
    assert order == list(range(6))


def test_a_waiter_that_times_out_leaves_the_queue() -> None:
    queue = WriteQueue(timeout=0.05)
    queue.acquire()
    with pytest.raises(sqlite3.OperationalError, match="database is locked"):
        queue.acquire()
    queue.release()
    queue.acquire()  # the timed-out ticket does not block the next one
    queue.release()


def _engine(tmp_path: Path):  # type: ignore[no-untyped-def]
    engine = make_engine(f"sqlite:///{tmp_path / 'q.db'}")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE t (x INTEGER)"))
    return engine


def test_the_turn_ends_with_commit_rollback_and_close(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    with engine.connect() as connection:
        queue = connection.connection.dbapi_connection.write_queue  # type: ignore[union-attr]
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO t VALUES (1)"))
        assert queue._held
    assert not queue._held
    with pytest.raises(RuntimeError), engine.begin() as connection:
        connection.execute(text("INSERT INTO t VALUES (2)"))
        raise RuntimeError("undo")
    assert not queue._held
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM t")).scalar() == 1
    engine.dispose()


def test_a_second_writer_thread_waits_for_the_first_to_commit(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    events: list[str] = []
    first_in = threading.Event()

    def second() -> None:
        first_in.wait(5)
        with engine.begin() as connection:
            events.append("second begins")
            connection.execute(text("INSERT INTO t VALUES (2)"))

    thread = threading.Thread(target=second)
    thread.start()
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO t VALUES (1)"))
        first_in.set()
        time.sleep(0.2)
        events.append("first commits")
    thread.join(5)
    assert events == ["first commits", "second begins"]
    engine.dispose()
