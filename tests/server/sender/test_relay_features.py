"""What the relay is offered, against real aiosmtpd relays that do or do not offer
8BITMIME and SMTPUTF8: 8-bit bodies go with BODY=8BITMIME or as 7-bit, non-ASCII
addresses only with SMTPUTF8 (else that one mail fails for good, with the reason),
one connection carries the batch, and EHLO says the configured name."""

from __future__ import annotations

from collections.abc import Callable
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import SMTPUTF8, default
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.sender.sink import Sink, start_sink
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.enqueue import enqueue, enqueue_raw
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due, make_transport
from judge.store.models import OutboxMessage, OutboxStatus

GREETING = "Grüße aus München: Zürich hält.\n"


@pytest.fixture
def relay(database_url: str, make_config: Callable[..., Config]) -> Callable[..., Config]:
    def build(port: int, **outbound: Any) -> Config:
        settings = {"transport": "smtp", "relay_host": "127.0.0.1", "relay_port": port,
                    "relay_timeout_seconds": 10, **outbound}  # fmt: skip
        return make_config(database_url, outbound=settings)

    return build


def _start(loop_thread: Any, **options: Any) -> Sink:
    sink = Sink(offer_8bitmime=options.pop("offer_8bitmime", True))
    loop_thread.run(start_sink(sink, **options))
    return sink


def _queue_eight_bit(sessions: sessionmaker[Session], clock: ManualClock, to: str) -> None:
    message = EmailMessage()
    message["From"] = "judge@example.org"
    message["To"] = to
    message["Subject"] = "TEST:g1 - Grüße"
    message.set_content(GREETING, cte="8bit")
    with sessions.begin() as session:
        enqueue(session, message, "notice", gate=no_mail_in(), now=clock.now())


def _queue_international(sessions: sessionmaker[Session], clock: ManualClock) -> None:
    message = EmailMessage(policy=SMTPUTF8)
    message["From"] = "judge@example.org"
    message["To"] = "jürgen@bücher.example"
    message["Subject"] = "hello"
    message["Message-ID"] = "<intl@example.org>"
    message["Date"] = "Thu, 01 Jan 2026 12:00:00 +0000"
    message.set_content(GREETING, cte="8bit")
    with sessions.begin() as session:
        enqueue_raw(session, message.as_bytes(), to_address="jürgen@bücher.example",
                    message_id="<intl@example.org>", kind="notice", gate=no_mail_in(),
                    now=clock.now())  # fmt: skip


def _send(sessions: sessionmaker[Session], clock: ManualClock, config: Config) -> int:
    return deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)


def _rows(sessions: sessionmaker[Session]) -> list[OutboxMessage]:
    with sessions() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def _text(data: bytes) -> str:
    content = message_from_bytes(data, policy=default).get_content()  # type: ignore[attr-defined]
    return str(content)


def test_an_eight_bit_body_goes_with_body_8bitmime_when_offered(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay: Callable[..., Config],
) -> None:
    sink = _start(loop_thread)
    _queue_eight_bit(sessions, clock, "ann@example.org")
    assert _send(sessions, clock, relay(sink.port)) == 1
    [received] = sink.received
    assert "BODY=8BITMIME" in received.mail_options
    assert GREETING.encode() in received.data.replace(b"\r\n", b"\n")


def test_an_eight_bit_body_is_made_seven_bit_for_a_relay_without_8bitmime(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay: Callable[..., Config],
) -> None:
    sink = _start(loop_thread, offer_8bitmime=False)
    _queue_eight_bit(sessions, clock, "ann@example.org")
    assert _send(sessions, clock, relay(sink.port)) == 1
    [received] = sink.received
    assert not any(o.startswith("BODY") for o in received.mail_options)
    assert received.data.isascii()
    assert b"Content-Transfer-Encoding: quoted-printable" in received.data
    assert b"=0D" not in received.data  # line ends stay line ends
    assert _text(received.data).replace("\r\n", "\n") == GREETING


def test_a_non_ascii_address_goes_with_smtputf8_when_offered(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay: Callable[..., Config],
) -> None:
    sink = _start(loop_thread, enable_SMTPUTF8=True)
    _queue_international(sessions, clock)
    assert _send(sessions, clock, relay(sink.port)) == 1
    [received] = sink.received
    assert received.rcpt_tos == ["jürgen@bücher.example"]
    assert "SMTPUTF8" in received.mail_options
    assert "To: jürgen@bücher.example".encode() in received.data


def test_without_smtputf8_only_the_non_ascii_mail_fails_and_says_why(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay: Callable[..., Config],
) -> None:
    sink = _start(loop_thread)
    _queue_eight_bit(sessions, clock, "ann@example.org")
    _queue_international(sessions, clock)
    _queue_eight_bit(sessions, clock, "bob@example.org")
    assert _send(sessions, clock, relay(sink.port)) == 2
    assert [r.rcpt_tos for r in sink.received] == [["ann@example.org"], ["bob@example.org"]]
    ann, jurgen, bob = _rows(sessions)
    assert ann.status == bob.status == OutboxStatus.SENT
    assert jurgen.status == OutboxStatus.FAILED
    assert jurgen.last_error is not None and "does not offer SMTPUTF8" in jurgen.last_error


def test_a_batch_goes_over_one_connection_saying_the_configured_name(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay: Callable[..., Config],
) -> None:
    sink = _start(loop_thread)
    sink.answers.append("450 4.2.0 mailbox busy")  # a refused mail keeps the connection
    for n in range(12):
        _queue_eight_bit(sessions, clock, f"p{n}@example.org")
    assert _send(sessions, clock, relay(sink.port, helo_name="judge.example.org")) == 11
    assert sink.helo_names == ["judge.example.org"]
    assert len(sink.received) == 11


def test_a_relay_closing_mid_batch_defers_the_rest_without_a_connection_each(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any,
    relay: Callable[..., Config],
) -> None:
    sink = _start(loop_thread)
    for n in range(5):
        _queue_eight_bit(sessions, clock, f"p{n}@example.org")
    sink.answers.append("421 4.3.2 shutting down")  # the first mail's RCPT
    config = relay(sink.port)
    assert _send(sessions, clock, config) == 0
    assert len(sink.helo_names) == 1
    rows = _rows(sessions)
    assert [row.status for row in rows] == ["pending"] * 5
    assert all("421 4.3.2 shutting down" in (row.last_error or "") for row in rows)
    clock.advance(60)
    assert _send(sessions, clock, config) == 5
    assert len(sink.helo_names) == 2 and len(sink.received) == 5
