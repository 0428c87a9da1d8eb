"""Rate limiting that neither drops mail nor lets a forger lock a player out.

One verdict (`judge.service.limits.hourly_limit`): a mail is judged by the mails received
before it. The SMTP intake refuses over-limit mail from peers that are not trusted
relays with 450 (the sending MTA keeps it), keyed on the envelope sender *and* the
connecting address (trusted relays: `tests/hostile/test_limit_switch.py`); mail past the
limit that reaches the processor is `declined`, never `done`, unless it signs on
with a valid password.
"""

from __future__ import annotations

import smtplib
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.e2e.judge_process import Judge, _body
from support.hostile.serving import HarnessFactory, Serve
from support.service.harness import build_mail

from judge.store.db import make_engine, make_session_factory
from judge.store.inbox import store_message
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

VICTIM = "gm@example.org"
# The burst: 16 connections at a time, half as many mails again as the limit lets in.
# The race it proves (mails in flight while the count reaches the limit) is the same
# at 30 past 20 as it was at 80 past 60, with 40 fewer mails to process.
BURST, BURST_LIMIT, CONNECTIONS = 30, 20, 16
UNTRUSTED = {"trusted_relays": ""}  # loopback is not a trusted relay in these tests


def _mail(sender: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "judge@example.org"
    message["Subject"] = "orders"
    message["Message-ID"] = make_msgid(domain="example.org")
    message.set_content(body)
    return message


def _smtp_send(judge: Judge, message: EmailMessage, source: str = "127.0.0.1") -> int:
    """Send one mail on its own connection; the SMTP code it got (250, 450...)."""
    try:
        with smtplib.SMTP("127.0.0.1", judge.port, timeout=60,
                          source_address=(source, 0)) as client:  # fmt: skip
            client.send_message(message)
    except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as refused:
        return refused.smtp_code  # at MAIL FROM, or at DATA (where the count is taken)
    return 250


def _statuses(database_url: str) -> dict[str, int]:
    engine = make_engine(database_url)
    try:
        with make_session_factory(engine)() as session:
            counts: dict[str, int] = {}
            for status in session.scalars(select(InboxMessage.status)):
                counts[str(status)] = counts.get(str(status), 0) + 1
            return counts
    finally:
        engine.dispose()


def test_concurrent_mails_past_the_limit_are_refused_or_handled_never_dropped(
    serve: Serve, database_url: str
) -> None:
    # The intake's own limit applies to peers that are not trusted relays.
    judge = serve(cheap=True, limits={"per_sender_per_hour": BURST_LIMIT}, smtp=UNTRUSTED)
    mails = [_mail("burst@example.org", "LIST") for _ in range(BURST)]
    with ThreadPoolExecutor(CONNECTIONS) as pool:
        codes = list(pool.map(lambda m: _smtp_send(judge, m), mails))
    accepted = [m for m, code in zip(mails, codes, strict=True) if code == 250]
    assert sorted(set(codes)) == [250, 450]
    assert len(accepted) == BURST_LIMIT
    wanted = {str(m["Message-ID"]) for m in accepted}
    judge.wait_for(
        lambda got: [1] if wanted <= {str(m["In-Reply-To"]) for m in got} else [],
        "a reply to every accepted mail",
    )
    assert _statuses(database_url) == {"done": BURST_LIMIT}


def test_a_forged_burst_does_not_lock_out_the_player(serve: Serve, database_url: str) -> None:
    judge = serve(cheap=True, limits={"per_sender_per_hour": 10}, smtp=UNTRUSTED)
    judge.send(VICTIM, "CREATE g1 gmpw standard")
    # A forger on another address floods with the player's envelope sender.
    forged = [_smtp_send(judge, _mail(VICTIM, "LIST"), "127.0.0.2") for _ in range(15)]
    assert forged.count(250) == 10 and forged.count(450) == 5
    # The player's own connection is not refused, and a mail that signs on is handled.
    assert _smtp_send(judge, _mail(VICTIM, "LIST")) == 250
    signed = _body(judge.send(VICTIM, "SIGNON Mg1 gmpw\nSET DEADLINE +2d"))
    assert "Signed on as the master of 'g1'." in signed
    statuses = _statuses(database_url)
    assert statuses.get("declined", 0) >= 1  # some forged LIST past the limit: declined
    assert "failed" not in statuses


def test_mail_stored_before_processing_is_judged_by_the_mails_before_it(
    harness: HarnessFactory, sessions: sessionmaker[Session]
) -> None:
    judge = harness(limits={"per_sender_per_hour": 5})
    for _ in range(8):  # all stored before any is processed (the old count dropped them all)
        store_message(sessions, bytes(build_mail("ann@example.org", "LIST")),
                      mail_from="ann@example.org", rcpt_tos=["judge@example.org"],
                      now=judge.clock.now())  # fmt: skip
    judge.process_pending()
    with sessions() as session:
        rows = session.scalars(select(InboxMessage).order_by(InboxMessage.id)).all()
        assert [row.status for row in rows] == [InboxStatus.DONE] * 5 + [InboxStatus.DECLINED] * 3
        assert {row.error for row in rows[5:]} == {"over the hourly limit of mails per sender"}
