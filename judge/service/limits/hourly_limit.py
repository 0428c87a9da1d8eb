"""The one hourly rate limit, and its one verdict, for the intake, `deliver` and the service.

A mail is judged by the mails that came *before* it: those stored from the same
envelope sender in the hour before its own arrival (for a stored mail: rows with a
smaller id, received at most an hour earlier). With a limit of N, mails 1 to N-1
of an hour are `UNDER`, mail N has `REACHED` it (it is handled, and brings the one
notice), and mail N+1 on is `OVER`.

Where it is checked:

* SMTP intake, for a connecting address that is not a trusted relay
  (`judge.trusted_relays`): against the intake's count of the mails it stored in
  the last hour per (envelope sender, connecting address), and per connecting
  address alone (`per_connection_address_per_hour`). `MAIL FROM` over the limit is
  refused with 450, but only a mail whose data arrives is counted (taken at DATA,
  before the mail is stored, and released when it is not): a session that only
  says `MAIL FROM` and quits costs nothing, so it cannot fill anyone's count. The
  DATA check is synchronous in the event loop, so concurrent mails cannot all slip
  under the limit. The counts are read back from the inbox rows of the last hour
  when the intake starts (`recent_intake`): a restart forgets nothing. Keying on
  the connecting address means a forger who floods with a player's envelope sender
  from elsewhere fills only their own (sender, address) count, never the player's.
* A trusted relay (by default loopback, when the judge listens on loopback: the
  MTA in front of it) and `judge deliver` (mail piped in by the local MTA) are not
  limited at intake at all: every mail behind an MTA comes from its one address, so
  any count there would be a switch a stranger could flip for everyone.
* The inbox processor, for each stored mail, against the database (`mails_before`):
  an `OVER` mail is declined (status `declined`, one notice per hour), unless it
  signs on with a valid password (`judge.service.replies.handling`), so a forged burst in a
  player's name never silences the player.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum

from sqlalchemy.orm import Session

from judge.store.inbox import envelope_sender
from judge.store.mail_counts import connected_mails_since, mails_stored_before
from judge.store.models import InboxMessage

WINDOW = timedelta(hours=1)
MAX_KEYS = 100_000  # counts kept by the intake before the idle ones are forgotten


class Verdict(Enum):
    UNDER = "under"  # handle the mail
    REACHED = "reached"  # the last one of the hour: handle it, and send the notice
    OVER = "over"  # refuse it (intake) or decline it (processing)


def verdict(before: int, limit: int) -> Verdict:
    """The verdict on a mail that `before` mails of the same key came before."""
    if before < limit - 1:
        return Verdict.UNDER
    return Verdict.REACHED if before == limit - 1 else Verdict.OVER


def mails_before(session: Session, row: InboxMessage) -> int:
    """How many mails from the row's envelope sender were stored before it, in the
    hour before it arrived."""
    return mails_stored_before(
        session, row.mail_from.lower(), row.id, row.received_at - WINDOW
    )


@dataclass
class _Window:
    times: deque[datetime] = field(default_factory=deque)

    def count(self, now: datetime) -> int:
        while self.times and self.times[0] <= now - WINDOW:
            self.times.popleft()
        return len(self.times)


class IntakeCounts:
    """The SMTP intake's count of the mails it stored in the last hour, by key.

    Kept in memory, and read back from the database at start (`seed`). Not
    thread-safe: the intake calls it from its event loop.
    """

    def __init__(self) -> None:
        self._windows: dict[tuple[str, ...], _Window] = {}

    def allows(self, limits: dict[tuple[str, ...], int], now: datetime) -> bool:
        """Whether one more mail would be under every key's limit; counts nothing."""
        for key, limit in limits.items():
            window = self._windows.get(key)
            before = window.count(now) if window is not None else 0
            if verdict(before, limit) is Verdict.OVER:
                return False
        return True

    def seed(self, stored: list[tuple[tuple[str, ...], datetime]]) -> None:
        """Count mails stored earlier (by an earlier process): each key with its time."""
        for key, at in sorted(stored, key=lambda item: item[1]):
            self._windows.setdefault(key, _Window()).times.append(at)

    def try_reserve(self, limits: dict[tuple[str, ...], int], now: datetime) -> bool:
        """Count one more mail under every key, if each is still below its limit
        (`verdict` not OVER); else count nothing and return False."""
        if not self.allows(limits, now):
            return False
        if len(self._windows) >= MAX_KEYS:
            self._forget_idle(now)
        for key in limits:
            self._windows.setdefault(key, _Window()).times.append(now)
        return True

    def release(self, keys: list[tuple[str, ...]], at: datetime) -> None:
        """Take back a reservation made at `at` (the mail was not stored)."""
        for key in keys:
            window = self._windows.get(key)
            if window is not None and at in window.times:
                window.times.remove(at)

    def _forget_idle(self, now: datetime) -> None:
        self._windows = {k: w for k, w in self._windows.items() if w.count(now)}


def intake_keys(mail_from: str, peer: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The intake's two keys: (sender, connecting address) and the address alone."""
    return ("sender", envelope_sender(mail_from), peer), ("peer", peer)


def recent_intake(
    session: Session, now: datetime, counted: Callable[[str], bool]
) -> list[tuple[tuple[str, ...], datetime]]:
    """The intake's keys of every mail stored from a connecting address in the hour
    before `now`, with when it was stored, for the addresses `counted` says are
    limited (`IntakeCounts.seed`)."""
    stored: list[tuple[tuple[str, ...], datetime]] = []
    for mail_from, peer, at in connected_mails_since(session, now - WINDOW):
        if counted(peer):
            stored.extend((key, at) for key in intake_keys(mail_from, peer))
    return stored
