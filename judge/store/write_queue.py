"""One writer at a time, first come first served, among one process's SQLite connections.

SQLite allows a single writer. A connection that finds the write lock taken waits
in SQLite's busy handler, which sleeps and polls with growing pauses: under load a
writer that keeps coming back (the inbox worker) can starve the others (the SMTP
intake) for seconds. So the connections of one engine queue for their turn here,
in arrival order, before `BEGIN IMMEDIATE`, and give it up right after their
`COMMIT` or `ROLLBACK`. Other processes still meet SQLite's own busy handler.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import deque
from typing import Any


class WriteQueue:
    """A first-in, first-out lock with a timeout."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._changed = threading.Condition()
        self._held = False
        self._waiting: deque[object] = deque()

    def acquire(self) -> None:
        """Wait for this caller's turn; raise `sqlite3.OperationalError` on timeout."""
        with self._changed:
            if not self._held and not self._waiting:
                self._held = True
                return
            ticket = object()
            self._waiting.append(ticket)
            turn = self._changed.wait_for(
                lambda: not self._held and self._waiting[0] is ticket, self.timeout
            )
            self._waiting.remove(ticket)
            if not turn:
                self._changed.notify_all()  # the next in line may be behind this one
                raise sqlite3.OperationalError(
                    "database is locked (waited for this process's other writers)"
                )
            self._held = True

    def release(self) -> None:
        with self._changed:
            self._held = False
            self._changed.notify_all()


class QueuedConnection(sqlite3.Connection):
    """A sqlite3 connection that holds its engine's `WriteQueue` turn from
    `take_write_turn` (called before `BEGIN IMMEDIATE`) to the end of the transaction."""

    write_queue: WriteQueue

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._has_turn = False

    def take_write_turn(self) -> None:
        if not self._has_turn:  # a connection never waits for itself
            self.write_queue.acquire()
            self._has_turn = True

    def end_write_turn(self) -> None:
        if self._has_turn:
            self._has_turn = False
            self.write_queue.release()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            if not self.in_transaction:
                self.end_write_turn()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self.end_write_turn()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.end_write_turn()


def queued_connection_class(queue: WriteQueue) -> type[QueuedConnection]:
    """A `QueuedConnection` class bound to `queue` (sqlite3 wants a class as `factory`)."""
    return type("QueuedConnection", (QueuedConnection,), {"write_queue": queue})
