"""The sender: deliver the outbox's pending mail, outside any transaction.

Rows are leased first (`judge.store.outbox`), then handed to a transport (a maildir,
or an SMTP relay, one connection per batch), and each outcome is committed as soon
as it is known, only where the lease is still this sender's; a heartbeat renews the
leases while the batch is still going (`judge.server.lease_keeper`). A crash between
handing a mail over and committing its outcome sends that one mail again later,
with the same Message-ID (into a maildir, the same file: no copy); mail is never
lost. Only the daemons send: `judge serve` (`sender_loop`) and `judge scheduler`.
The rows come from `judge.outbox.enqueue`, the outbox's way in.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta

from sqlalchemy import Connection
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock
from judge.config import Config, OutboundSection
from judge.loop import BackgroundLoop
from judge.mail.stored_attachment import PLACEHOLDER_PNG, encoded, fill, fill_or_drop
from judge.mail.verp import bounce_address, verp_key
from judge.server.lease_keeper import LeaseKeeper
from judge.server.smtp_relay import SmtpRelay
from judge.server.transports import (
    DeliveryError,
    MaildirTransport,
    Outcome,
    Outgoing,
    Transport,
)
from judge.store.lease_owner import LeaseOwner, this_process
from judge.store.models import OutboxMessage, OutboxStatus
from judge.store.outbox import (
    Lease,
    RetryPolicy,
    claim_due,
    reclaim_abandoned,
    record_failure,
    record_sent,
)
from judge.store.phase_maps import map_bodies
from judge.variants.registry import VariantRegistry

log = logging.getLogger(__name__)

SENDER_PAUSE = 0.05  # seconds between delivery rounds while mail keeps coming
SENDER_NICENESS = 10  # added to the sender thread's nice value (Linux)


def deliver_due(
    sessions: sessionmaker[Session], transport: Transport, clock: Clock, config: Config,
    variants: VariantRegistry, owner: LeaseOwner | None = None,
) -> int:
    """Send every due row once; return how many were sent. Blocking: run in a thread.

    Rows are leased a batch at a time (for `owner`: this process, unless a test
    plays two senders) and handed to the transport together (one SMTP connection
    per batch). Each outcome is committed as soon as the transport reports it, and
    only where the row is still `owner`'s, so a crash re-sends at most the mail in
    hand. While the transport works, a heartbeat renews the batch's leases
    (`judge.server.lease_keeper`), however long one reply takes; a mail whose lease
    was lost meanwhile is skipped. A recipient the relay refuses at RCPT is marked
    bouncing and its games' masters told (`variants`, the judge's registry, names the
    games' variants in that notice).
    """
    settings = config.outbound
    owner = owner or this_process()
    lease = timedelta(seconds=settings.lease_seconds)
    policy = retry_policy(settings)
    envelope = _envelope_sender(config)
    sent = 0
    while leases := claim_due(sessions, claimed := clock.now(), owner, lease,
                              settings.batch_size):
        keeper = LeaseKeeper(sessions, clock, owner, lease, claimed + lease,
                             [item.id for item in leases])  # fmt: skip
        batch = _Batch(sessions, clock, keeper, policy, leases, (config, variants))
        batch.envelope = envelope
        with keeper:
            transport.send_many(config.judge.address, batch.mails(), batch.settle)
        sent += batch.sent
    return sent


def _envelope_sender(config: Config) -> Callable[[int, str], str | None]:
    """Each row's own return path (VERP, for a relay), or None: the judge's address."""
    if not (config.outbound.verp and config.outbound.transport == "smtp"):
        return lambda _row_id, _to: None
    key, judge = verp_key(config), config.judge.address
    return lambda row_id, to: bounce_address(judge, row_id, key, to)


def outgoing_message(lease: Lease, maps: dict[int, bytes]) -> bytes:
    """The bytes that go out for a leased row: with its stored map filled in, if any.
    `maps`: the maps' base64 bodies (`encoded`), by id."""
    if lease.map_id is None:
        return lease.message
    body = maps.get(lease.map_id)
    if body is None:
        log.warning("outbox %s: its map %s is gone; sent without it", lease.id, lease.map_id)
        return lease.message
    return fill(lease.message, body) if body else fill_or_drop(lease.message, PLACEHOLDER_PNG)


def message_as_sent(session: Session, row: OutboxMessage) -> bytes:
    """The bytes row `row` goes out as (its stored map filled in): for tools and tests
    that read the outbox rather than a mailbox."""
    if row.map_id is None:
        return row.message
    bodies = map_bodies(session.connection(), [row.map_id])
    return fill_or_drop(row.message, bodies[row.map_id]) if bodies else row.message


def retry_policy(settings: OutboundSection) -> RetryPolicy:
    return RetryPolicy(
        backoff=timedelta(seconds=settings.backoff_seconds),
        max_backoff=timedelta(seconds=settings.max_backoff_seconds),
        lifetime=settings.lifetime_delta,
    )


class _Batch:
    """One leased batch on its way through a transport: skips the mails whose lease
    was lost (renewing the leases first, should the heartbeat have fallen behind),
    and commits each outcome it is given, where the row is still its own."""

    def __init__(
        self, sessions: sessionmaker[Session], clock: Clock, keeper: LeaseKeeper,
        policy: RetryPolicy, leases: list[Lease], judge: tuple[Config, VariantRegistry],
    ) -> None:
        self.sessions, self.clock, self.keeper = sessions, clock, keeper
        self.owner = keeper.owner
        self.policy = policy
        self.leases = {item.id: item for item in leases}
        self.by_name = {maildir_name(item): item for item in leases}
        self.order = [item.id for item in leases]  # the order they were claimed in
        self.sent = 0
        self.envelope: Callable[[int, str], str | None] = lambda _row_id, _to: None
        self.config, self.variants = judge  # a recipient refused at RCPT is a bounce
        self.maps = self._maps(leases)

    def _maps(self, leases: list[Lease]) -> dict[int, bytes]:
        """The batch's stored maps, read once and encoded once for all their mails."""
        ids = {item.map_id for item in leases if item.map_id is not None}
        if not ids:
            return {}
        with self.sessions() as session:
            bodies = map_bodies(session.connection(), ids)
        # A map that failed to draw (stored as the placeholder) is b"": its mails go
        # as plain text (`fill_or_drop`).
        return {
            map_id: b"" if data == PLACEHOLDER_PNG else encoded(data)
            for map_id, data in bodies.items()
        }

    def mails(self) -> Iterator[Outgoing]:
        keeper = self.keeper
        for row_id in self.order:
            if keeper.until - self.clock.now() < keeper.lease / 2:
                keeper.renew_now()
            if keeper.lost(row_id):
                continue
            item = self.leases[row_id]
            yield Outgoing(maildir_name(item), item.to_address, outgoing_message(item, self.maps),
                           item.attempts, self.envelope(item.id, item.to_address))  # fmt: skip

    def settle(self, outcomes: list[Outcome]) -> None:
        now = self.clock.now()
        sent = [self.by_name[mail.key].id for mail, error in outcomes if error is None]
        self.keeper.settled(self.by_name[mail.key].id for mail, _error in outcomes)
        with self.sessions.begin() as session:
            connection = session.connection()
            recorded = record_sent(connection, sent, now, self.owner) if sent else set()
            for row_id in sorted(set(sent) - recorded):
                log.warning("outbox %s: handed over, but its lease had passed to another "
                            "sender, whose outcome stands", row_id)  # fmt: skip
            for mail, error in outcomes:
                if error is not None:
                    item = self.by_name[mail.key]
                    status = self._failed(connection, item, error, now)
                    if status is not None and error.recipient_refused:
                        from judge.service.game_mail.bounces import refused_at_rcpt

                        refused_at_rcpt(session, self.config, self.variants, item.id,
                                        item.to_address, str(error), now)  # fmt: skip
        for row_id in sorted(recorded):
            item = self.leases[row_id]
            log.info("outbox %s to %s (attempt %d): sent", item.id, item.to_address,
                     item.attempts)  # fmt: skip
        self.sent += len(recorded)

    def _failed(self, connection: Connection, item: Lease, error: DeliveryError,
                now: datetime) -> OutboxStatus | None:  # fmt: skip
        status = record_failure(
            connection, item, str(error), error.permanent, now, self.policy, self.owner
        )
        if status is None:
            log.warning("outbox %s: failed (%s), but its lease had passed to another "
                        "sender, whose outcome stands", item.id, error)  # fmt: skip
            return None
        level = logging.WARNING if status == OutboxStatus.FAILED else logging.INFO
        log.log(level, "outbox %s to %s (attempt %d, %s): %s", item.id,
                item.to_address, item.attempts, status, error)  # fmt: skip
        return status


def maildir_name(lease: Lease) -> str:
    """The row's file name in a maildir: the same on every attempt, unique per row
    (its id, and a digest of its Message-ID in case the database was ever reset)."""
    digest = hashlib.sha256(lease.message_id.encode("utf-8", "replace")).hexdigest()[:12]
    return f"{int(lease.created_at.timestamp())}.R{lease.id}M{digest}.judge"


def make_transport(settings: OutboundSection) -> Transport:
    if settings.transport == "smtp":
        return SmtpRelay(
            host=settings.relay_host,
            port=settings.relay_port,
            starttls=settings.relay_starttls,
            ca_file=settings.relay_ca_file,
            username=settings.relay_username,
            password=settings.relay_password,
            timeout=settings.relay_timeout_seconds,
            helo_name=settings.helo_name,
        )
    return MaildirTransport(settings.maildir)


def sender_loop(
    sessions: sessionmaker[Session],
    transport: Transport,
    clock: Clock,
    config: Config,
    variants: VariantRegistry,
) -> BackgroundLoop:
    """The outbound sender as a `BackgroundLoop`: delivers due mail every poll
    interval, and at once when woken (new mail queued).

    Its first round takes back the leases a dead process left. After a round that
    sent anything the sender pauses briefly, so that under a stream of mail it takes
    larger batches (fewer transactions) and leaves the database and the interpreter
    to the intake and the inbox processor meanwhile. Its thread runs at a lower CPU
    priority: when the machine is busy, taking in and answering mail comes first,
    and delivery catches up in the gaps.
    """
    reclaimed = False

    def step() -> bool:
        nonlocal reclaimed
        if not reclaimed:
            reclaim_abandoned(sessions, clock.now())
            reclaimed = True
        return deliver_due(sessions, transport, clock, config, variants) > 0

    return BackgroundLoop(
        "judge-sender", step, idle_seconds=config.scheduler.poll_seconds,
        pause=SENDER_PAUSE, on_start=_lower_priority,
    )  # fmt: skip


def _lower_priority() -> None:
    """Make the calling thread yield the CPU to the rest of the judge (Linux, where a
    thread has its own nice value; elsewhere this would renice the whole process)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), SENDER_NICENESS)

