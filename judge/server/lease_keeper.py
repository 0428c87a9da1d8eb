"""A heartbeat that keeps a sending batch's leases alive, whatever one reply takes.

The sender leases its batch for `[outbound] lease_seconds`, then hands the mails to
the transport one at a time. Renewing only between two mails was not enough: one
mail's hand-over over a slow relay (connect, greeting, EHLO, MAIL, RCPT, DATA, the
end of data: each wait up to `relay_timeout_seconds`) can outlast the lease, and
another sender then takes the mail in hand and sends it too. Here a thread of its
own renews every lease of the batch that is not settled yet, every quarter of the
lease, while the transport works; it stops with the batch. A lease the heartbeat
finds taken over by another sender is marked lost, and the batch skips that mail.
The heartbeat keeps a live sender's leases; only a sender that stops (a crash, a
hang of the whole process) lets them run out, as it should.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock
from judge.store.lease_owner import LeaseOwner
from judge.store.outbox import renew

log = logging.getLogger(__name__)

BEATS_PER_LEASE = 4  # renewals per lease length: three can fail before a lease runs out


class LeaseKeeper:
    """The leases of one batch: renewed by a heartbeat thread between `start` and
    `stop`, and on demand (`renew_now`). Thread-safe."""

    def __init__(
        self, sessions: sessionmaker[Session], clock: Clock, owner: LeaseOwner,
        lease: timedelta, until: datetime, ids: Iterable[int],
    ) -> None:
        """`until`: when the batch's leases, just taken, end."""
        self.sessions, self.clock, self.owner, self.lease = sessions, clock, owner, lease
        self._lock = threading.Lock()
        self._held = set(ids)  # leased, and not settled yet
        self._lost: set[int] = set()
        self._until = until
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.beats = 0  # renewals made (by the heartbeat or on demand)

    @property
    def until(self) -> datetime:
        """When the leases still held end, as last renewed."""
        with self._lock:
            return self._until

    def start(self) -> None:
        self._thread = threading.Thread(target=self._beat, name="judge-lease", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def __enter__(self) -> LeaseKeeper:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _beat(self) -> None:
        interval = self.lease.total_seconds() / BEATS_PER_LEASE
        while not self._stop.wait(interval):
            try:
                self.renew_now()
            except Exception:  # the database away: tried again at the next beat
                log.warning("outbox: renewing the batch's leases failed", exc_info=True)

    def renew_now(self) -> None:
        """Extend every lease still held to a full lease from now."""
        with self._lock:
            ids = sorted(self._held)
        if not ids:
            return
        until = self.clock.now() + self.lease
        kept = renew(self.sessions, ids, self.owner, until)
        with self._lock:
            lost = self._held.intersection(ids) - kept
            self._held -= lost
            self._lost |= lost
            self._until = until
            self.beats += 1
        for row_id in sorted(lost):
            log.warning("outbox %s: lease lost to another sender before sending", row_id)

    def lost(self, row_id: int) -> bool:
        """Whether the lease on `row_id` passed to another sender (skip its mail)."""
        with self._lock:
            return row_id in self._lost

    def settled(self, ids: Iterable[int]) -> None:
        """These rows' outcomes are written: their leases need no more renewing."""
        with self._lock:
            self._held.difference_update(ids)
