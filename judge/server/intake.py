"""Mail intake: take a mail from SMTP and store it durably, nothing more (a mail piped
in by the MTA: `judge.server.piped`).

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
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

from aiosmtpd.smtp import SMTP, Envelope, Session

from judge.mail.header_reading import header_facts_json
from judge.server.disk_full import disk_full, disk_full_line
from judge.server.handover import Accepted, Handover
from judge.server.intake_inbox import Inbox
from judge.service.limits import hourly_limit
from judge.store.inbox import ReceivedMail
from judge.store.inbox import envelope_sender as stored_sender

log = logging.getLogger(__name__)

STORE_FAILED = "451 4.3.0 Could not store the message; please try again later"
NO_STORAGE = "452 4.3.1 Insufficient system storage; please try again later"
RATE_LIMITED = "450 4.7.1 Too many messages from this sender; please try again later"


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


def received(
    raw: bytes, mail_from: str, rcpt_tos: Sequence[str], peer: str | None = None
) -> ReceivedMail:
    """A mail as the intake stores it: with its header block read, once, now
    (`judge.mail.header_facts`), so that processing reads only its body; and the
    connecting address it came from."""
    return ReceivedMail(raw, mail_from, tuple(rcpt_tos), header_facts_json(raw), peer)


