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
from datetime import timedelta
from typing import Any

import judge.store.db as db
from judge.mail import intake
from judge.service import handle_inbox_message
from judge.store.inbox import count_recent_from

READ_ONLY = "judge_bench_read_only"
PATCHES = set(filter(None, os.environ.get("JUDGE_BENCH_PATCHES", "").split(",")))

_begin_immediate = db._sqlite_begin_immediate
_on_connect = db._sqlite_on_connect


def _begin(connection: Any) -> None:
    """BEGIN IMMEDIATE, except a plain BEGIN on a connection marked read-only."""
    if connection.get_execution_options().get(READ_ONLY):
        connection.exec_driver_sql("BEGIN")
    else:
        _begin_immediate(connection)


def _over_rate_limit(self: intake.Inbox, mail_from: str) -> bool:
    since = self.clock.now() - timedelta(hours=1)
    with self.sessions() as session:
        session.connection(execution_options={READ_ONLY: True})
        count = count_recent_from(session, mail_from, since)
    limited: bool = count >= self.config.limits.per_sender_per_hour
    return limited


def _on_connect_normal(in_memory: bool) -> Any:
    full = _on_connect(in_memory)

    def on_connect(dbapi_connection: Any, record: Any) -> None:
        full(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA synchronous=NORMAL")

    return on_connect


if "readonly" in PATCHES:
    db._sqlite_begin_immediate = _begin
    intake.Inbox.over_rate_limit = _over_rate_limit
if "normal" in PATCHES:
    db._sqlite_on_connect = _on_connect_normal

__all__ = ["handle_inbox_message"]
