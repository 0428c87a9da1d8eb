"""The SMTP intake's memory of how much each envelope sender sent in the last hour.

The intake refuses mail at `MAIL FROM` from a sender over the hourly limit. Asking
the database for every mail costs a query and a thread hop per mail, so the count
read from the database is kept for a short while and the mails this process
stores meanwhile are added to it. The inbox processor checks the limit again
against the database (`judge.service.ratelimit`), so a count a few seconds old,
or one that misses another judge process's mails for those seconds, lets at most
a few extra mails in: they are answered with the limit notice or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

FRESH_FOR = timedelta(seconds=30)  # how long a count read from the database is used
MAX_SENDERS = 10_000  # counts kept before stale ones are forgotten


@dataclass
class _Count:
    read_at: datetime
    count: int


class RecentSenders:
    """Mails per envelope sender in the last hour: the database's count, kept fresh."""

    def __init__(self, fresh_for: timedelta = FRESH_FOR) -> None:
        self._fresh_for = fresh_for
        self._counts: dict[str, _Count] = {}

    def known(self, sender: str, now: datetime) -> int | None:
        """The sender's count, or None when it must be read from the database."""
        entry = self._counts.get(sender.lower())
        if entry is None or not entry.read_at <= now < entry.read_at + self._fresh_for:
            return None
        return entry.count

    def remember(self, sender: str, count: int, now: datetime) -> None:
        """Keep a count just read from the database."""
        if len(self._counts) >= MAX_SENDERS:
            self._forget_stale(now)
        self._counts[sender.lower()] = _Count(now, count)

    def stored(self, sender: str) -> None:
        """Count one more mail stored from `sender` (if its count is kept)."""
        entry = self._counts.get(sender.lower())
        if entry is not None:
            entry.count += 1

    def _forget_stale(self, now: datetime) -> None:
        self._counts = {
            sender: entry
            for sender, entry in self._counts.items()
            if entry.read_at <= now < entry.read_at + self._fresh_for
        }
        if len(self._counts) >= MAX_SENDERS:
            self._counts.clear()
