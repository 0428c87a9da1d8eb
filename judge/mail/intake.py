"""Mail intake: take a mail from SMTP or a pipe and store it durably, nothing more.

The SMTP listener accepts mail only for the judge's address and its VERP return
paths (bounces of its own mail, `judge.mail.verp`), refuses mail over the
size limit, slows down senders over the hourly rate limit, and answers 250 only
after the raw bytes are committed to the inbox table (451 when that fails, so the
sending MTA keeps the mail and tries again). Game logic never runs here: the inbox
processor (`judge.worker`) picks the stored mail up.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import parseaddr
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from judge.clock import Clock
from judge.config import Config
from judge.mail.group_store import GroupStore
from judge.mail.handover import Handover
from judge.mail.recent_senders import RecentSenders
from judge.mail.smtp_protocol import IntakeSMTP, hook_names
from judge.mail.verp import outbox_id_of, verp_key
from judge.store.db import begin_read_only
from judge.store.inbox import ReceivedMail, count_recent_from, store_message, store_messages

log = logging.getLogger(__name__)

EX_OK, EX_DATAERR, EX_TEMPFAIL = 0, 65, 75  # sysexits.h, as MTAs read them

STORE_FAILED = "451 4.3.0 Could not store the message; please try again later"
RATE_LIMITED = "450 4.7.1 Too many messages from this sender; please try again later"
LIMIT_CHECK_FAILED = "451 4.3.0 Temporary local problem; please try again later"


@dataclass(frozen=True)
class Inbox:
    """Durable storage of received mail, shared by the SMTP listener and `deliver`."""

    sessions: sessionmaker[DbSession]
    clock: Clock
    config: Config

    def store(self, raw: bytes, mail_from: str, rcpt_tos: Sequence[str]) -> int:
        """Commit one mail to the inbox table and return its id. Blocking."""
        return store_message(
            self.sessions, raw, mail_from=mail_from, rcpt_tos=rcpt_tos, now=self.clock.now()
        )

    def store_many(self, mails: Sequence[ReceivedMail]) -> list[int]:
        """Commit several mails in one transaction; return their ids. Blocking."""
        return store_messages(self.sessions, mails, self.clock.now())

    def over_rate_limit(self, mail_from: str) -> bool:
        """True when this envelope sender already sent the hourly maximum. Blocking."""
        return self.is_over(self.recent_count(mail_from))

    def recent_count(self, mail_from: str) -> int:
        """How many mails this envelope sender got stored in the last hour. Blocking."""
        since = self.clock.now() - timedelta(hours=1)
        with self.sessions() as session:
            begin_read_only(session)  # a count: no need to wait for the write lock
            return count_recent_from(session, mail_from, since)

    def is_over(self, count: int) -> bool:
        return count >= self.config.limits.per_sender_per_hour

    def is_judge_address(self, address: str) -> bool:
        return address.strip().lower() == self.config.judge.address.strip().lower()

    def is_return_path(self, address: str) -> bool:
        """One of the judge's VERP return paths (where bounces of its mail arrive)."""
        judge = self.config.judge.address
        return outbox_id_of(address, judge, verp_key(self.config)) is not None


class IntakeHandler:
    """aiosmtpd hooks: check each command, and store the data before answering 250."""

    def __dir__(self) -> list[str]:
        """The hooks only: aiosmtpd walks `dir()` of the handler for every connection
        (see `judge.mail.smtp_protocol`)."""
        return list(hook_names(type(self)))

    def __init__(
        self,
        inbox: Inbox,
        on_stored: Callable[[int], None] | None = None,
        handover: Handover | None = None,
    ) -> None:
        self.inbox = inbox
        self.on_stored = on_stored
        self.store: Callable[[ReceivedMail], Awaitable[int]] = (
            handover.store if handover is not None else GroupStore(inbox.store_many).store
        )
        self.recent = RecentSenders()

    async def handle_MAIL(
        self, server: SMTP, session: Session, envelope: Envelope, address: str,
        mail_options: list[str],
    ) -> str:
        try:
            count = await self._recent_count(address)
        except Exception:
            log.exception("intake: rate limit check failed for <%s>", address)
            return LIMIT_CHECK_FAILED
        if self.inbox.is_over(count):
            log.warning("intake: <%s> is over the hourly limit", address)
            return RATE_LIMITED
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str,
        rcpt_options: list[str],
    ) -> str:
        if not (self.inbox.is_judge_address(address) or self.inbox.is_return_path(address)):
            return f"550 5.1.1 <{address}>: no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        mail_from = envelope.mail_from or ""
        try:
            inbox_id = await self.store(
                ReceivedMail(raw, mail_from, tuple(envelope.rcpt_tos))
            )
        except Exception:
            log.exception("intake: storing a mail from <%s> failed", envelope.mail_from)
            return STORE_FAILED
        self.recent.stored(mail_from)
        if self.on_stored is not None:
            self.on_stored(inbox_id)
        return f"250 2.0.0 OK: stored as {inbox_id}"

    async def _recent_count(self, address: str) -> int:
        now = self.inbox.clock.now()
        count = self.recent.known(address, now)
        if count is None:
            count = await asyncio.to_thread(self.inbox.recent_count, address)
            self.recent.remember(address, count, now)
        return count


async def start_smtp(
    inbox: Inbox,
    on_stored: Callable[[int], None] | None = None,
    handover: Handover | None = None,
) -> asyncio.Server:
    """Listen on `smtp.host:smtp.port` in the running loop (port 0: any free port).

    With a `handover`, received mail is stored by the inbox processor's next
    transaction; without one, by the intake's own group commits.
    """
    config = inbox.config
    loop = asyncio.get_running_loop()
    handler = IntakeHandler(inbox, on_stored, handover)
    hostname = config.judge.address.rpartition("@")[2] or "localhost"

    def protocol() -> SMTP:
        return IntakeSMTP(
            handler,
            data_size_limit=config.smtp.max_message_bytes,
            enable_SMTPUTF8=True,
            hostname=hostname,
            ident=f"judge {config.judge.code}",
            loop=loop,
        )

    return await loop.create_server(protocol, host=config.smtp.host, port=config.smtp.port)


def bound_address(server: asyncio.Server) -> tuple[str, int]:
    host, port = server.sockets[0].getsockname()[:2]
    return str(host), int(port)


@dataclass(frozen=True)
class PipeOutcome:
    """What `judge deliver` did with a piped mail: its exit code, and the inbox id."""

    exit_code: int
    inbox_id: int | None = None
    reason: str = ""


def store_piped(inbox: Inbox, raw: bytes, sender: str | None = None) -> PipeOutcome:
    """Store a mail handed over on stdin by an MTA, with the exit code it understands."""
    if len(raw) > inbox.config.smtp.max_message_bytes:
        return PipeOutcome(EX_DATAERR, reason="message too large")
    mail_from = envelope_sender(raw, sender)
    try:
        if inbox.over_rate_limit(mail_from):
            return PipeOutcome(EX_TEMPFAIL, reason="too many messages from this sender")
        inbox_id = inbox.store(raw, mail_from, [inbox.config.judge.address])
    except Exception as exc:
        log.exception("deliver: storing the message failed")
        return PipeOutcome(EX_TEMPFAIL, reason=f"could not store the message: {exc}")
    return PipeOutcome(EX_OK, inbox_id=inbox_id)


def envelope_sender(raw: bytes, given: str | None = None) -> str:
    """The envelope sender: as given, else $SENDER (set by Postfix and others), else
    the Return-Path or From header."""
    if given is not None:
        return given
    if "SENDER" in os.environ:
        return os.environ["SENDER"]
    headers: Any = BytesHeaderParser(policy=compat32).parsebytes(raw)
    for name in ("Return-Path", "From"):
        value = headers.get(name)
        if value:
            return parseaddr(str(value))[1]
    return ""
