"""A sender fenced by its lease (issue 22, item 2).

Two senders on one database and a relay that is slow at every reply but within its
timeout (0.45 s a reply; timeout 0.5 s; lease 2 s, the least the config allows):
one mail's hand-over (greeting, EHLO, MAIL, RCPT, DATA, end of data) takes 2.7 s,
longer than the lease. Renewed only between mails, the lease ran out in the middle
of the first mail and the other sender sent it again. With the heartbeat
(`judge.server.lease_keeper`) the leases live as long as their sender does: each
mail reaches the relay once, and is claimed once.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select
from support.server.sender.processes import (
    queue_mails,
    relayed,
    start_relay,
    stop,
    unsent_counter,
    wait_until,
)
from support.variant_registry import WORKER_REGISTRY

from judge.clock import SystemClock
from judge.config import Config
from judge.server.sender import deliver_due, make_transport
from judge.store.db import make_engine, make_session_factory
from judge.store.lease_owner import LeaseOwner
from judge.store.models import OutboxMessage

# The store path differs; real processes; mostly waiting on a relay slow on purpose.
pytestmark = [pytest.mark.postgres_copy, pytest.mark.slow, pytest.mark.waits]

FIRST = LeaseOwner("judge.test", 7, "t1", "aaaa", "boot.ns")
SECOND = LeaseOwner("judge.test", 7, "t1", "bbbb", "boot.ns")  # same host, pid, start


def test_two_senders_and_a_relay_slow_at_every_reply_send_each_mail_once(
    database_url: str, make_config: Callable[..., Config], tmp_path: Path
) -> None:
    relay, port, log = start_relay(tmp_path, delay=0.45, every_reply=True)
    engine = make_engine(database_url)
    try:
        config = make_config(database_url, outbound={
            "transport": "smtp", "relay_host": "127.0.0.1", "relay_port": port,
            "relay_timeout_seconds": 0.5, "lease_seconds": 2,
        })  # fmt: skip
        wanted = queue_mails(database_url, 2)
        sessions = make_session_factory(engine)
        clock = SystemClock()

        def owners() -> list[str | None]:
            with sessions() as session:
                return list(session.scalars(select(OutboxMessage.lease_owner)))

        first = threading.Thread(target=deliver_due, args=(
            sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY,
            FIRST))  # fmt: skip
        first.start()  # takes both mails in one batch
        wait_until(lambda: owners() == [str(FIRST)] * 2, "the first sender's leases")
        done = threading.Event()

        def second_sender() -> None:  # polls all along, as a second daemon does
            transport = make_transport(config.outbound)
            while not done.wait(0.05):
                deliver_due(sessions, transport, clock, config, WORKER_REGISTRY, SECOND)

        second = threading.Thread(target=second_sender)
        second.start()
        first.join()
        with unsent_counter(database_url) as unsent:
            wait_until(lambda: unsent() == 0, "every mail sent", every=0.1)
        done.set()
        second.join()
        with sessions() as session:
            attempts = list(session.scalars(select(OutboxMessage.attempts)))
    finally:
        engine.dispose()
        stop(relay)
    counts = Counter(relayed(log))
    assert set(counts) == wanted
    assert max(counts.values()) == 1, counts  # 0 duplicates at the relay
    assert attempts == [1, 1]  # nobody else ever claimed them
