"""The outbox as a queue: lease due rows, renew and take back leases, record outcomes.

A sender leases rows before it sends them: the row's `lease_owner` names the
process, and `next_attempt_at` moves to the lease's end, so no other sender takes
it meanwhile (`FOR UPDATE SKIP LOCKED` on PostgreSQL keeps two live senders from
claiming one row at the same moment). Each outcome is committed as soon as it is
known, which clears the lease, and only where the row's `lease_owner` is still the
sender itself: a sender whose lease passed to another never overwrites that one's
outcome (or its lease). A lease that runs out (its owner hung or died) makes
the row due again; a restarted process takes back at once the leases of dead
processes of its own host (`reclaim_abandoned`). A mail whose stored map is not
drawn yet is not due: it waits for its map.

Temporary failures are tried again after a capped exponential back-off until the
mail's lifetime is over; only a permanent failure or the end of the lifetime makes
a row `failed`. `judge retry --outbox` puts failed rows back, with a new lifetime.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, bindparam, exists, func, select, update
from sqlalchemy.orm import Session, sessionmaker

from judge.store.lease_owner import LeaseOwner, is_gone
from judge.store.models import OutboxMessage, OutboxStatus, PhaseMap

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Lease:
    """What the sender needs of a leased row, read while the row was locked."""

    id: int
    to_address: str
    message: bytes
    message_id: str
    created_at: datetime
    attempts: int  # counting this one
    map_id: int | None = None  # the stored map the mail carries (filled in when sent)


@dataclass(frozen=True)
class RetryPolicy:
    """When a temporarily failed mail is tried again, and for how long at most."""

    backoff: timedelta
    max_backoff: timedelta
    lifetime: timedelta

    def wait_after(self, attempts: int) -> timedelta:
        """The wait after the `attempts`-th failure: base, 2 x base, ... up to the cap."""
        doublings = min(max(attempts - 1, 0), 60)
        seconds = self.backoff.total_seconds() * 2.0**doublings
        return timedelta(seconds=min(seconds, self.max_backoff.total_seconds()))


_DUE = (
    select(
        OutboxMessage.id, OutboxMessage.to_address, OutboxMessage.message,
        OutboxMessage.message_id, OutboxMessage.created_at, OutboxMessage.attempts,
        OutboxMessage.map_id,
    )
    .where(
        OutboxMessage.status == OutboxStatus.PENDING,
        OutboxMessage.next_attempt_at <= bindparam("now"),
        ~exists().where(PhaseMap.id == OutboxMessage.map_id, PhaseMap.data.is_(None)),
    )
    .order_by(OutboxMessage.id)
    .limit(bindparam("limit"))
    .with_for_update(skip_locked=True)
)
_LEASE = (
    update(OutboxMessage)
    .where(OutboxMessage.id.in_(bindparam("ids", expanding=True)))
    .values(
        attempts=OutboxMessage.attempts + 1,
        next_attempt_at=bindparam("lease_until"),
        lease_owner=bindparam("owner"),
    )
)  # both built once: the sender runs them for every batch
_SENT = (
    update(OutboxMessage)
    .where(
        OutboxMessage.id.in_(bindparam("ids", expanding=True)),
        OutboxMessage.lease_owner == bindparam("owner"),
    )
    .values(status=OutboxStatus.SENT, sent_at=bindparam("now"), last_error=None,
            lease_owner=None)
    .returning(OutboxMessage.id)
)


def claim_due(
    sessions: sessionmaker[Session], now: datetime, owner: LeaseOwner, lease: timedelta,
    limit: int,
) -> list[Lease]:
    """Lease up to `limit` due rows for `owner` until `now + lease`; count the attempt."""
    with sessions.begin() as session:
        connection = session.connection()
        rows = list(connection.execute(_DUE, {"now": now, "limit": limit}))
        if rows:
            connection.execute(_LEASE, {
                "ids": [row.id for row in rows], "lease_until": now + lease,
                "owner": str(owner),
            })  # fmt: skip
    return [
        Lease(row.id, row.to_address, row.message, row.message_id, row.created_at,
              row.attempts + 1, row.map_id)
        for row in rows
    ]  # fmt: skip


def renew(
    sessions: sessionmaker[Session], ids: Sequence[int], owner: LeaseOwner, until: datetime
) -> set[int]:
    """Extend `owner`'s leases on `ids` to `until`; return the ids still `owner`'s."""
    with sessions.begin() as session:
        connection = session.connection()
        mine = OutboxMessage.lease_owner == str(owner)
        pending = OutboxMessage.status == OutboxStatus.PENDING
        kept = set(connection.scalars(
            select(OutboxMessage.id)
            .where(OutboxMessage.id.in_(ids), mine, pending)
            .with_for_update()
        ))  # fmt: skip
        if kept:
            connection.execute(
                update(OutboxMessage)
                .where(OutboxMessage.id.in_(list(kept)), mine, pending)
                .values(next_attempt_at=until)
            )
    return kept


def record_sent(
    connection: Connection, ids: Sequence[int], now: datetime, owner: LeaseOwner
) -> set[int]:
    """Mark `owner`'s rows `ids` sent; return the ids marked (the rows whose lease
    passed to another sender meanwhile are left to that sender)."""
    return set(connection.scalars(_SENT, {"ids": list(ids), "now": now, "owner": str(owner)}))


def record_failure(
    connection: Connection, lease: Lease, reason: str, permanent: bool, now: datetime,
    policy: RetryPolicy, owner: LeaseOwner,
) -> OutboxStatus | None:
    """A failed attempt: `failed` when permanent or past the lifetime, else a retry.
    None when the row is no longer `owner`'s: nothing is written."""
    mine = OutboxMessage.lease_owner == str(owner)
    requeued_at, held = connection.execute(
        select(OutboxMessage.requeued_at, mine)
        .where(OutboxMessage.id == lease.id)
        .with_for_update()
    ).one()
    if not held:
        return None
    expires = (requeued_at or lease.created_at) + policy.lifetime
    values: dict[str, object] = {"last_error": reason, "lease_owner": None}
    if permanent or now >= expires:
        values["status"] = status = OutboxStatus.FAILED
        if not permanent:
            values["last_error"] = f"{reason} (given up after {policy.lifetime} of trying)"
    else:
        status = OutboxStatus.PENDING
        values["next_attempt_at"] = min(now + policy.wait_after(lease.attempts), expires)
    connection.execute(
        update(OutboxMessage).where(OutboxMessage.id == lease.id, mine).values(**values)
    )
    return status


def reclaim_abandoned(sessions: sessionmaker[Session], now: datetime) -> int:
    """Make due at once the rows leased by processes of this host that are gone;
    return how many. Leases of live processes, or of other hosts, are left to run."""
    with sessions.begin() as session:
        connection = session.connection()
        held = connection.execute(
            select(OutboxMessage.lease_owner, func.count())
            .where(
                OutboxMessage.status == OutboxStatus.PENDING,
                OutboxMessage.lease_owner.is_not(None),
                OutboxMessage.next_attempt_at > now,
            )
            .group_by(OutboxMessage.lease_owner)
        )
        gone = [text for text, _count in held if _is_gone(text)]
        if not gone:
            return 0
        result = connection.execute(
            update(OutboxMessage)
            .where(
                OutboxMessage.status == OutboxStatus.PENDING,
                OutboxMessage.lease_owner.in_(gone),
            )
            .values(next_attempt_at=now, lease_owner=None)
        )
    count = int(result.rowcount or 0)
    log.info("outbox: took back %d mail(s) leased by ended process(es) %s", count, gone)
    return count


def _is_gone(text: str | None) -> bool:
    owner = LeaseOwner.parse(text or "")
    return owner is not None and is_gone(owner)


def requeue_outgoing(session: Session, ids: Sequence[int] | None, now: datetime) -> list[int]:
    """Put failed outgoing mail back in the queue, with a new lifetime from `now`:
    the rows `ids`, or every failed row with None. Returns the ids requeued."""
    query = select(OutboxMessage.id).where(OutboxMessage.status == OutboxStatus.FAILED)
    if ids is not None:
        query = query.where(OutboxMessage.id.in_(ids))
    found = list(session.scalars(query.with_for_update()))
    if found:
        session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id.in_(found))
            .values(status=OutboxStatus.PENDING, next_attempt_at=now, requeued_at=now,
                    lease_owner=None)
            .execution_options(synchronize_session=False)
        )
    return found
