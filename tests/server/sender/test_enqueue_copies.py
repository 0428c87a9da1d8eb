"""`enqueue_copies`: the same mail to many readers, built once, one outbox row each."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.outbox.enqueue import enqueue_copies
from judge.outbox.gate import no_mail_in
from judge.store.models import OutboxMessage, OutboxStatus

READERS = ["ann@example.org", "Jöns Bäck <jons@example.org>", "gm@example.org"]


def _message() -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Judge <judge@example.org>"
    message["To"] = "placeholder@example.org"
    message["Subject"] = "TEST:g1 - S1901M Results"
    message.set_content("Movement results for Spring of 1901.\n")
    return message


def _copies(sessions: sessionmaker[Session], clock: ManualClock) -> list[OutboxMessage]:
    with sessions.begin() as session:
        enqueue_copies(session, _message(), READERS, "results", gate=no_mail_in(), now=clock.now())
    with sessions() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_each_reader_gets_one_pending_row_addressed_to_them(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    rows = _copies(sessions, clock)
    assert [row.to_address for row in rows] == [
        "ann@example.org", "jons@example.org", "gm@example.org"
    ]  # fmt: skip
    assert {row.status for row in rows} == {OutboxStatus.PENDING}
    for row, reader in zip(rows, READERS, strict=True):
        mail = message_from_bytes(row.message, policy=default)
        assert mail.get_all("To") == [reader]
        assert mail["Subject"] == "TEST:g1 - S1901M Results"
        assert mail["Auto-Submitted"] == "auto-generated"
        assert mail.get_content().replace("\r\n", "\n") == "Movement results for Spring of 1901.\n"


def test_each_copy_has_its_own_message_id(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    rows = _copies(sessions, clock)
    ids = [message_from_bytes(row.message)["Message-ID"] for row in rows]
    assert ids == [row.message_id for row in rows]
    assert len(set(ids)) == len(READERS)
    assert all(i.endswith("@example.org>") for i in ids)


def test_a_name_outside_ascii_is_encoded_in_the_header(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    raw = _copies(sessions, clock)[1].message
    assert raw.isascii()
    assert b"To: =?utf-8?" in raw
