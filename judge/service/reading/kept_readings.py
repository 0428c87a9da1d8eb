"""Each stored mail is read once per processing, not once per step that needs it.

The inbox processor's read-only step (`judge.service.game.prepare`) reads a mail to do its
password work ahead; the handler (`judge.service.replies.handling`) then needs the very same
reading. Reading (the header block, the body, the no-reply rules) was a fifth of the
processor's CPU per mail, done twice. The prepare step keeps its reading here and
the handler takes it; a mail the prepare step did not read is read on the spot.
The kept readings belong to one handler (`judge.service.replies.service_handler.ServiceHandler`,
built
for one judge): two judges in one process keep their own.

A reading depends on nothing but the row's raw bytes, the header facts the intake
kept with them (`judge.mail.header_facts`: with them only the body is read here) and
the judge's address, so a kept reading is keyed by the row's id, the digest of its
bytes and that address, and taken once. The memory is bounded: prepared mails a
batch never reached only evict the oldest readings.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from judge.mail.read import IncomingMail, read_stored
from judge.store.models import InboxMessage

MAX_KEPT = 512  # a few batches of the inbox processor

class KeptReadings:
    """The readings one handler's prepare step kept for its handle step."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[int, str, str], IncomingMail] = OrderedDict()

    def read_ahead(self, row: InboxMessage, judge_address: str) -> IncomingMail:
        """Read the row's mail now and keep the reading for `read_row`."""
        mail = read_stored(row.raw, row.header_facts, judge_address)
        key = (row.id, row.digest, judge_address)
        with self._lock:
            self._kept[key] = mail
            self._kept.move_to_end(key)
            while len(self._kept) > MAX_KEPT:
                self._kept.popitem(last=False)
        return mail

    def read_row(self, row: InboxMessage, judge_address: str) -> IncomingMail:
        """The reading `read_ahead` kept for this row (taken once), or a reading made now."""
        with self._lock:
            kept = self._kept.pop((row.id, row.digest, judge_address), None)
        return read_now(row, judge_address) if kept is None else kept


def read_now(row: InboxMessage, judge_address: str) -> IncomingMail:
    """A reading of the row's mail made now (nothing kept)."""
    return read_stored(row.raw, row.header_facts, judge_address)
