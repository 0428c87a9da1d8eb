"""Ways to hand an outgoing mail over: drop it into a maildir, or give it to an SMTP relay.

A transport either returns (the mail is out of our hands) or raises `DeliveryError`,
which says whether trying again could help. Transports block; the sender runs them
in a thread.
"""

from __future__ import annotations

import functools
import itertools
import logging
import os
import smtplib
import socket
import ssl
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """Sending failed. `permanent`: the relay said no for good (5xx); else retry later."""

    def __init__(self, reason: str, *, permanent: bool) -> None:
        super().__init__(reason)
        self.permanent = permanent


class Transport(Protocol):
    def send(self, sender: str, recipient: str, message: bytes) -> None:
        """Deliver `message` (RFC 5322 bytes) from envelope `sender` to `recipient`."""
        ...


def send_many(
    transport: Transport, sender: str, mails: Sequence[tuple[str, bytes]]
) -> list[DeliveryError | None]:
    """Deliver several mails with `transport`, together where it can; the outcome of
    each: None once it is out of our hands, else the `DeliveryError`."""
    if isinstance(transport, MaildirTransport):
        return transport.send_many(sender, mails)
    outcomes: list[DeliveryError | None] = []
    for recipient, message in mails:
        try:
            transport.send(sender, recipient, message)
        except DeliveryError as error:
            outcomes.append(error)
        except Exception as error:  # an unexpected failure is worth another try
            log.exception("unexpected error while sending to %s", recipient)
            outcomes.append(DeliveryError(f"{type(error).__name__}: {error}", permanent=False))
        else:
            outcomes.append(None)
    return outcomes


class MaildirTransport:
    """Write each mail as one file into `<root>/new/`, via `tmp/` and a rename.

    Files use LF line ends, as mail readers expect in a maildir.
    """

    _counter = itertools.count()

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def send(self, sender: str, recipient: str, message: bytes) -> None:
        [error] = self.send_many(sender, [(recipient, message)])
        if error is not None:
            raise error

    def send_many(
        self, sender: str, mails: Sequence[tuple[str, bytes]]
    ) -> list[DeliveryError | None]:
        """Write every mail (each file synced), then sync `new/` once for them all."""
        outcomes: list[DeliveryError | None] = []
        delivered: list[int] = []
        try:
            self._ensure_folders()
        except OSError as exc:
            return [DeliveryError(f"maildir {self.root}: {exc}", permanent=False)] * len(mails)
        folder_tmp, folder_new = f"{self.root}/tmp/", f"{self.root}/new/"
        for index, (_recipient, message) in enumerate(mails):
            try:
                name = self._unique_name()
                _write_synced(Path(folder_tmp + name), message.replace(b"\r\n", b"\n"))
                os.rename(folder_tmp + name, folder_new + name)
            except OSError as exc:
                outcomes.append(DeliveryError(f"maildir {self.root}: {exc}", permanent=False))
            else:
                outcomes.append(None)
                delivered.append(index)
        if delivered:
            try:
                _sync_folder(self.root / "new")
            except OSError as exc:  # the renames may not last: count them as not sent
                error = DeliveryError(f"maildir {self.root}: {exc}", permanent=False)
                for index in delivered:
                    outcomes[index] = error
        return outcomes

    def _ensure_folders(self) -> None:
        for sub in ("tmp", "new", "cur"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)

    def _unique_name(self) -> str:
        now = time.time()
        seconds, micros = int(now), int((now % 1) * 1_000_000)
        return f"{seconds}.M{micros}P{os.getpid()}Q{next(self._counter)}.{_host()}"


@functools.cache
def _host() -> str:
    """This machine's name as a maildir file name part (`/` and `:` escaped)."""
    return socket.gethostname().replace("/", "\\057").replace(":", "\\072")


def _write_synced(path: Path, data: bytes) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _sync_folder(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class SmtpRelay:
    """Hand each mail to an SMTP relay, with optional STARTTLS and login."""

    def __init__(
        self,
        *,
        host: str,
        port: int,
        starttls: bool = False,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 60.0,
    ) -> None:
        self.host, self.port, self.starttls = host, port, starttls
        self.username, self.password, self.timeout = username, password, timeout

    def send(self, sender: str, recipient: str, message: bytes) -> None:
        try:
            self._send(sender, recipient, message)
        except smtplib.SMTPRecipientsRefused as exc:
            code, text = exc.recipients.get(recipient, (450, b"recipient refused"))
            raise _answer_error(code, text) from exc
        except smtplib.SMTPAuthenticationError as exc:
            # The operator's relay credentials are wrong: every mail would fail, so
            # keep them pending until the config is fixed.
            raise DeliveryError(_describe(exc.smtp_code, exc.smtp_error), permanent=False) from exc
        except smtplib.SMTPResponseException as exc:
            raise _answer_error(exc.smtp_code, exc.smtp_error) from exc
        except (smtplib.SMTPException, OSError) as exc:
            raise DeliveryError(f"relay {self.host}:{self.port}: {exc}", permanent=False) from exc

    def _send(self, sender: str, recipient: str, message: bytes) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as client:
            client.ehlo()
            if self.starttls:
                client.starttls(context=ssl.create_default_context())
                client.ehlo()
            if self.username:
                client.login(self.username, self.password or "")
            client.sendmail(sender, [recipient], message)


def _answer_error(code: int, text: bytes | str) -> DeliveryError:
    return DeliveryError(_describe(code, text), permanent=500 <= code < 600)


def _describe(code: int, text: bytes | str) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return f"{code} {text}"
