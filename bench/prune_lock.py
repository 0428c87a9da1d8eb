"""Benchmark: how long a writer waits for SQLite's write lock while old mail is pruned.

    python bench/prune_lock.py [--rows 20000] [--batch 500]

A fresh SQLite database gets `--rows` processed incoming mails and as many sent
outgoing ones, all past the retention. `prune` (`judge.store.retention`) runs in
one thread while a writer in another updates one row every 5 ms, each in its own
transaction, timing how long each write waits for the lock. Printed, for pruning
in batches of `--batch` rows (each committed on its own, as the scheduler prunes)
and for the peer it replaced (one batch holding every row: the whole run in one
transaction): the run's length, its transactions, and the writer's longest and
median wait.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sqlalchemy import insert, update  # noqa: E402
from sqlalchemy.orm import Session, sessionmaker  # noqa: E402

from judge.store.db import make_engine, make_session_factory  # noqa: E402
from judge.store.migrate import upgrade  # noqa: E402
from judge.store.models import (  # noqa: E402
    InboxMessage,
    InboxStatus,
    OutboxMessage,
    OutboxStatus,
)
from judge.store.retention import prune  # noqa: E402

THEN = datetime(2026, 1, 1, tzinfo=UTC)
WRITE_EVERY = 0.005


def _fill(sessions: sessionmaker[Session], rows: int) -> None:
    raw = b"From: a@example.org\r\nSubject: orders\r\n\r\n" + b"F Bre - Mid\r\n" * 200
    digest = hashlib.sha256(raw).hexdigest()
    with sessions.begin() as session:
        session.execute(insert(InboxMessage), [
            {"raw": raw, "mail_from": "a@example.org", "rcpt_tos": ["judge@example.org"],
             "received_at": THEN, "digest": digest, "status": InboxStatus.DONE,
             "processed_at": THEN, "attempts": 1}
            for _ in range(rows)
        ])  # fmt: skip
        session.execute(insert(OutboxMessage), [
            {"to_address": "p@example.org", "message": raw, "message_id": f"<o{n}@x>",
             "kind": "reply", "created_at": THEN, "status": OutboxStatus.SENT, "attempts": 1,
             "next_attempt_at": THEN, "sent_at": THEN}
            for n in range(rows)
        ])  # fmt: skip


def _measure(rows: int, batch: int) -> tuple[float, int, list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'judge.db'}")
        upgrade(engine)
        sessions = make_session_factory(engine)
        _fill(sessions, rows)
        waits: list[float] = []
        done = threading.Event()

        def writer() -> None:
            while not done.is_set():
                started = time.perf_counter()
                with sessions.begin() as session:
                    session.execute(
                        update(InboxMessage).where(InboxMessage.id == 1)
                        .values(attempts=InboxMessage.attempts + 1)
                    )  # fmt: skip
                waits.append(time.perf_counter() - started)
                time.sleep(WRITE_EVERY)

        thread = threading.Thread(target=writer)
        thread.start()
        started = time.perf_counter()
        with sessions() as session:
            pruned = prune(session, THEN + timedelta(days=31), 30, batch=batch)
        elapsed = time.perf_counter() - started
        done.set()
        thread.join()
        engine.dispose()
    return elapsed, pruned.batches, waits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args()
    print(f"{args.rows} old incoming and {args.rows} old outgoing mails")
    for label, batch in ((f"batches of {args.batch}", args.batch),
                         ("one transaction (the peer)", 2 * args.rows)):  # fmt: skip
        elapsed, batches, waits = _measure(args.rows, batch)
        print(f"  {label:28} prune {elapsed:6.2f} s in {batches:3d} transaction(s); writer: "
              f"{len(waits)} writes, longest wait {max(waits) * 1000:7.1f} ms, median "
              f"{statistics.median(waits) * 1000:5.1f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
