"""The service's handler (with cheap hashes), except that a mail with the header
`X-Poison: yes` kills the process, as the kernel's OOM killer would: SIGKILL, no
cleanup, no exception. Run with `python -m serve_with hostile.killing_handler:handle serve ...`."""

from __future__ import annotations

import os
import signal

from e2e.cheap_hashes import handle_inbox_message
from sqlalchemy.orm import Session

from judge.clock import Clock
from judge.config import Config
from judge.store.inbox import Outcome
from judge.store.models import InboxMessage


def handle(session: Session, row: InboxMessage, clock: Clock, config: Config) -> Outcome | None:
    if b"\r\nX-Poison: yes\r\n" in row.raw:
        os.kill(os.getpid(), signal.SIGKILL)
    return handle_inbox_message(session, row, clock, config)
