"""Experiments for the mail benchmark: the service's inbox handler, with the server
patched as `JUDGE_BENCH_PATCHES` (comma-separated) says. Not for production.

`judge serve` imports its handler from `JUDGE_HANDLER=module:function`, before it
builds its engine and its SMTP intake, so importing this module can change both:

* `readonly`: the SMTP intake's rate-limit check (a read) opens its transaction with
  a plain (deferred) `BEGIN` instead of `BEGIN IMMEDIATE`, so it does not wait for
  SQLite's write lock (in WAL mode readers never wait for the writer);
* `normal`: `PRAGMA synchronous=NORMAL` instead of FULL (WAL: no fsync per commit;
  a power cut may lose the last commits, an application crash does not). To
  measure the cost of the fsyncs only.

`mail.py --patch readonly` runs the judge with them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite

import judge.store.db as db
from judge.service import handle_inbox_message

PATCHES = set(filter(None, os.environ.get("JUDGE_BENCH_PATCHES", "").split(",")))

_begin_immediate = db._sqlite_begin_immediate
_on_connect = db._sqlite_on_connect
_commit: Callable[[Any, Any], None] = SQLiteDialect_pysqlite.do_commit
_rollback: Callable[[Any, Any], None] = SQLiteDialect_pysqlite.do_rollback
_write_lock = threading.Lock()
_holding = threading.local()  # .held: this thread owns the write lock


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

__all__ = ["handle_inbox_message"]
