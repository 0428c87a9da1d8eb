"""A relay that refuses the recipient at RCPT (`550 5.1.1 user unknown`) bounced the
mail before any DSN could: the address is marked bouncing at once (issue 22.4). A
refusal that is about us, not the address (`5.7.1 relaying denied`), only fails it."""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.sender.sink import Sink, start_sink
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due, make_transport
from judge.server.smtp_relay import refuses_the_address
from judge.store.models import BouncingAddress, OutboxMessage, OutboxStatus


@pytest.fixture
def sink(loop_thread: Any) -> Sink:
    sink = Sink()
    loop_thread.run(start_sink(sink))
    return sink


def _send_one(
    sessions: sessionmaker[Session], clock: ManualClock, config: Config
) -> tuple[OutboxMessage, list[BouncingAddress]]:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "judge@example.org", "Ann@Example.org", "x"
    message.set_content("ok\n")
    with sessions.begin() as session:
        enqueue(session, message, "reply", gate=no_mail_in(), now=clock.now())
    deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    with sessions() as session:
        row = session.scalars(select(OutboxMessage)).one()
        return row, list(session.scalars(select(BouncingAddress)))


@pytest.mark.parametrize(
    ("answer", "bouncing"),
    [("550 5.1.1 <Ann@Example.org>: user unknown", True), ("550 5.7.1 relaying denied", False)],
)
def test_a_recipient_refused_at_rcpt_is_a_bounce_of_that_address(
    sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    database_url: str, make_config: Callable[..., Config], answer: str, bouncing: bool,
) -> None:
    sink.answers.append(answer)
    config = make_config(database_url, outbound={
        "transport": "smtp", "relay_host": "127.0.0.1", "relay_port": sink.port})  # fmt: skip

    row, marked = _send_one(sessions, clock, config)

    assert row.status == OutboxStatus.FAILED and sink.received == []
    assert [(m.address, m.bounces) for m in marked] == ([("ann@example.org", 1)] if bouncing
                                                        else [])  # fmt: skip
    if bouncing:
        assert marked[0].diagnostic is not None and "user unknown" in marked[0].diagnostic


def test_which_refusals_speak_of_the_address() -> None:
    assert refuses_the_address(550, b"5.1.1 <a@b>: Recipient address rejected: User unknown")
    assert refuses_the_address(552, "5.2.2 mailbox full")
    assert refuses_the_address(550, "No such user here")  # no enhanced status
    assert not refuses_the_address(554, "5.7.1 <a@b>: Relay access denied")
    assert not refuses_the_address(550, "relaying denied")
    assert not refuses_the_address(450, "4.1.1 try later")
