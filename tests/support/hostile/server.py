"""A real `judge serve` for the hostile-mail tests, and what they ask of it.

One server per test module (the attacks do not interfere: each mail has its own
Message-ID and is judged on its own inbox row), on a SQLite file, with the
service's real handler and cheap password hashes. The tests talk SMTP to it,
read its maildir outbox, its inbox table, and the server's peak RSS (VmHWM).
"""

from __future__ import annotations

import smtplib
import time
from dataclasses import dataclass
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import cast

from sqlalchemy import select

from judge.store.db import make_engine, make_session_factory
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage
from support.server.intake.helpers import ServeProcess

TIMEOUT = 120.0
JUDGE = "judge@example.org"


@dataclass
class HostileJudge:
    serve: ServeProcess
    port: int
    database_url: str
    maildir: Path

    def send(self, raw: bytes, mail_from: str = "mallory@example.org") -> None:
        with smtplib.SMTP("127.0.0.1", self.port, timeout=60) as client:
            client.sendmail(mail_from, [JUDGE], raw)

    def row(self, message_id: str) -> InboxMessage:
        """The inbox row of the mail with this Message-ID, once it is processed."""
        engine = make_engine(self.database_url)
        deadline = time.monotonic() + TIMEOUT
        try:
            while time.monotonic() < deadline:
                with make_session_factory(engine)() as session:
                    query = select(InboxMessage).where(InboxMessage.message_id == message_id)
                    found = session.scalars(query).first()
                    if found is not None and found.status is not InboxStatus.NEW:
                        session.expunge(found)
                        return found
                time.sleep(0.05)
        finally:
            engine.dispose()
        raise AssertionError(f"{message_id} was not processed in {TIMEOUT} s")

    def outbox_to(self, address: str) -> list[OutboxMessage]:
        engine = make_engine(self.database_url)
        try:
            with make_session_factory(engine)() as session:
                query = select(OutboxMessage).where(OutboxMessage.to_address == address)
                rows = list(session.scalars(query))
                session.expunge_all()
                return rows
        finally:
            engine.dispose()

    def reply_to(self, message_id: str) -> EmailMessage:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for mail in self.mails():
                if mail["In-Reply-To"] == message_id:
                    return mail
            time.sleep(0.05)
        raise AssertionError(f"no reply to {message_id}")

    def mails(self) -> list[EmailMessage]:
        folder = self.maildir / "new"
        files = sorted(folder.iterdir()) if folder.is_dir() else []
        return [cast(EmailMessage, message_from_bytes(p.read_bytes(), policy=default))
                for p in files]  # fmt: skip

    def peak_rss_mb(self) -> float:
        """The server's peak resident size so far (VmHWM), in MB."""
        assert self.serve.process is not None
        status = Path(f"/proc/{self.serve.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def alive(self) -> bool:
        return self.serve.process is not None and self.serve.process.poll() is None


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return cast(str, part.get_content()).replace("\r\n", "\n")
