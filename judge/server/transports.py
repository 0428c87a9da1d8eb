"""Ways to hand outgoing mail over: the `Transport` protocol, and the maildir (the
SMTP relay is `judge.server.smtp_relay`).

Every transport sends a batch with `send_many`: it pulls the mails one at a time
from the caller's iterable (so the caller can renew a lease, or skip a mail it lost,
right before each one goes), and reports each outcome through `settle` as soon as
that outcome is final: the SMTP relay after every mail, the maildir once the folder
is synced. A mail is then either out of our hands (None) or failed with a
`DeliveryError`, which says whether trying again could help. Transports block; the
sender runs them in a thread.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


class DeliveryError(Exception):
    """Sending failed. `permanent`: the relay said no for good (5xx); else retry later.
    `recipient_refused`: the relay refused the recipient's address itself at RCPT
    (e.g. `550 5.1.1 user unknown`): a bounce of that address, told at once."""

    def __init__(self, reason: str, *, permanent: bool, recipient_refused: bool = False) -> None:
        super().__init__(reason)
        self.permanent = permanent
        self.recipient_refused = recipient_refused


@dataclass(frozen=True)
class Outgoing:
    """One mail to hand over. `key` is stable and unique for its outbox row (a maildir
    file name); `attempt` counts from 1. `sender`: this mail's own envelope sender
    (its VERP return path), else the batch's."""

    key: str
    recipient: str
    message: bytes
    attempt: int = 1
    sender: str | None = None


Outcome = tuple[Outgoing, DeliveryError | None]
Settle = Callable[[list[Outcome]], None]


class Transport(Protocol):
    def send_many(self, sender: str, mails: Iterable[Outgoing], settle: Settle) -> None:
        """Hand `mails` over in order, from envelope `sender`.

        The next mail is taken from `mails` only when it is about to be sent. Every
        mail taken is settled exactly once, and only once its outcome is final; an
        exception raised by `settle` ends the batch (and propagates).
        """
        ...


class MaildirTransport:
    """Write each mail as one file into `<root>/new/`, via `tmp/` and a rename.

    The file is named after the mail's `key`, so sending a mail again replaces its
    file (or finds it already read, in `cur/`) instead of adding a copy. Files use LF
    line ends, as mail readers expect in a maildir. A write that fails (a full or
    read-only disk) leaves nothing behind in `tmp/`.
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def send_many(self, sender: str, mails: Iterable[Outgoing], settle: Settle) -> None:
        """Write every mail (each file synced), then sync `new/` once for them all."""
        try:
            self._ensure_folders()
        except OSError as exc:
            error = _disk_error(self.root, exc)
            settle([(mail, error) for mail in mails])
            return
        outcomes = [(mail, self._write(mail)) for mail in mails]
        if any(error is None for _mail, error in outcomes):
            try:
                sync_folder(self.root / "new")
            except OSError as exc:  # the renames may not last: count them as not sent
                error = _disk_error(self.root, exc)
                outcomes = [(mail, outcome or error) for mail, outcome in outcomes]
        if outcomes:
            settle(outcomes)

    def _write(self, mail: Outgoing) -> DeliveryError | None:
        if mail.attempt > 1 and self._already_read(mail.key):
            return None
        temporary = self.root / "tmp" / mail.key
        try:
            _write_synced(temporary, mail.message.replace(b"\r\n", b"\n"))
            os.replace(temporary, self.root / "new" / mail.key)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temporary.unlink()
            return _disk_error(self.root, exc)
        return None

    def _already_read(self, key: str) -> bool:
        """A mail reader moves a file to `cur/`, adding `:2,<flags>` to its name."""
        with os.scandir(self.root / "cur") as entries:
            return any(entry.name.partition(":")[0] == key for entry in entries)

    def _ensure_folders(self) -> None:
        for sub in ("tmp", "new", "cur"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)


def _disk_error(root: Path, exc: OSError) -> DeliveryError:
    """Every disk error is temporary: a full, read-only or failing disk gets fixed."""
    name = errno.errorcode.get(exc.errno or 0, "")
    return DeliveryError(f"maildir {root}: {name + ' ' if name else ''}{exc}", permanent=False)


def _write_synced(path: Path, data: bytes) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def sync_folder(path: Path) -> None:
    """Flush a folder's entries (a file created or renamed in it) to disk."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
