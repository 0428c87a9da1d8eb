"""Group commit for the SMTP intake: the mails that arrive together are stored together.

Every mail must be committed before its sender hears 250, and with a full fsync
each commit costs the disk a flush. So the SMTP sessions hand their mails here;
while one transaction is being written, the mails that arrive meanwhile wait, and
go into the next transaction together. Each session still gets its 250 only after
the transaction holding its own mail has committed, and its own 451 when that
failed. One lone mail is stored at once, as before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from judge.store.inbox import ReceivedMail

log = logging.getLogger(__name__)

MAX_BATCH = 64  # mails per transaction, at most

# Stores mails in one transaction and returns their ids; raises when none was stored.
StoreMany = Callable[[Sequence[ReceivedMail]], list[int]]


class GroupStore:
    """Collects mails from concurrent SMTP sessions and stores them in shared commits."""

    def __init__(self, store_many: StoreMany) -> None:
        self._store_many = store_many
        self._waiting: list[tuple[ReceivedMail, asyncio.Future[int]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def store(self, mail: ReceivedMail) -> int:
        """Store `mail` durably and return its inbox id; raise when it was not stored."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting.append((mail, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_all())
        return await future

    async def _write_all(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:MAX_BATCH], self._waiting[MAX_BATCH:]
            outcomes = await asyncio.to_thread(self._write, [mail for mail, _ in batch])
            for (_mail, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():  # the session went away meanwhile
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    def _write(self, mails: list[ReceivedMail]) -> list[int | Exception]:
        """Store the batch in one transaction; if that fails, each mail on its own,
        so that one mail the database refuses does not cost the others their 250."""
        try:
            return list(self._store_many(mails))
        except Exception as error:
            if len(mails) == 1:
                return [error]
            log.warning("intake: a batch of %d mails failed (%s); storing one by one",
                        len(mails), error)  # fmt: skip
        outcomes: list[int | Exception] = []
        for mail in mails:
            try:
                outcomes.extend(self._store_many([mail]))
            except Exception as error:
                outcomes.append(error)
        return outcomes
