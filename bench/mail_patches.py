"""Experiments for the mail benchmark: the judge (with the service's own inbox handler,
built by the command line), with the server patched as `JUDGE_BENCH_PATCHES`
(comma-separated) says. Not for production.

`python -m mail_patches serve --config FILE` imports this module before `judge
serve` builds its engine, then runs `judge.cli.main`, so the patches can change
how it uses SQLite:

* `writelock`: write transactions queue on one first-come-first-served lock in
  the process before their `BEGIN IMMEDIATE` (released after the commit or
  rollback), instead of polling SQLite's lock in its busy handler, whose sleeps
  grow to 100 ms: a waiter is woken the moment the lock is free, and no thread
  (the SMTP intake's, or the inbox worker) can be starved by the others;
* `normal`: `PRAGMA synchronous=NORMAL` instead of FULL (WAL: no fsync per commit;
  a power cut may lose the last commits, an application crash does not). To
  measure the cost of the fsyncs only.

`mail.py --patch writelock` runs the judge with them.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite

import judge.cli
import judge.store.db as db

PATCHES = set(filter(None, os.environ.get("JUDGE_BENCH_PATCHES", "").split(",")))

_begin_immediate = db._sqlite_begin_immediate
_on_connect = db._sqlite_on_connect
_commit: Callable[[Any, Any], None] = SQLiteDialect_pysqlite.do_commit
_rollback: Callable[[Any, Any], None] = SQLiteDialect_pysqlite.do_rollback
_holding = threading.local()  # .held: this thread owns the write lock


class FairLock:
    """A ticket lock: threads get it in the order they asked for it."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._next_ticket = 0
        self._serving = 0

    def acquire(self) -> None:
        with self._changed:
            ticket = self._next_ticket
            self._next_ticket += 1
            while ticket != self._serving:
                self._changed.wait()

    def release(self) -> None:
        with self._changed:
            self._serving += 1
            self._changed.notify_all()


_write_lock = FairLock()


def _begin_queued(connection: Any) -> None:
    """Take the process's write lock (once per thread), then BEGIN IMMEDIATE."""
    if not connection.get_execution_options().get(db.READ_ONLY) and not _held():
        _write_lock.acquire()
        _holding.held = True
    _begin_immediate(connection)


def _held() -> bool:
    return bool(getattr(_holding, "held", False))


def _release() -> None:
    if _held():
        _holding.held = False
        _write_lock.release()


def _do_commit(self: SQLiteDialect_pysqlite, dbapi_connection: Any) -> None:
    try:
        _commit(self, dbapi_connection)
    finally:
        _release()


def _do_rollback(self: SQLiteDialect_pysqlite, dbapi_connection: Any) -> None:
    try:
        _rollback(self, dbapi_connection)
    finally:
        _release()


def _on_connect_normal(in_memory: bool) -> Any:
    full = _on_connect(in_memory)

    def on_connect(dbapi_connection: Any, record: Any) -> None:
        full(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA synchronous=NORMAL")

    return on_connect


if "writelock" in PATCHES:
    db._sqlite_begin_immediate = _begin_queued
    SQLiteDialect_pysqlite.do_commit = _do_commit  # type: ignore[method-assign,assignment]
    SQLiteDialect_pysqlite.do_rollback = _do_rollback  # type: ignore[method-assign,assignment]
if "normal" in PATCHES:
    db._sqlite_on_connect = _on_connect_normal

if __name__ == "__main__":
    sys.exit(judge.cli.main(sys.argv[1:]))
