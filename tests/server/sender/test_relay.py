"""The SMTP relay transport, against a real aiosmtpd relay on loopback, and the
retry policy: 5xx fails for good, anything else is retried with back-off."""

from __future__ import annotations

import socket
from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.sender.sink import Sink, check_login, start_sink
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.mail.verp import bounce_address, outbox_id_of, verp_key
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due, make_transport
from judge.store.lease_owner import this_process
from judge.store.models import OutboxMessage, OutboxStatus
from judge.store.outbox import RetryPolicy, claim_due

MakeRelayConfig = Callable[..., Config]


@pytest.fixture
def sink(loop_thread: Any) -> Sink:
    sink = Sink()
    loop_thread.run(start_sink(sink))
    return sink


@pytest.fixture
def relay_config(database_url: str, make_config: Callable[..., Config]) -> MakeRelayConfig:
    def build(port: int, **outbound: Any) -> Config:
        settings = {"transport": "smtp", "relay_host": "127.0.0.1", "relay_port": port,
                    "backoff_seconds": 60, "max_backoff_seconds": 600, "lifetime": "1d",
                    **outbound}
        return make_config(database_url, outbound=settings)

    return build


def _queue(sessions: sessionmaker[Session], clock: ManualClock) -> None:
    message = EmailMessage()
    message["From"] = "judge@example.org"
    message["To"] = "ann@example.org"
    message["Subject"] = "Re: hello"
    message.set_content("ok\n")
    with sessions.begin() as session:
        enqueue(session, message, "reply", gate=no_mail_in(), now=clock.now())


def _row(sessions: sessionmaker[Session]) -> OutboxMessage:
    with sessions() as session:
        return session.scalars(select(OutboxMessage)).one()


def _after_delivering(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config
) -> OutboxMessage:
    _deliver(sessions, clock, config)
    return _row(sessions)


def _deliver(sessions: sessionmaker[Session], clock: ManualClock, config: Config) -> int:
    return deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)


def test_mail_is_handed_to_the_relay_from_the_judge_to_its_recipient(
    sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    relay_config: MakeRelayConfig,
) -> None:
    _queue(sessions, clock)
    config = relay_config(sink.port)
    assert _deliver(sessions, clock, config) == 1
    [received] = sink.received
    row = _row(sessions)
    # Its own return path (VERP), which names the row: a bounce says whose mail it was.
    assert received.mail_from == bounce_address(
        "judge@example.org", row.id, verp_key(config), "ann@example.org"
    )
    assert received.mail_from.startswith(f"judge+bounce-{row.id}-")
    assert outbox_id_of(received.mail_from, "judge@example.org", verp_key(config)) == row.id
    assert received.rcpt_tos == ["ann@example.org"]
    assert b"Auto-Submitted: auto-replied" in received.data
    row = _row(sessions)
    assert (row.status, row.attempts, row.sent_at) == (OutboxStatus.SENT, 1, clock.now())


def test_without_verp_the_envelope_sender_is_the_judge_address(
    sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    relay_config: MakeRelayConfig,
) -> None:
    _queue(sessions, clock)
    assert _deliver(sessions, clock, relay_config(sink.port, verp=False)) == 1
    [received] = sink.received
    assert received.mail_from == "judge@example.org"


def test_a_550_fails_the_mail_for_good(
    sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    relay_config: MakeRelayConfig,
) -> None:
    sink.answers.append("550 5.1.1 no such user")
    config = relay_config(sink.port)
    _queue(sessions, clock)
    assert _deliver(sessions, clock, config) == 0
    row = _row(sessions)
    assert (row.status, row.attempts) == (OutboxStatus.FAILED, 1)
    assert row.last_error is not None and row.last_error.startswith("550")
    clock.advance(timedelta(days=1))
    assert _deliver(sessions, clock, config) == 0
    assert sink.received == [] and _row(sessions).attempts == 1


def test_a_451_is_retried_after_the_back_off_and_then_sent(
    sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    relay_config: MakeRelayConfig,
) -> None:
    sink.answers.append("451 4.3.0 try later")
    config = relay_config(sink.port)
    _queue(sessions, clock)
    assert _deliver(sessions, clock, config) == 0
    row = _row(sessions)
    assert (row.status, row.attempts) == (OutboxStatus.PENDING, 1)
    assert row.next_attempt_at == clock.now() + timedelta(seconds=60)
    clock.advance(59)
    assert _deliver(sessions, clock, config) == 0 and sink.received == []
    clock.advance(1)
    assert _deliver(sessions, clock, config) == 1
    assert len(sink.received) == 1
    row = _row(sessions)
    assert (row.status, row.attempts) == (OutboxStatus.SENT, 2)


def test_temporary_failures_are_retried_for_the_lifetime_then_fail(
    sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    relay_config: MakeRelayConfig,
) -> None:
    sink.answers.extend(["451 4.3.0 try later"] * 1000)
    config = relay_config(sink.port)
    _queue(sessions, clock)
    created = clock.now()
    while (row := _after_delivering(sessions, clock, config)).status == OutboxStatus.PENDING:
        clock.advance(row.next_attempt_at - clock.now())
    assert row.status == OutboxStatus.FAILED and row.last_error is not None
    assert "451" in row.last_error and "given up after 1 day" in row.last_error
    # 60, 120, 240, 480 s, then every 10 minutes (the cap) until the day is over,
    # with the last try at the lifetime's very end.
    assert row.attempts == 4 + (86400 - 900) // 600 + 2
    assert clock.now() == created + timedelta(days=1) and sink.received == []


def test_an_unreachable_relay_keeps_the_mail_pending(
    sessions: sessionmaker[Session], clock: ManualClock, relay_config: MakeRelayConfig
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    _queue(sessions, clock)
    assert _deliver(sessions, clock, relay_config(closed_port)) == 0
    assert _row(sessions).status == OutboxStatus.PENDING


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_the_relay_login_is_used_and_a_refused_login_is_retried_later(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay_config: MakeRelayConfig,
) -> None:
    sink = Sink()
    loop_thread.run(start_sink(
        sink, auth_required=True, auth_require_tls=False,
        authenticator=check_login("relay", "secret"),
    ))
    _queue(sessions, clock)
    wrong = relay_config(sink.port, relay_username="relay", relay_password="wrong")
    assert _deliver(sessions, clock, wrong) == 0
    assert _row(sessions).status == OutboxStatus.PENDING
    clock.advance(timedelta(hours=1))
    right = relay_config(sink.port, relay_username="relay", relay_password="secret")
    assert _deliver(sessions, clock, right) == 1
    assert len(sink.received) == 1


def test_a_claimed_mail_is_not_claimed_again_while_being_sent(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    _queue(sessions, clock)
    lease = timedelta(minutes=5)
    assert len(claim_due(sessions, clock.now(), this_process(), lease, 50)) == 1
    assert claim_due(sessions, clock.now(), this_process(), lease, 50) == []
    clock.advance(lease)
    assert len(claim_due(sessions, clock.now(), this_process(), lease, 50)) == 1


def test_the_back_off_doubles_with_each_attempt_up_to_its_cap() -> None:
    policy = RetryPolicy(timedelta(seconds=60), timedelta(hours=1), timedelta(days=5))
    waits = [policy.wait_after(n).total_seconds() for n in (1, 2, 3, 4, 6, 7, 8, 500)]
    assert waits == [60, 120, 240, 480, 1920, 3600, 3600, 3600]
