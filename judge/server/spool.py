"""Mail the SMTP intake accepted while the processor was busy: durable files, then the inbox.

Every mail is durable before its sender hears 250. Under `judge serve` the intake
hands its mail to the inbox processor, which stores it between two mails. While the
processor runs one long mail, though, its batch holds SQLite's write lock: the intake
could neither store the mail itself (it would wait out the busy timeout, then answer
451) nor wait for the processor. So a mail the processor has not taken within
`[processor] intake_wait_seconds` goes to this spool instead: one file per mail,
written to a temporary name, flushed to disk (fsync), renamed into place and the
folder flushed, and only then does the sender hear 250. No database lock is asked for:
the intake never waits on a mail's commands.

The processor imports the spool at the start of every batch, in the transaction that
stores the handed-over mails (oldest file first), and deletes the files once that has
committed. A crash between the commit and the deletion imports a file twice: the two
rows have the same bytes, and the later is marked `duplicate` (`judge.server.processor`).

A file holds one line of JSON (the envelope and the header facts) and then the raw
bytes of the mail.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path

from judge.server.transports import sync_folder
from judge.store.inbox import ReceivedMail

log = logging.getLogger(__name__)

SUFFIX = ".mail"
_sequence = itertools.count()


class Spool:
    """A folder of accepted mail waiting for the inbox (made on first use)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def put(self, mail: ReceivedMail) -> str:
        """Write `mail` durably; return its file's name. Blocking (one fsync or two)."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        name = f"{time.time_ns():020d}-{os.getpid()}-{next(_sequence):06d}{SUFFIX}"
        envelope = {"mail_from": mail.mail_from, "rcpt_tos": list(mail.rcpt_tos),
                    "header_facts": mail.header_facts, "peer": mail.peer}  # fmt: skip
        temporary = self.folder / f".{name}.tmp"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(json.dumps(envelope).encode() + b"\n" + mail.raw)
                file.flush()
                os.fsync(file.fileno())
            os.rename(temporary, self.folder / name)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        sync_folder(self.folder)
        return name

    def waiting(self) -> list[Path]:
        """The spooled mails, oldest first (cheap when there are none)."""
        try:
            names = [entry.name for entry in os.scandir(self.folder)
                     if entry.name.endswith(SUFFIX) and not entry.name.startswith(".")]  # fmt: skip
        except FileNotFoundError:
            return []
        return [self.folder / name for name in sorted(names)]

    def remove(self, paths: Sequence[Path]) -> None:
        """Delete files whose mails are committed to the inbox."""
        for path in paths:
            path.unlink(missing_ok=True)
        if paths:
            sync_folder(self.folder)


def read_spool(spool: Spool) -> list[tuple[Path, ReceivedMail]]:
    """The spooled mails, oldest first, each with its file. A file that cannot be read
    (written by hand, damaged) is renamed `<name>.bad`, kept for the operator, and
    logged: it must not stop every later batch."""
    read: list[tuple[Path, ReceivedMail]] = []
    for path in spool.waiting():
        try:
            read.append((path, read_spooled(path)))
        except (OSError, ValueError, KeyError, TypeError):
            log.exception("spool: %s cannot be read; kept as %s.bad", path, path.name)
            path.rename(path.with_name(path.name + ".bad"))
    return read


def read_spooled(path: Path) -> ReceivedMail:
    """The mail in one spool file."""
    data = path.read_bytes()
    head, _, raw = data.partition(b"\n")
    envelope = json.loads(head)
    return ReceivedMail(raw, str(envelope["mail_from"]), tuple(envelope["rcpt_tos"]),
                        envelope["header_facts"], envelope["peer"])  # fmt: skip
