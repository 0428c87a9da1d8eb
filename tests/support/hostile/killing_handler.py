"""The service's handler (with cheap hashes), except that a mail with the header
`X-Poison: yes` kills the process, as the kernel's OOM killer would: SIGKILL, no
cleanup, no exception. Run with
`python -m support.serve_with support.hostile.killing_handler:Killing serve ...`."""

from __future__ import annotations

import os
import signal

from sqlalchemy.orm import Session

from judge.clock import Clock
from judge.config import Config
from judge.store.inbox import Outcome
from judge.store.models import InboxMessage
from judge.variants.registry import VariantRegistry
from support.e2e.cheap_hashes import CheapHandler


class Killing:
    """Handles as the service does (nothing read ahead), but dies on a poisoned mail."""

    def __init__(self, variants: VariantRegistry) -> None:
        self.service = CheapHandler(variants)

    def __call__(
        self, session: Session, row: InboxMessage, clock: Clock, config: Config
    ) -> Outcome | None:
        if b"\r\nX-Poison: yes\r\n" in row.raw:
            os.kill(os.getpid(), signal.SIGKILL)
        return self.service(session, row, clock, config)
