"""The mail benchmark's SMTP clients: threads that send prepared mails over loopback.

Every mail is built before the clock starts (`build`), with its own Message-ID, so
the reply can be found by its `In-Reply-To`. `send_all` runs `clients` threads that
take the mails in order from one queue. A mail with a `due` time waits for it
(paced load); without one it goes at once (as fast as the clients can). Each
mail is sent on a new connection (connect, EHLO, MAIL, RCPT, DATA, QUIT), as MTAs
often do, or with `reuse` on one connection per client.

The moment a mail counts as accepted is `time.time()` right after the server's 250
to the end of DATA (before QUIT).
"""

from __future__ import annotations

import queue
import smtplib
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import make_msgid

HOST = "127.0.0.1"
JUDGE_ADDRESS = "judge@example.org"
TIMEOUT = 120.0  # seconds a client waits for one answer of the server


@dataclass(frozen=True)
class Outgoing:
    """One prepared mail: envelope sender, Message-ID, the bytes, when to send it."""

    sender: str
    message_id: str
    data: bytes
    due: float | None = None  # time.time() to send at; None: at once


@dataclass(frozen=True)
class Sent:
    """What became of one mail: when sending started, when the 250 came (or the error)."""

    message_id: str
    started: float
    accepted: float | None
    error: str | None = None


def build(sender: str, subject: str, body: str) -> Outgoing:
    """A plain-text mail to the judge from `sender`."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE_ADDRESS
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="bench.example.org")
    message.set_content(body)
    return Outgoing(sender, str(message["Message-ID"]), message.as_bytes(policy=SMTP_POLICY))


def paced(mails: Sequence[Outgoing], rate: float, start: float) -> list[Outgoing]:
    """The same mails, the i-th due at `start + i / rate`."""
    return [
        Outgoing(m.sender, m.message_id, m.data, start + index / rate)
        for index, m in enumerate(mails)
    ]


def send_all(
    port: int, mails: Sequence[Outgoing], clients: int, *, reuse: bool = False
) -> list[Sent]:
    """Send every mail from `clients` threads; return one `Sent` per mail."""
    jobs: queue.SimpleQueue[Outgoing] = queue.SimpleQueue()
    for mail in mails:
        jobs.put(mail)
    results: list[Sent] = []
    threads = [
        threading.Thread(target=_client, args=(port, jobs, results, reuse), daemon=True)
        for _ in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _client(port: int, jobs: queue.SimpleQueue[Outgoing], results: list[Sent], reuse: bool) -> None:
    """One client: take mails until none is left; keep the connection when `reuse`."""
    connection: smtplib.SMTP | None = None
    while True:
        try:
            mail = jobs.get_nowait()
        except queue.Empty:
            break
        if mail.due is not None:
            time.sleep(max(0.0, mail.due - time.time()))
        result, connection = _send_one(port, mail, connection, reuse)
        results.append(result)  # list.append is atomic
    if connection is not None:
        _close(connection)


def _send_one(
    port: int, mail: Outgoing, connection: smtplib.SMTP | None, reuse: bool
) -> tuple[Sent, smtplib.SMTP | None]:
    started = time.time()
    try:
        if connection is None:
            connection = smtplib.SMTP(HOST, port, timeout=TIMEOUT)
        connection.sendmail(mail.sender, [JUDGE_ADDRESS], mail.data)
        accepted = time.time()
    except (smtplib.SMTPException, OSError) as exc:
        if connection is not None:
            _close(connection)
        return Sent(mail.message_id, started, None, f"{type(exc).__name__}: {exc}"), None
    if not reuse:
        _close(connection)
        connection = None
    return Sent(mail.message_id, started, accepted), connection


def _close(connection: smtplib.SMTP) -> None:
    try:
        connection.quit()
    except (smtplib.SMTPException, OSError):
        connection.close()
