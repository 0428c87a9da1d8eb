"""The SMTP listener, on a real loopback socket, spoken to with smtplib."""

from __future__ import annotations

import logging
import smtplib
from email.policy import SMTP
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session, sessionmaker
from support.server.intake.helpers import StartListener, mail

from judge.clock import ManualClock
from judge.mail.header_facts import HeaderFacts
from judge.mail.read import read_stored
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def _inbox(sessions: sessionmaker[Session]) -> list[InboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))


def test_a_mail_is_stored_before_the_250(
    start_listener: StartListener, sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    listener = start_listener()
    with listener.client() as client:
        client.send_message(mail(1), from_addr="Ann@Example.org", to_addrs=["judge@example.org"])
    [row] = _inbox(sessions)
    assert listener.stored == [row.id]
    assert row.status == InboxStatus.NEW
    assert row.mail_from == "ann@example.org"
    assert row.rcpt_tos == ["judge@example.org"]
    assert row.message_id == "<m1@example.org>"
    assert row.received_at == clock.now()
    assert b"Subject: hello" in row.raw and b"HELP" in row.raw
    facts = HeaderFacts.from_json(row.header_facts)  # its header block, read once, kept
    assert facts is not None and facts.sender == "ann@example.org"
    assert facts.subject == "hello" and facts.message_id == row.message_id
    assert read_stored(row.raw, row.header_facts, "judge@example.org").lines == ("HELP",)


def test_the_judge_address_is_matched_without_regard_to_case(
    start_listener: StartListener, sessions: sessionmaker[Session]
) -> None:
    listener = start_listener()
    with listener.client() as client:
        client.sendmail("ann@example.org", ["JUDGE@Example.ORG"], mail(1).as_bytes(policy=SMTP))
    assert len(_inbox(sessions)) == 1


def test_a_bounce_is_logged_from_the_null_sender_as_stored(
    start_listener: StartListener, sessions: sessionmaker[Session],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """`MAIL FROM:<>` (a bounce): the log says `<>`, as the processed line does, not
    `<<>>` (seen in a deployment's log)."""
    listener = start_listener()
    with caplog.at_level(logging.INFO, logger="judge.server.intake"), listener.client() as client:
        client.sendmail("<>", ["judge@example.org"], mail(1).as_bytes(policy=SMTP))
    [row] = _inbox(sessions)
    assert row.mail_from == ""
    assert f"inbox {row.id}: received from <> by 127.0.0.1, " in caplog.text, caplog.text


def test_mail_for_another_address_is_refused_with_550(
    start_listener: StartListener, sessions: sessionmaker[Session]
) -> None:
    listener = start_listener()
    with listener.client() as client:
        client.ehlo()
        client.mail("ann@example.org")
        code, text = client.rcpt("someone@example.org")
    assert code == 550 and text.startswith(b"5.1.1")
    assert _inbox(sessions) == []


def test_the_size_limit_is_advertised(start_listener: StartListener) -> None:
    listener = start_listener(smtp={"max_message_bytes": 5000})
    with listener.client() as client:
        client.ehlo()
        assert client.esmtp_features["size"] == "5000"


def test_a_mail_over_the_size_limit_is_refused_with_552(
    start_listener: StartListener, sessions: sessionmaker[Session]
) -> None:
    listener = start_listener(smtp={"max_message_bytes": 5000})
    big = mail(1, body=("x" * 70 + "\n") * 100).as_bytes(policy=SMTP)
    with listener.client() as client:
        client.ehlo()
        assert client.mail("ann@example.org")[0] == 250  # no SIZE= given
        assert client.rcpt("judge@example.org")[0] == 250
        code, _ = client.data(big)
    assert code == 552
    assert _inbox(sessions) == []


def test_a_declared_size_over_the_limit_is_refused_at_mail_from(
    start_listener: StartListener,
) -> None:
    listener = start_listener(smtp={"max_message_bytes": 5000})
    with listener.client() as client:
        client.ehlo()
        code, _ = client.mail("ann@example.org", ["SIZE=6000"])
    assert code == 552


def test_a_storage_failure_answers_451_and_stores_nothing(
    start_listener: StartListener, sessions: sessionmaker[Session]
) -> None:
    listener = start_listener()

    def fail_commit(connection: Any) -> None:
        raise RuntimeError("disk full")

    engine = sessions.kw["bind"]  # the intake's mail is stored by the processor's thread
    event.listen(engine, "commit", fail_commit)
    try:
        with listener.client() as client, pytest.raises(smtplib.SMTPDataError) as refused:
            client.send_message(mail(1))
    finally:
        event.remove(engine, "commit", fail_commit)
    assert refused.value.smtp_code == 451
    assert _inbox(sessions) == []
    assert listener.stored == []


def test_a_sender_over_the_hourly_limit_is_told_to_come_back_later(
    start_listener: StartListener, sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    # Loopback is a trusted relay by default (never limited at intake): not here.
    listener = start_listener(limits={"per_sender_per_hour": 2}, smtp={"trusted_relays": ""})
    with listener.client() as client:
        client.send_message(mail(1))
        client.send_message(mail(2))
        with pytest.raises(smtplib.SMTPSenderRefused) as refused:
            client.send_message(mail(3))
        assert refused.value.smtp_code == 450
        client.rset()
        client.send_message(mail(4, sender="bob@example.org"))
        clock.advance(3601)
        client.send_message(mail(5))
    assert len(_inbox(sessions)) == 4
