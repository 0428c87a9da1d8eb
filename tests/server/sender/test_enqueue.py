"""`enqueue`: an outgoing mail joins the outbox inside the caller's transaction."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.store.models import OutboxMessage, OutboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def _message(**headers: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Judge <judge@example.org>"
    message["To"] = "ann@example.org"
    message["Subject"] = "Re: hello"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content("ok\n")
    return message


def _outbox(sessions: sessionmaker[Session]) -> list[OutboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_a_reply_is_queued_with_every_header_it_needs(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        enqueue(session, _message(), "reply", gate=no_mail_in(), now=clock.now())
    [row] = _outbox(sessions)
    headers = message_from_bytes(row.message)
    assert headers["Auto-Submitted"] == "auto-replied"
    assert headers["Date"] == "Thu, 01 Jan 2026 12:00:00 +0000"
    assert headers["Message-ID"].endswith("@example.org>")
    assert row.message_id == headers["Message-ID"]
    assert row.to_address == "ann@example.org"
    assert (row.status, row.attempts, row.kind) == (OutboxStatus.PENDING, 0, "reply")
    assert row.created_at == row.next_attempt_at == clock.now()
    assert b"\r\n" in row.message


def test_a_broadcast_is_marked_auto_generated_and_keeps_given_headers(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    given = _message(Message_ID="<given@example.org>", Date="Fri, 02 Jan 2026 00:00:00 +0000")
    with sessions.begin() as session:
        enqueue(session, given, "broadcast", gate=no_mail_in(), now=clock.now())
    headers = message_from_bytes(_outbox(sessions)[0].message)
    assert headers["Auto-Submitted"] == "auto-generated"
    assert headers["Message-ID"] == "<given@example.org>"
    assert headers["Date"] == "Fri, 02 Jan 2026 00:00:00 +0000"


def test_queued_mail_disappears_with_a_rolled_back_transaction(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions() as session:
        enqueue(session, _message(), "reply", gate=no_mail_in(), now=clock.now())
        session.rollback()
    assert _outbox(sessions) == []


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.replace_header("To", "a@example.org, b@example.org"),
        lambda m: m.__setitem__("Cc", "b@example.org"),
        lambda m: m.__delitem__("From"),
        lambda m: m.__delitem__("To"),
    ],
    ids=["two recipients", "cc", "no sender", "no recipient"],
)
def test_a_mail_must_have_one_sender_and_one_recipient(
    sessions: sessionmaker[Session], clock: ManualClock, change: object
) -> None:
    message = _message()
    change(message)  # type: ignore[operator]
    with sessions() as session, pytest.raises(ValueError):
        enqueue(session, message, "reply", gate=no_mail_in(), now=clock.now())
