"""Mail held for an unconfirmed address: sent when it confirms, failed visibly when
it never does (never dropped)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.service.confirming import held_mail
from judge.store.models import HeldMail, OutboxMessage, OutboxStatus


def _hold(session: Session, to: str, clock: ManualClock, text: bytes) -> None:
    session.add(HeldMail(to_address=to, message=text, message_id=f"<{text.decode()}@x>",
                         kind="results", created_at=clock.now()))  # fmt: skip


def test_held_mail_goes_out_on_confirmation_and_fails_visibly_when_never_confirmed(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        _hold(session, "kept@example.org", clock, b"one")
        _hold(session, "kept@example.org", clock, b"two")
        _hold(session, "silent@example.org", clock, b"three")
    clock.advance(timedelta(days=held_mail.HOLD_DAYS - 1))
    with sessions.begin() as session:
        assert held_mail.expire(session, clock.now()) == 0
        assert held_mail.release(session, "Kept@Example.org", clock.now()) == 2
    clock.advance(timedelta(days=2))
    with sessions.begin() as session:
        assert held_mail.expire(session, clock.now()) == 1
    with sessions() as session:
        rows = session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)).all()
        assert [(r.to_address, r.message, r.status) for r in rows] == [
            ("kept@example.org", b"one", OutboxStatus.PENDING),
            ("kept@example.org", b"two", OutboxStatus.PENDING),
            ("silent@example.org", b"three", OutboxStatus.FAILED),
        ]
        assert rows[2].last_error == held_mail.NEVER_CONFIRMED
        assert session.scalars(select(HeldMail)).all() == []
