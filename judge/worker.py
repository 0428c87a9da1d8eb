"""The inbox processor: hand each stored mail, oldest first, to the service's handler.

One mail, one transaction: the row is claimed (locked), the handler applies the mail
to the games and queues the replies, and the row is marked `done`, all in the same
commit. A crash anywhere before the commit leaves the row `new`, so it is processed
after a restart, and exactly once. A handler that raises has its effects rolled
back (a savepoint) and the row is marked `failed` with the traceback, for the
operator; it is never dropped.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable

from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock, wait_until_woken
from judge.config import Config
from judge.store import inbox
from judge.store.models import InboxMessage

log = logging.getLogger(__name__)

# The service layer's entry point. It must not commit or roll back the session.
Handler = Callable[[Session, InboxMessage, Clock, Config], None]


def process_next(
    sessions: sessionmaker[Session], handler: Handler, clock: Clock, config: Config
) -> bool:
    """Process the oldest `new` mail, if any; return False when there was none."""
    with sessions.begin() as session:
        row = inbox.claim_next(session)
        if row is None:
            return False
        original = inbox.processed_copy_of(session, row)
        if original is not None:
            inbox.mark_duplicate(row, original, clock.now())
            return True
        _run_handler(session, row, handler, clock, config)
        return True


def _run_handler(
    session: Session, row: InboxMessage, handler: Handler, clock: Clock, config: Config
) -> None:
    try:
        with session.begin_nested():
            handler(session, row, clock, config)
    except Exception:
        log.exception("inbox %s: the handler failed; marked failed", row.id)
        inbox.mark_failed(row, traceback.format_exc(), clock.now())
    else:
        inbox.mark_done(row, clock.now())


def process_pending(
    sessions: sessionmaker[Session],
    handler: Handler,
    clock: Clock,
    config: Config,
    limit: int | None = None,
) -> int:
    """Process `new` mail until none is left (or `limit` is reached); return the count."""
    count = 0
    while (limit is None or count < limit) and process_next(sessions, handler, clock, config):
        count += 1
    return count


async def run_processor(
    sessions: sessionmaker[Session],
    handler: Handler,
    clock: Clock,
    config: Config,
    wake: asyncio.Event,
    on_processed: Callable[[], None] | None = None,
    batch: int = 20,
) -> None:
    """Process mail until cancelled: at once when woken, else every poll interval.

    After each batch, `on_processed` runs (it wakes the sender), so replies go out
    while a long backlog is still being worked through.
    """
    while True:
        try:
            done = await asyncio.to_thread(
                process_pending, sessions, handler, clock, config, batch
            )
        except Exception:
            log.exception("inbox processor: a round failed; retrying")
            done = 0
        if done and on_processed is not None:
            on_processed()
        if done == batch:
            await asyncio.sleep(0)  # let the loop breathe between batches
            continue
        await wait_until_woken(wake, config.scheduler.poll_seconds)
