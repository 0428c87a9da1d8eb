"""The addresses the judge's mail bounces from: marked by a bounce, cleared by a mail.

A bounce (a delivery status notification matched to one of our mails) marks its
recipient's address (`mark_bouncing`); the mark stays, counting the bounces, until
that address sends the judge a mail again (`clear_bouncing`). Addresses are kept in
lower case.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, delete, select
from sqlalchemy.orm import Session

from judge.store.models import BouncingAddress

DIAGNOSTIC_LENGTH = 1000  # characters of the reason kept


@dataclass(frozen=True)
class Marked:
    row: BouncingAddress
    new: bool  # the first bounce since the address last recovered


def mark_bouncing(session: Session, address: str, diagnostic: str, now: datetime) -> Marked:
    """Record one bounce of `address` (in the caller's transaction)."""
    key = address.strip().lower()
    row = session.get(BouncingAddress, key, with_for_update=True)
    reason = diagnostic[:DIAGNOSTIC_LENGTH] or None
    if row is None:
        row = BouncingAddress(
            address=key, first_bounce_at=now, last_bounce_at=now, bounces=1, diagnostic=reason
        )
        session.add(row)
        session.flush()
        return Marked(row, new=True)
    row.bounces += 1
    row.last_bounce_at = now
    row.diagnostic = reason or row.diagnostic
    return Marked(row, new=False)


_CLEAR = delete(BouncingAddress).where(BouncingAddress.address == bindparam("address"))


def clear_bouncing(session: Session, address: str) -> bool:
    """The address wrote to the judge, so mail reaches it again: drop its mark.
    Returns True when there was one. One indexed statement: run for every mail."""
    result = session.connection().execute(_CLEAR, {"address": address.strip().lower()})
    return bool(result.rowcount)


def bouncing_addresses(session: Session, limit: int = 200) -> list[BouncingAddress]:
    """The marked addresses, the most recent bounce first."""
    query = select(BouncingAddress).order_by(BouncingAddress.last_bounce_at.desc()).limit(limit)
    return list(session.scalars(query))
