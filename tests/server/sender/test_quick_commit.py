"""The sender's outcomes are committed without waiting for the disk (issue 31.6).

A SIGKILL between the relay's 250 and the commit that marks the mail sent sends it
again after the restart. The durable commit's fsync was most of that window (and
most of each mail's cycle over loopback), so a kill at a random moment sent a mail
twice about every second time (bench/sigkill_relay.py). The outcome is now
committed with SQLite's `synchronous=NORMAL` (PostgreSQL: `synchronous_commit =
off`): it survives a killed process; only a power loss could lose it, and then the
mail goes again: a duplicate, never a loss. Every other transaction stays durable.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, select, text
from sqlalchemy.orm import Session, sessionmaker

import judge.server.sender as sender_module
from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.enqueue import enqueue
from judge.server.quick_commit import quick_transaction
from judge.server.sender import deliver_due, make_transport
from judge.store.db import is_postgres, make_session_factory
from judge.store.models import OutboxMessage, OutboxStatus
from server.sender.sink import Sink, start_sink

SQLITE_FULL, SQLITE_NORMAL = 2, 1  # PRAGMA synchronous, as SQLite reports it


def _durability(connection: Connection) -> str:
    """How this connection's commits wait for the disk: "full"/"normal" (SQLite),
    "on"/"off" (PostgreSQL)."""
    if connection.dialect.name == "postgresql":
        return str(connection.exec_driver_sql("SHOW synchronous_commit").scalar())
    level = connection.exec_driver_sql("PRAGMA synchronous").scalar()
    return {SQLITE_FULL: "full", SQLITE_NORMAL: "normal"}.get(int(level or 0), str(level))


def _quick_and_durable(engine: Engine) -> tuple[str, str]:
    return ("off", "on") if is_postgres(engine) else ("normal", "full")


def test_a_quick_transaction_commits_unsynced_and_leaves_the_connection_durable(
    engine: Engine,
) -> None:
    sessions = make_session_factory(engine)
    quick, durable = _quick_and_durable(engine)
    with quick_transaction(sessions) as session:
        assert _durability(session.connection()) == quick
        session.execute(text("CREATE TABLE quick_probe (x INTEGER)"))
        session.execute(text("INSERT INTO quick_probe VALUES (1)"))
    for _ in range(3):  # every pooled connection after it commits durably again
        with engine.connect() as connection:
            assert _durability(connection) == durable
            assert connection.exec_driver_sql("SELECT x FROM quick_probe").scalars().all() == [1]


def test_a_quick_transaction_that_raises_is_rolled_back_and_restored(engine: Engine) -> None:
    sessions = make_session_factory(engine)
    _quick, durable = _quick_and_durable(engine)
    with sessions.begin() as session:
        session.execute(text("CREATE TABLE quick_probe (x INTEGER)"))
    with pytest.raises(RuntimeError, match="changed my mind"):
        with quick_transaction(sessions) as session:
            session.execute(text("INSERT INTO quick_probe VALUES (1)"))
            raise RuntimeError("changed my mind")
    with engine.connect() as connection:
        assert _durability(connection) == durable
        assert connection.exec_driver_sql("SELECT count(*) FROM quick_probe").scalar() == 0


@pytest.fixture
def sink(loop_thread: Any) -> Sink:
    sink = Sink()
    loop_thread.run(start_sink(sink))
    return sink


def test_the_sender_marks_mail_sent_in_a_quick_transaction(
    engine: Engine, sessions: sessionmaker[Session], clock: ManualClock, sink: Sink,
    database_url: str, make_config: Callable[..., Config], monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = make_config(database_url, outbound={
        "transport": "smtp", "relay_host": "127.0.0.1", "relay_port": sink.port})  # fmt: skip
    with sessions.begin() as session:
        for number in range(3):
            message = EmailMessage()
            message["From"], message["To"] = "judge@example.org", f"p{number}@example.org"
            message["Subject"] = "Re: orders"
            message.set_content("ok\n")
            enqueue(session, message, "reply", now=clock.now() - timedelta(seconds=1))
    seen: list[str] = []
    real_record_sent = sender_module.record_sent

    def record_sent(connection: Connection, *args: Any) -> set[int]:
        seen.append(_durability(connection))
        return real_record_sent(connection, *args)

    monkeypatch.setattr(sender_module, "record_sent", record_sent)

    assert deliver_due(sessions, make_transport(config.outbound), clock, config) == 3

    quick, durable = _quick_and_durable(engine)
    assert seen == [quick] * 3  # one commit per mail, right after its 250, unsynced
    assert len(sink.received) == 3
    with sessions() as session:
        statuses = session.scalars(select(OutboxMessage.status)).all()
        assert set(statuses) == {OutboxStatus.SENT}
        assert _durability(session.connection()) == durable
