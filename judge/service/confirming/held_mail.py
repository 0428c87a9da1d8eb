"""Mail held for an address that has not confirmed yet: sent when it confirms, else
failed visibly.

No game mail is ever dropped by the confirmation filter (`judge.outbox.gate`,
`judge.service.game_mail.mailing.broadcast`): a mail for an unconfirmed address waits in
`held_mail`. When the address confirms, its mail moves to the outbox in the same
transaction, in the order it was made, and goes out. Mail that waited `HOLD_DAYS`
(or whose address said STOP) moves to the outbox as `failed`, with the reason, so
`judge status` and `judge retry --outbox` see it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.store.held_mail_rows import delete_held, held_before, held_for
from judge.store.models import HeldMail, OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

HOLD_DAYS = 7
NEVER_CONFIRMED = f"held {HOLD_DAYS} days for an address that never confirmed it reads this judge"


def release(session: Session, address: str, now: datetime, *, game_id: int | None = None) -> int:
    """Queue every mail held for `address` (lower case), or only that of game
    `game_id` (once the address asked for that game); how many."""
    held = held_for(session, address.strip().lower(), game_id=game_id)
    return _move(session, held, now, None)


def drop(session: Session, address: str, now: datetime, reason: str) -> int:
    """Fail every mail held for `address`, visibly, with `reason`."""
    return _move(session, held_for(session, address.strip().lower()), now, reason)


def expire(session: Session, now: datetime) -> int:
    """Fail the mail held longer than `HOLD_DAYS` (in the caller's transaction)."""
    old = held_before(session, now - timedelta(days=HOLD_DAYS))
    count = _move(session, old, now, NEVER_CONFIRMED)
    if count:
        log.warning("held mail: %d mail(s) expired unsent (%s)", count, NEVER_CONFIRMED)
    return count


def _move(session: Session, held: list[HeldMail], now: datetime, failure: str | None) -> int:
    for row in held:
        session.add(OutboxMessage(
            to_address=row.to_address, message=row.message, message_id=row.message_id,
            kind=row.kind, game_id=row.game_id, map_id=row.map_id, created_at=row.created_at,
            status=OutboxStatus.PENDING if failure is None else OutboxStatus.FAILED,
            attempts=0, next_attempt_at=now, requeued_at=now if failure is None else None,
            last_error=failure,
        ))  # fmt: skip
    if held:
        delete_held(session, [row.id for row in held])
        session.flush()
    return len(held)
