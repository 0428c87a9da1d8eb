"""Leases with owners: a restarted judge takes back the leases of a dead process of
its host at once (and only those), a batch renews its leases before they run out,
and a mail whose lease another sender took over is skipped, not sent twice."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config, ConfigError
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due
from judge.server.transports import Outgoing, Settle
from judge.store.lease_owner import LeaseOwner, is_gone, this_process
from judge.store.models import OutboxMessage, OutboxStatus
from judge.store.outbox import claim_due, reclaim_abandoned

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

LEASE = timedelta(minutes=5)


def _queue(sessions: sessionmaker[Session], clock: ManualClock, count: int) -> None:
    with sessions.begin() as session:
        for n in range(count):
            message = EmailMessage()
            message["From"] = "judge@example.org"
            message["To"] = f"p{n}@example.org"
            message.set_content("hi\n")
            enqueue(session, message, "notice", gate=no_mail_in(), now=clock.now())


def _ended_process() -> LeaseOwner:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        me = this_process()
        owner = LeaseOwner(me.host, child.pid, _start_of(child.pid), "0123", me.space)
    finally:
        child.kill()
        child.wait()
    return owner


def _start_of(pid: int) -> str:
    from judge.store import lease_owner

    return lease_owner._start_of(pid) or "token"


def test_who_is_gone() -> None:
    me = this_process()
    assert not is_gone(me)
    assert is_gone(_ended_process())
    assert is_gone(replace(me, start="t1"))  # our pid, an earlier process (a container)
    assert not is_gone(replace(me, host="elsewhere.example"))  # cannot tell: let it run
    assert LeaseOwner.parse(str(me)) == me
    assert LeaseOwner.parse("no owner") is None


def test_a_restart_takes_back_only_the_dead_process_leases(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    _queue(sessions, clock, 6)
    dead, live = _ended_process(), this_process()
    other_host = LeaseOwner("elsewhere.example", 1, "t1")
    for owner in (dead, live, other_host):
        assert len(claim_due(sessions, clock.now(), owner, LEASE, 2)) == 2
    assert reclaim_abandoned(sessions, clock.now()) == 2
    due = claim_due(sessions, clock.now(), live, LEASE, 10)
    assert [lease.id for lease in due] == [1, 2]  # the dead one's, due at once


class Recorder:
    """A transport that takes a while per mail (on the manual clock) and notes each."""

    def __init__(self, clock: ManualClock, seconds: float, before: Callable[[], Any]) -> None:
        self.clock, self.seconds, self.before = clock, seconds, before
        self.sent: list[str] = []

    def send_many(self, sender: str, mails: Any, settle: Settle) -> None:
        for mail in mails:
            assert isinstance(mail, Outgoing)
            self.before()
            self.clock.advance(self.seconds)
            self.sent.append(mail.recipient)
            settle([(mail, None)])


def test_a_long_batch_renews_its_leases_and_skips_a_mail_taken_over(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config],
) -> None:
    config = make_config(database_url, outbound={"lease_seconds": 300,
                                                 "relay_timeout_seconds": 60})  # fmt: skip
    _queue(sessions, clock, 10)

    def lease_ends() -> list[Any]:
        with sessions() as session:
            return list(session.scalars(
                select(OutboxMessage.next_attempt_at).where(OutboxMessage.status == "pending")
            ))  # fmt: skip

    ends_seen: list[Any] = []

    def before_each() -> None:
        ends_seen.append((clock.now(), min(lease_ends())))
        if len(ends_seen) == 6:  # another sender has taken row 9 over meanwhile
            with sessions.begin() as session:
                session.execute(update(OutboxMessage).where(OutboxMessage.id == 9).values(
                    lease_owner="elsewhere.example/1/t1",
                    next_attempt_at=clock.now() + timedelta(days=1),
                ))  # fmt: skip

    transport = Recorder(clock, 60, before_each)  # 10 mails x 60 s: twice the lease
    assert deliver_due(sessions, transport, clock, config, WORKER_REGISTRY) == 9
    assert "p8@example.org" not in transport.sent and len(set(transport.sent)) == 9
    # whenever a mail went, no lease of the batch had run out
    assert all(end > now for now, end in ends_seen)
    with sessions() as session:
        row = session.get(OutboxMessage, 9)
        assert row is not None and row.status == OutboxStatus.PENDING


def test_the_retired_max_attempts_is_ignored_with_a_warning(
    make_config: Callable[..., Config], caplog: pytest.LogCaptureFixture
) -> None:
    """An operator's old judge.toml still loads after the upgrade: the judge must not
    stop (nor `deliver` defer every mail) over a key that no longer means anything."""
    config = make_config("sqlite://", outbound={"max_attempts": 8})
    assert config.outbound.lifetime == "5d"
    assert "[outbound] max_attempts is ignored" in caplog.text
    assert "retried for [outbound] lifetime" in caplog.text


@pytest.mark.parametrize(
    ("outbound", "message"),
    [
        ({"lifetime": "forever"}, "not a duration"),
        ({"lifetime": "0d"}, "lifetime must be positive"),
        ({"lease_seconds": 60, "relay_timeout_seconds": 30}, "at least 4 x"),
        ({"max_backoff_seconds": 10}, "at least backoff_seconds"),
    ],
)
def test_outbound_settings_are_checked(
    outbound: dict[str, Any], message: str, make_config: Callable[..., Config]
) -> None:
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        make_config("sqlite://", outbound=outbound)
