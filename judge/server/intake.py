"""Mail intake: take a mail from SMTP or a pipe and store it durably, nothing more.

The SMTP listener accepts mail only for the judge's address and its VERP return
paths (bounces of its own mail, `judge.mail.verp`), refuses mail over the size
limit, answers 450 to senders (and connecting addresses) over the hourly rate
limit (`judge.service.limits.hourly_limit`; never to a trusted relay, `judge.trusted_relays`,
whose mail gets the per-sender verdict when it is processed), and answers 250 only
after the raw bytes are committed to the inbox table (451 when that fails, so the
sending MTA keeps the mail and tries again; 452, "insufficient system storage" (RFC
5321), when the disk is full, logged in one line naming the disk,
`judge.server.disk_full`). Game logic never runs here: the inbox
processor (`judge.server.processor`) picks the stored mail up.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import parseaddr
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from judge.clock import Clock
from judge.config import Config
from judge.mail.header_facts import HeaderFacts
from judge.mail.read import header_facts_json
from judge.mail.verp import return_path_id
from judge.server.disk_full import disk_full, disk_full_line
from judge.server.handover import Accepted, Handover
from judge.server.startup import cause, shown_url
from judge.service.limits import hourly_limit
from judge.store.db import begin_read_only
from judge.store.inbox import ReceivedMail, store_messages
from judge.store.inbox import envelope_sender as stored_sender
from judge.trusted_relays import Network, is_trusted, trusted_networks

log = logging.getLogger(__name__)

EX_OK, EX_DATAERR, EX_TEMPFAIL = 0, 65, 75  # sysexits.h, as MTAs read them

STORE_FAILED = "451 4.3.0 Could not store the message; please try again later"
NO_STORAGE = "452 4.3.1 Insufficient system storage; please try again later"
RATE_LIMITED = "450 4.7.1 Too many messages from this sender; please try again later"


@dataclass(frozen=True)
class Inbox:
    """Durable storage of received mail, shared by the SMTP listener and `deliver`."""

    sessions: sessionmaker[DbSession]
    clock: Clock
    config: Config

    def store(self, mail: ReceivedMail) -> int:
        """Commit one mail to the inbox table and return its id. Blocking."""
        [inbox_id] = store_messages(self.sessions, [mail], self.clock.now())
        return inbox_id

    def is_trusted(self, peer: str) -> bool:
        """A connecting address of the operator's own relays: not limited at intake."""
        return is_trusted(peer, self.trusted)

    @property
    def trusted(self) -> tuple[Network, ...]:
        smtp = self.config.smtp
        return _networks(smtp.trusted_relays, smtp.host)

    def recent_counts(self) -> list[tuple[tuple[str, ...], datetime]]:
        """The intake's counts of the last hour, from the database (at start). Blocking."""
        with self.sessions() as session:
            begin_read_only(session)
            return hourly_limit.recent_intake(
                session, self.clock.now(), lambda peer: not self.is_trusted(peer)
            )

    def intake_limits(self, mail_from: str, peer: str) -> dict[tuple[str, ...], int]:
        """The SMTP intake's keys for one mail, with their hourly limits."""
        by_sender, by_peer = hourly_limit.intake_keys(mail_from, peer)
        limits = self.config.limits
        return {by_sender: limits.per_sender_per_hour,
                by_peer: limits.per_connection_address_per_hour}  # fmt: skip

    def is_judge_address(self, address: str) -> bool:
        return address.strip().lower() == self.config.judge.address.strip().lower()

    def is_return_path(self, address: str) -> bool:
        """One of the judge's VERP return paths (where bounces of its mail arrive)."""
        return return_path_id(address, self.config) is not None


class IntakeHandler:
    """aiosmtpd hooks: check each command, and store the data before answering 250."""

    def __init__(
        self,
        inbox: Inbox,
        handover: Handover,
        on_stored: Callable[[int], None] | None = None,
    ) -> None:
        self.inbox = inbox
        self.on_stored = on_stored
        self.store: Callable[[ReceivedMail], Awaitable[Accepted]] = handover.store
        self.counts = hourly_limit.IntakeCounts()

    async def handle_MAIL(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        mail_options: list[str],
    ) -> str:
        peer = _peer(session)
        if not self.inbox.is_trusted(peer):
            # A check only: nothing is counted until the mail's data arrives.
            limits = self.inbox.intake_limits(address, peer)
            if not self.counts.allows(limits, self.inbox.clock.now()):
                log.warning("intake: <%s> from %s is over the hourly limit", address, peer)
                return RATE_LIMITED
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        if not (self.inbox.is_judge_address(address) or self.inbox.is_return_path(address)):
            return f"550 5.1.1 <{address}>: no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        mail_from = envelope.mail_from or ""
        peer = _peer(session)
        reserved: tuple[list[tuple[str, ...]], datetime] | None = None
        if not self.inbox.is_trusted(peer):
            # Counted here, before the mail is stored, in the event loop: concurrent
            # mails cannot all slip under the limit; released if it is not stored.
            limits = self.inbox.intake_limits(mail_from, peer)
            now = self.inbox.clock.now()
            if not self.counts.try_reserve(limits, now):
                log.warning("intake: <%s> from %s is over the hourly limit", mail_from, peer)
                return RATE_LIMITED
            reserved = (list(limits), now)
        try:
            inbox_id = await self.store(received(raw, mail_from, envelope.rcpt_tos, peer))
        except Exception as exc:
            if reserved is not None:
                self.counts.release(*reserved)
            if disk_full(exc):  # nothing to debug: one line, and the client tries again
                log.error("%s; a mail from <%s> answered 452, to be sent again",
                          disk_full_line(exc, self.inbox.config.database.url), mail_from)
                return NO_STORAGE
            log.exception("intake: storing a mail from <%s> failed", envelope.mail_from)
            return STORE_FAILED
        if isinstance(inbox_id, str):  # spooled: the processor was busy (handover.py)
            log.info("spooled as %s: received from <%s> by %s, %d bytes", inbox_id,
                     stored_sender(mail_from), peer, len(raw))  # fmt: skip
            return f"250 2.0.0 OK: spooled as {inbox_id}"
        log.info("inbox %s: received from <%s> by %s, %d bytes", inbox_id,
                 stored_sender(mail_from), _peer(session), len(raw))  # fmt: skip
        if self.on_stored is not None:
            self.on_stored(inbox_id)
        return f"250 2.0.0 OK: stored as {inbox_id}"


@functools.cache
def _networks(setting: str, host: str) -> tuple[Network, ...]:
    return trusted_networks(setting, host)


def _peer(session: Session) -> str:
    """The connecting address (its IP, without the port)."""
    peer = session.peer
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return str(peer or "")


async def start_smtp(
    inbox: Inbox,
    handover: Handover,
    on_stored: Callable[[int], None] | None = None,
) -> asyncio.Server:
    """Listen on `smtp.host:smtp.port` in the running loop (port 0: any free port).

    Received mail is stored by the inbox processor's next transaction (`handover`:
    its loop must be running, or a `judge.server.processor.intake_loop` that only stores).
    """
    config = inbox.config
    loop = asyncio.get_running_loop()
    handler = IntakeHandler(inbox, handover, on_stored)
    handler.counts.seed(inbox.recent_counts())  # the last hour's, from before a restart
    hostname = config.judge.address.rpartition("@")[2] or "localhost"

    def protocol() -> SMTP:
        return SMTP(
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


def store_piped(
    inbox: Inbox, raw: bytes, sender: str | None = None, recipient: str | None = None
) -> PipeOutcome:
    """Store a mail handed over on stdin by an MTA, with the exit code it understands.

    `recipient` is the envelope recipient the MTA delivered it to (Postfix's pipe(8):
    `--recipient=${recipient}`): a VERP return path says which mail a bounce returns.
    Without it, the mail is taken as sent to the judge's own address."""
    if len(raw) > inbox.config.smtp.max_message_bytes:
        return PipeOutcome(EX_DATAERR, reason="message too large")
    facts = header_facts_json(raw)
    mail_from = envelope_sender(raw, sender, HeaderFacts.from_json(facts))
    # No hourly limit here: the mail comes from the local MTA, for which any count would
    # be a switch (`judge.service.limits.hourly_limit`); the processor's per-sender verdict holds.
    try:
        rcpt = recipient.strip() if recipient and recipient.strip() else inbox.config.judge.address
        inbox_id = inbox.store(ReceivedMail(raw, mail_from, (rcpt,), facts))
    except Exception as exc:  # the caller prints the reason: one line, for the MTA's log
        log.debug("deliver: storing the message failed", exc_info=True)
        url = inbox.config.database.url
        reason = (disk_full_line(exc, url) if disk_full(exc) else
                  f"could not store the message in database {shown_url(url)}: {cause(exc)}")
        return PipeOutcome(EX_TEMPFAIL, reason=reason)
    log.info("inbox %s: received from <%s> by deliver, %d bytes", inbox_id,
             stored_sender(mail_from), len(raw))  # fmt: skip
    return PipeOutcome(EX_OK, inbox_id=inbox_id)


def received(
    raw: bytes, mail_from: str, rcpt_tos: Sequence[str], peer: str | None = None
) -> ReceivedMail:
    """A mail as the intake stores it: with its header block read, once, now
    (`judge.mail.header_facts`), so that processing reads only its body; and the
    connecting address it came from."""
    return ReceivedMail(raw, mail_from, tuple(rcpt_tos), header_facts_json(raw), peer)


def envelope_sender(raw: bytes, given: str | None = None, facts: HeaderFacts | None = None) -> str:
    """The envelope sender: as given (`--sender`: Postfix's pipe(8) sets no environment,
    its argv passes `--sender=${sender}`), else $SENDER (set by Postfix's local(8) for an
    alias or .forward command), else the Return-Path or From header: as the mail's
    header facts hold them, else read here."""
    if given is not None:
        return given
    if "SENDER" in os.environ:
        return os.environ["SENDER"]
    if facts is not None:
        return_path = dict(facts.signs).get("return-path", "")
        return parseaddr(return_path)[1] if return_path else facts.sender
    headers: Any = BytesHeaderParser(policy=compat32).parsebytes(raw)
    for name in ("Return-Path", "From"):
        value = headers.get(name)
        if value:
            return parseaddr(str(value))[1]
    return ""
