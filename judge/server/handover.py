"""Mail handed from the SMTP intake to the inbox processor, to be stored in its next commit.

Every mail must be committed before its sender hears 250. On a busy judge the intake
and the inbox processor would take turns at the database's write lock, each intake
commit queueing behind a whole batch of processing, in a thread of its own that
competes with the processor's for the interpreter. Instead, when the processor runs
in the same process, the intake hands it the mail: between two batches, the
processor stores every waiting mail in one short transaction, and once that has
committed each SMTP session hears 250 (or 451 if it failed). A batch ends early when
a handed mail has waited a few milliseconds, so no mail waits long.

The processor can only take the mail between two mails, though: while it reads or
runs one mail for long (a hostile one, before the watchdog stops it), the others would
wait. So a mail not taken within `[processor] intake_wait_seconds` is taken back from
the queue and written to the spool (`judge.server.spool`, in a thread of its own):
a file, flushed to disk, and the sender hears 250. The spool asks for no database
lock: a batch running a mail's commands holds SQLite's write lock, and the intake
used to store the mail itself then, waiting out the busy timeout (a sender got 451
after 31 s). The processor imports the spool at the start of its next batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from judge.server.spool import Spool
from judge.store.inbox import ReceivedMail

log = logging.getLogger(__name__)

# What became of an accepted mail: its inbox id (committed), or the name of its spool
# file (durable, to be imported into the inbox by the processor's next batch).
Accepted = int | str


@dataclass(frozen=True)
class Handed:
    """A mail waiting in the handover, and how to tell its SMTP session the outcome."""

    mail: ReceivedMail
    future: asyncio.Future[int]
    loop: asyncio.AbstractEventLoop
    since: float


class Handover:
    """A queue from the event loop (`store`) to the processor's thread (`take`)."""

    def __init__(
        self,
        on_handed: Callable[[], None],
        spool: Spool | None = None,
        wait_seconds: float = 1.0,
    ) -> None:
        self._on_handed = on_handed
        self.spool = spool  # the processor imports it at each batch
        self._wait_seconds = wait_seconds
        self._lock = threading.Lock()
        self._waiting: list[Handed] = []

    async def store(self, mail: ReceivedMail) -> Accepted:
        """Wait until `mail` is committed; return its inbox id (raise if it was not).
        With a `spool`, a mail the processor has not taken within `wait_seconds` is
        spooled instead: then the name of its file."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        item = Handed(mail, future, loop, time.monotonic())
        with self._lock:
            self._waiting.append(item)
        self._on_handed()
        if self.spool is None:
            return await future
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(asyncio.shield(future), self._wait_seconds)
        if not self._withdraw(item):
            return await future  # the processor took it meanwhile: it answers
        log.warning("intake: the processor is busy; a mail goes to the spool")
        return await asyncio.to_thread(self.spool.put, mail)

    def _withdraw(self, item: Handed) -> bool:
        """Take `item` back from the queue; False when the processor has it already."""
        with self._lock:
            if item not in self._waiting:
                return False
            self._waiting.remove(item)
            return True

    def take(self) -> list[Handed]:
        """Every mail waiting now, oldest first (the processor's thread)."""
        with self._lock:
            taken, self._waiting = self._waiting, []
        return taken

    def waited(self) -> float:
        """How long the oldest waiting mail has waited, in seconds (0 when none)."""
        with self._lock:
            return time.monotonic() - self._waiting[0].since if self._waiting else 0.0


def settle(handed: list[Handed], ids: list[int]) -> None:
    """Tell each session its mail is committed, with its inbox id."""
    for item, inbox_id in zip(handed, ids, strict=True):
        _tell(item, inbox_id, None)


def fail(handed: list[Handed], error: BaseException) -> None:
    """Tell each session its mail was not stored."""
    for item in handed:
        _tell(item, None, error)


def _tell(item: Handed, inbox_id: int | None, error: BaseException | None) -> None:
    # A loop already closed (the server stopped meanwhile) has no session left to
    # tell; its client never heard 250 and sends the mail again, which the inbox
    # then marks as a duplicate of the one stored.
    with contextlib.suppress(RuntimeError):
        item.loop.call_soon_threadsafe(_resolve, item.future, inbox_id, error)


def _resolve(
    future: asyncio.Future[int], inbox_id: int | None, error: BaseException | None
) -> None:
    if future.done():  # the session went away meanwhile
        return
    if error is not None:
        future.set_exception(error)
    elif inbox_id is not None:
        future.set_result(inbox_id)
