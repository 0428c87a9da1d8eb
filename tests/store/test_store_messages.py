"""Storing a batch of received mails: one commit, each mail's id in the order given."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.store.inbox import ReceivedMail, store_message, store_messages
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


def _mail(number: int) -> ReceivedMail:
    raw = f"Message-ID: <m{number}@example.org>\r\nFrom: p{number}@example.org\r\n\r\nLIST\r\n"
    return ReceivedMail(raw.encode(), f"P{number}@Example.org", ("judge@example.org",))


def test_a_batch_gets_its_ids_in_order(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    first = store_message(sessions, b"x", mail_from="a@x.org", rcpt_tos=[], now=clock.now())
    mails = [_mail(n) for n in range(9)]
    ids = store_messages(sessions, mails, clock.now())
    assert ids == sorted(ids) and len(set(ids)) == 9 and ids[0] > first
    with sessions() as session:
        for number, (inbox_id, mail) in enumerate(zip(ids, mails, strict=True)):
            row = session.get(InboxMessage, inbox_id)
            assert row is not None and row.raw == mail.raw
            assert row.mail_from == f"p{number}@example.org"
            assert row.message_id == f"<m{number}@example.org>"
            assert row.rcpt_tos == ["judge@example.org"] and row.status == InboxStatus.NEW


def test_an_empty_batch_stores_nothing(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    assert store_messages(sessions, [], clock.now()) == []
    with sessions() as session:
        assert session.scalars(select(InboxMessage)).all() == []
