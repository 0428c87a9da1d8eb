"""An inbox handler that does nothing (each mail ends `done`, unanswered), for tests
about the SMTP intake alone, where processing the mail would only cost time:
`python -m support.serve_with support.hostile.ignoring_handler:handle_message serve ...`."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.clock import Clock
from judge.config import Config
from judge.store.models import InboxMessage


def handle_message(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
    """Nothing to do: the intake's answer is what the test is about."""
