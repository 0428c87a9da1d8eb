"""Driving the scheduler with the test's clock: move time, run a round, read the mail.

`Scheduler.at(moment)` sets the harness clock and runs one scheduler round (what
`judge serve` does every poll interval), returning the mails that round queued.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import cast

from sqlalchemy import func, select

from judge.server.scheduler import run_due_games
from judge.server.sender import message_as_sent
from judge.service.maps.drawing import MapDrawer
from judge.store import games as store
from judge.store.models import Event, Game, OutboxMessage
from support.service.harness import JudgeHarness, body_of


@dataclass
class Scheduler:
    judge: JudgeHarness

    def at(self, moment: datetime) -> list[EmailMessage]:
        """Move the clock to `moment` and run one round; the mails it queued."""
        self.judge.clock.set(moment)
        return self.round()

    def after(self, delta: timedelta) -> list[EmailMessage]:
        return self.at(self.judge.clock.now() + delta)

    def round(self) -> list[EmailMessage]:
        before = self.last_mail_id()
        drawer = MapDrawer(self.judge.sessions, self.judge.variants)  # as the daemons draw
        with self.judge.sessions() as session:
            run_due_games(session, self.judge.clock, self.judge.config, self.judge.variants,
                          drawer)  # fmt: skip
        drawer.finish()
        return self.mails_since(before)

    def last_mail_id(self) -> int:
        with self.judge.sessions() as session:
            return session.scalar(select(func.max(OutboxMessage.id))) or 0

    def mails_since(self, last_id: int) -> list[EmailMessage]:
        with self.judge.sessions() as session:
            rows = session.scalars(
                select(OutboxMessage).where(OutboxMessage.id > last_id).order_by(OutboxMessage.id)
            ).all()
            return [
                cast(EmailMessage, message_from_bytes(message_as_sent(session, r), policy=default))
                for r in rows
            ]

    def game(self, name: str = "g1") -> Game:
        with self.judge.sessions() as session:
            game = store.get_game(session, name)
            assert game is not None
            return game

    def deadline(self, name: str = "g1") -> datetime:
        deadline = self.game(name).next_deadline
        assert deadline is not None
        return deadline

    def events(self, name: str = "g1") -> list[Event]:
        with self.judge.sessions() as session:
            return store.events_of(session, self.game(name))


def subjects(mails: list[EmailMessage]) -> list[tuple[str, str]]:
    """(recipient, subject) of each mail."""
    return [(str(m["To"]), str(m["Subject"])) for m in mails]


def to_whom(mails: list[EmailMessage], subject: str) -> set[str]:
    return {str(m["To"]) for m in mails if m["Subject"] == subject}


def text_to(mails: list[EmailMessage], address: str, subject: str) -> str:
    found = [m for m in mails if m["To"] == address and m["Subject"] == subject]
    assert len(found) == 1, subjects(mails)
    return body_of(found[0])
