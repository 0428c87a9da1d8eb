"""The maildir transport: each outgoing mail becomes one file in `<maildir>/new/`."""

from __future__ import annotations

from collections.abc import Callable
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due, make_transport
from judge.store.models import OutboxMessage, OutboxStatus


def _queue(sessions: sessionmaker[Session], clock: ManualClock, *recipients: str) -> None:
    with sessions.begin() as session:
        for to in recipients:
            message = EmailMessage()
            message["From"] = "judge@example.org"
            message["To"] = to
            message["Subject"] = "TEST:g1 - S1901M Results"
            message.set_content("results\n")
            enqueue(session, message, "broadcast", game_id=None, gate=no_mail_in(), now=clock.now())


def _statuses(sessions: sessionmaker[Session]) -> list[OutboxStatus]:
    with sessions() as session:
        return list(session.scalars(select(OutboxMessage.status).order_by(OutboxMessage.id)))


def test_each_mail_is_one_file_in_new_with_its_headers(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config],
) -> None:
    config = make_config(database_url)
    _queue(sessions, clock, "ann@example.org", "bob@example.org")
    sent = deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    maildir = config.outbound.maildir
    files = sorted((maildir / "new").iterdir())
    assert sent == 2 and len(files) == 2
    assert list((maildir / "tmp").iterdir()) == [] and (maildir / "cur").is_dir()
    messages = [message_from_bytes(path.read_bytes()) for path in files]
    assert sorted(m["To"] for m in messages) == ["ann@example.org", "bob@example.org"]
    for message in messages:
        assert message["From"] == "judge@example.org"
        assert message["Date"] and message["Message-ID"]
        assert message["Auto-Submitted"] == "auto-generated"
    assert all(b"\r\n" not in path.read_bytes() for path in files)
    assert _statuses(sessions) == [OutboxStatus.SENT, OutboxStatus.SENT]


def test_sent_mail_is_not_written_again(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config],
) -> None:
    config = make_config(database_url)
    _queue(sessions, clock, "ann@example.org")
    transport = make_transport(config.outbound)
    deliver_due(sessions, transport, clock, config, WORKER_REGISTRY)
    clock.advance(3600)
    assert deliver_due(sessions, transport, clock, config, WORKER_REGISTRY) == 0
    assert len(list((config.outbound.maildir / "new").iterdir())) == 1


def test_an_unwritable_maildir_keeps_the_mail_pending(
    sessions: sessionmaker[Session], clock: ManualClock, database_url: str,
    make_config: Callable[..., Config], tmp_path: Path,
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    config = make_config(database_url, outbound={"maildir": str(blocker)})
    _queue(sessions, clock, "ann@example.org")
    sent = deliver_due(sessions, make_transport(config.outbound), clock, config, WORKER_REGISTRY)
    assert sent == 0
    with sessions() as session:
        row = session.scalars(select(OutboxMessage)).one()
        assert row.status == OutboxStatus.PENDING and row.attempts == 1
        assert row.last_error is not None and "maildir" in row.last_error
