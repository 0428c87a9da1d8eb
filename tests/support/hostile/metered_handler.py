"""The service's handler (with cheap hashes), metered and holdable, for `judge serve`
under test (`python -m support.serve_with support.hostile.metered_handler:Metered serve ...`):

* the work each mail cost (`judge.work`: characters examined while reading it,
  cells of "did you mean" hints while handling it) is appended to the file named by
  `$JUDGE_TEST_WORK_LOG`, one line per mail: its Message-ID and the work;
* a mail with a header `X-Hold: <path>` is held in its reading step (before the
  batch's write transaction) until the file `<path>` exists, as a mail that costs
  minutes would be; `<path>.holding` is written when the hold begins.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from sqlalchemy.orm import Session

from judge import work
from judge.clock import Clock
from judge.config import Config
from judge.store.inbox import Outcome
from judge.store.models import InboxMessage
from judge.variants.registry import VariantRegistry
from support.e2e.cheap_hashes import CheapHandler

_HOLD = re.compile(rb"\r\nX-Hold: ([^\r\n]+)\r\n")


class Metered:
    """The service's handler (`Handler`: prepare, handle), each step's work counted."""

    def __init__(self, variants: VariantRegistry) -> None:
        self.service = CheapHandler(variants)
        self.prepared: dict[int, int] = {}  # inbox id -> the work its reading step cost

    def prepare(self, session: Session, row: InboxMessage, config: Config) -> None:
        started = work.counted()
        hold = _HOLD.search(row.raw.split(b"\r\n\r\n", 1)[0] + b"\r\n")
        if hold is not None:
            release = Path(hold[1].decode())
            Path(f"{release}.holding").write_text(str(time.monotonic()))
            while not release.exists():
                time.sleep(0.01)
        self.service.prepare(session, row, config)
        self.prepared[row.id] = work.counted() - started

    def handle(
        self, session: Session, row: InboxMessage, clock: Clock, config: Config
    ) -> Outcome | None:
        started = work.counted()
        outcome = self.service.handle(session, row, clock, config)
        spent = self.prepared.pop(row.id, 0) + work.counted() - started
        with open(os.environ["JUDGE_TEST_WORK_LOG"], "a") as log:
            log.write(f"{row.message_id} {spent}\n")
        return outcome
