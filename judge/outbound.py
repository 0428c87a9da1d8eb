"""The outbox: queue outgoing mail inside a transaction, and deliver it later.

`enqueue` adds a mail to the outbox in the caller's transaction, so a game's new
state and the mail announcing it commit together (or not at all). The sender then
hands pending rows to a transport (a maildir, or an SMTP relay) outside any
transaction: a row is leased first (its next attempt moved ahead), then sent, then
marked. A crash between sending and marking sends that one mail again later, with
the same Message-ID; mail is never lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime, getaddresses, make_msgid

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock, SystemClock, wait_until_woken
from judge.config import Config, OutboundSection
from judge.mail.transports import (
    DeliveryError,
    MaildirTransport,
    SmtpRelay,
    Transport,
    send_many,
)
from judge.store.models import OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=5)  # how long a claimed row waits before another try
SENDER_PAUSE = 0.05  # seconds between delivery rounds while mail keeps coming
SENDER_NICENESS = 10  # added to the sender thread's nice value (Linux)
AUTO_SUBMITTED = {"reply": "auto-replied"}  # every other kind is auto-generated


def enqueue(
    session: Session,
    msg: EmailMessage,
    kind: str,
    game_id: int | None = None,
    *,
    now: datetime | None = None,
) -> OutboxMessage:
    """Add `msg` to the outbox in the caller's transaction (no commit).

    `msg` needs `From` and exactly one `To` address (one recipient per mail; no Cc
    or Bcc). A missing `Date` or `Message-ID` is filled in, and so is
    `Auto-Submitted` (`auto-replied` for kind `reply`, else `auto-generated`).
    """
    moment = now or SystemClock().now()
    recipient = _single_recipient(msg)
    _fill_headers(msg, kind, moment)
    row = OutboxMessage(
        to_address=recipient,
        message=msg.as_bytes(policy=SMTP),
        message_id=str(msg["Message-ID"]),
        kind=kind,
        game_id=game_id,
        created_at=moment,
        status=OutboxStatus.PENDING,
        attempts=0,
        next_attempt_at=moment,
    )
    session.add(row)
    session.flush()
    return row


_INSERT_OUTBOX = insert(OutboxMessage)  # built once: every reply goes through it


def enqueue_raw(
    session: Session,
    message: bytes,
    *,
    to_address: str,
    message_id: str,
    kind: str,
    game_id: int | None = None,
    now: datetime,
) -> None:
    """Add an already serialised mail to the outbox in the caller's transaction.

    The fast path for hot mail (replies): the caller built `message` itself, with
    `From`, one `To` (`to_address`), `Message-ID` (`message_id`), `Date` and
    `Auto-Submitted` already in it. The row is inserted at once, without the ORM's
    unit of work.
    """
    if not kind:
        raise ValueError("an outgoing mail needs a kind")
    values = {
        "to_address": to_address, "message": message, "message_id": message_id,
        "kind": kind, "game_id": game_id, "created_at": now,
        "status": OutboxStatus.PENDING, "attempts": 0, "next_attempt_at": now,
    }  # fmt: skip
    session.connection().execute(_INSERT_OUTBOX, values)


def enqueue_copies(
    session: Session,
    msg: EmailMessage,
    recipients: Sequence[str],
    kind: str,
    game_id: int | None = None,
    *,
    now: datetime | None = None,
) -> list[OutboxMessage]:
    """Add one copy of `msg` per recipient, each with its own `To` and `Message-ID`.

    The same rules as `enqueue` (whose `To` is replaced), but the message is
    generated once: a phase's results go to dozens of readers in a single commit.
    """
    moment = now or SystemClock().now()
    _single_recipient(msg)
    _fill_headers(msg, kind, moment)
    domain = str(msg["Message-ID"]).rpartition("@")[2].rstrip(">") or "localhost"
    del msg["To"]
    del msg["Message-ID"]
    shared = msg.as_bytes(policy=SMTP)
    rows = []
    for to in recipients:
        address = _single_recipient_of(to)
        message_id = make_msgid(domain=domain)
        head = _header("To", to) + _header("Message-ID", message_id)
        row = OutboxMessage(
            to_address=address, message=head + shared, message_id=message_id, kind=kind,
            game_id=game_id, created_at=moment, status=OutboxStatus.PENDING, attempts=0,
            next_attempt_at=moment,
        )  # fmt: skip
        rows.append(row)
    session.add_all(rows)
    session.flush()
    return rows


def record_unbuildable(
    session: Session,
    to: str,
    kind: str,
    game_id: int | None,
    reason: str,
    *,
    now: datetime,
) -> None:
    """An outbox row, `failed` at once, for a recipient whose mail cannot be built
    (an address that is not plain, stored before addresses were checked): that one
    mail fails, logged and shown by `judge status`; the others go out."""
    shown = "".join(char if char.isprintable() else "?" for char in to)[:320]
    log.error("outbox: no %s mail to %r: %s", kind, shown, reason)
    row = OutboxMessage(
        to_address=shown, message=b"", message_id="", kind=kind, game_id=game_id,
        created_at=now, status=OutboxStatus.FAILED, attempts=0, next_attempt_at=now,
        last_error=f"the mail could not be built: {reason}",
    )  # fmt: skip
    session.add(row)


def _header(name: str, value: str) -> bytes:
    """One header line as the SMTP policy writes it (encoded words when needed)."""
    if value.isascii() and value.isprintable() and len(name) + len(value) < 76:
        return f"{name}: {value}\r\n".encode("ascii")  # what the policy would write
    return SMTP.fold_binary(name, SMTP.header_factory(name, value))


def _single_recipient_of(to: str) -> str:
    addresses = [addr for _name, addr in getaddresses([to]) if addr]
    if len(addresses) != 1:
        raise ValueError(f"an outgoing mail needs exactly one To address, got {addresses}")
    return addresses[0]


def _single_recipient(msg: EmailMessage) -> str:
    if not msg["From"]:
        raise ValueError("an outgoing mail needs a From header")
    if msg["Cc"] or msg["Bcc"]:
        raise ValueError("an outgoing mail goes to one recipient: no Cc or Bcc")
    addresses = [addr for _name, addr in getaddresses(msg.get_all("To", [])) if addr]
    if len(addresses) != 1:
        raise ValueError(f"an outgoing mail needs exactly one To address, got {addresses}")
    return addresses[0]


def _fill_headers(msg: EmailMessage, kind: str, now: datetime) -> None:
    if not kind:
        raise ValueError("an outgoing mail needs a kind")
    if not msg["Date"]:
        msg["Date"] = format_datetime(now)
    if not msg["Message-ID"]:
        domain = getaddresses([str(msg["From"])])[0][1].rpartition("@")[2]
        msg["Message-ID"] = make_msgid(domain=domain or "localhost")
    if not msg["Auto-Submitted"]:
        msg["Auto-Submitted"] = AUTO_SUBMITTED.get(kind, "auto-generated")


@dataclass(frozen=True)
class Lease:
    """What the sender needs of a claimed row, read while the row was locked."""

    id: int
    to_address: str
    message: bytes
    attempts: int


_DUE = (
    select(
        OutboxMessage.id,
        OutboxMessage.to_address,
        OutboxMessage.message,
        OutboxMessage.attempts,
    )
    .where(
        OutboxMessage.status == OutboxStatus.PENDING,
        OutboxMessage.next_attempt_at <= bindparam("now"),
    )
    .order_by(OutboxMessage.id)
    .limit(bindparam("limit"))
    .with_for_update(skip_locked=True)
)
_LEASE = (
    update(OutboxMessage)
    .where(OutboxMessage.id.in_(bindparam("ids", expanding=True)))
    .values(attempts=OutboxMessage.attempts + 1, next_attempt_at=bindparam("lease_until"))
)  # both built once: the sender runs them for every batch


def claim_due(sessions: sessionmaker[Session], now: datetime, limit: int = 50) -> list[Lease]:
    """Lease up to `limit` due rows: count the attempt and push the next one ahead."""
    with sessions.begin() as session:
        connection = session.connection()
        rows = list(connection.execute(_DUE, {"now": now, "limit": limit}))
        if rows:
            ids = [row.id for row in rows]
            connection.execute(_LEASE, {"ids": ids, "lease_until": now + LEASE})
        return [Lease(row.id, row.to_address, row.message, row.attempts + 1) for row in rows]


def deliver_due(
    sessions: sessionmaker[Session], transport: Transport, clock: Clock, config: Config
) -> int:
    """Send every due row once; return how many were sent. Blocking: run in a thread.

    Rows go out a leased batch at a time, and the batch's outcomes are recorded in
    one transaction.
    """
    sent = 0
    while leases := claim_due(sessions, clock.now()):
        mails = [(lease.to_address, lease.message) for lease in leases]
        errors = send_many(transport, config.judge.address, mails)
        for lease, error in zip(leases, errors, strict=True):
            if error is not None:
                log.info("outbox %s to %s: %s", lease.id, lease.to_address, error)
        _record(sessions, list(zip(leases, errors, strict=True)), clock.now(), config.outbound)
        sent += sum(error is None for error in errors)
    return sent


def _record(
    sessions: sessionmaker[Session],
    outcomes: list[tuple[Lease, DeliveryError | None]],
    now: datetime,
    settings: OutboundSection,
) -> None:
    sent_ids = [lease.id for lease, error in outcomes if error is None]
    with sessions.begin() as session:
        if sent_ids:
            session.execute(
                update(OutboxMessage)
                .where(OutboxMessage.id.in_(sent_ids))
                .values(status=OutboxStatus.SENT, sent_at=now, last_error=None)
                .execution_options(synchronize_session=False)
            )
        for lease, error in outcomes:
            if error is not None:
                _record_failure(session, lease, error, now, settings)


def _record_failure(
    session: Session, lease: Lease, error: DeliveryError, now: datetime,
    settings: OutboundSection,
) -> None:
    row = session.get(OutboxMessage, lease.id, with_for_update=True)
    if row is None:
        return
    row.last_error = str(error)
    if error.permanent or lease.attempts >= settings.max_attempts:
        row.status = OutboxStatus.FAILED
        log.warning("outbox %s to %s failed: %s", row.id, row.to_address, error)
    else:
        row.next_attempt_at = now + backoff(lease.attempts, settings.backoff_seconds)


def backoff(attempts: int, base_seconds: float) -> timedelta:
    """The wait after the `attempts`-th failure: base, 2 x base, 4 x base, ..."""
    return timedelta(seconds=base_seconds * 2 ** max(attempts - 1, 0))


def make_transport(settings: OutboundSection) -> Transport:
    if settings.transport == "smtp":
        return SmtpRelay(
            host=settings.relay_host,
            port=settings.relay_port,
            starttls=settings.relay_starttls,
            username=settings.relay_username,
            password=settings.relay_password,
        )
    return MaildirTransport(settings.maildir)


async def run_sender(
    sessions: sessionmaker[Session],
    transport: Transport,
    clock: Clock,
    config: Config,
    wake: asyncio.Event,
) -> None:
    """Deliver due mail until cancelled; `wake` cuts the wait short after new mail.

    After a round that sent anything the sender pauses briefly, so that under a
    stream of mail it takes larger batches (fewer transactions) and leaves the
    database and the interpreter to the intake and the inbox processor meanwhile.
    Its thread runs at a lower CPU priority: when the machine is busy, taking in
    and answering mail comes first, and delivery catches up in the gaps.
    """
    loop = asyncio.get_running_loop()
    thread = ThreadPoolExecutor(1, "judge-sender", initializer=_lower_priority)
    try:
        while True:
            sent = 0
            try:
                sent = await loop.run_in_executor(
                    thread, deliver_due, sessions, transport, clock, config
                )
            except Exception:
                log.exception("outbound sender: delivery round failed")
            if sent:
                await asyncio.sleep(SENDER_PAUSE)
            await wait_until_woken(wake, config.scheduler.poll_seconds)
    finally:
        thread.shutdown(wait=False)  # a round under way finishes on its own


def _lower_priority() -> None:
    """Make the calling thread yield the CPU to the rest of the judge (Linux, where a
    thread has its own nice value; elsewhere this would renice the whole process)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), SENDER_NICENESS)

