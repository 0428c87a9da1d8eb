"""The outbox's way in: queue outgoing mail inside the caller's transaction.

`enqueue` adds a mail to the outbox in the caller's transaction, so a game's new
state and the mail announcing it commit together (or not at all); `enqueue_copies`
queues one message for many readers, each copy with its own `To` and Message-ID.
Every one of them takes the caller's `judge.outbox.gate.Gate` (a required argument:
there is no mail without one) and passes `judge.outbox.gate.route` first: mail to an address
that never wrote to the judge, or never asked for the game the mail is about, is
held (or refused), not queued; one received mail holds at most
`judge.outbox.gate.HELD_PER_MAIL` mails (`hold`). The service calls these.
Sending is the daemon's: `judge.server.sender` leases the pending rows and hands
them to a transport.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, getaddresses

from sqlalchemy import insert
from sqlalchemy.orm import Session

from judge.clock import SystemClock
from judge.mail.identifiers import new_message_id
from judge.mail.wire import address, wire_bytes, wire_header
from judge.outbox.asking import addresses_asking
from judge.outbox.gate import HELD_PER_MAIL, Gate, Route, require_gate, route
from judge.store.models import HeldMail, OutboxMessage, OutboxStatus

log = logging.getLogger(__name__)

AUTO_SUBMITTED = {"reply": "auto-replied"}  # every other kind is auto-generated


def enqueue(
    session: Session,
    msg: EmailMessage,
    kind: str,
    game_id: int | None = None,
    *,
    gate: Gate,
    now: datetime | None = None,
) -> OutboxMessage:
    """Add `msg` to the outbox in the caller's transaction (no commit).

    `msg` needs `From` and exactly one `To` address (one recipient per mail; no Cc
    or Bcc). A missing `Date` or `Message-ID` is filled in, and so is
    `Auto-Submitted` (`auto-replied` for kind `reply`, else `auto-generated`).

    `gate` is the outbox filter of the work queuing it (`judge.outbox.gate`): a
    received mail's, or `no_mail_in()`. It has no default: a call without one is a
    TypeError, never a mail sent unfiltered.
    """
    moment = now or SystemClock().now()
    recipient = _single_recipient(msg)
    _fill_headers(msg, kind, moment)
    verdict = route(session, gate, recipient, kind, game_id)
    data = wire_bytes(msg)
    if verdict is not Route.SEND:
        _not_queued(session, gate, verdict, recipient, data, str(msg["Message-ID"]), kind,
                    game_id, None, moment)  # fmt: skip
        return OutboxMessage(to_address=recipient, message=data, kind=kind,
                             message_id=str(msg["Message-ID"]), created_at=moment)  # fmt: skip
    row = OutboxMessage(
        to_address=recipient,
        message=data,
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


def enqueue_direct(
    session: Session,
    msg: EmailMessage,
    kind: str,
    game_id: int | None = None,
    *,
    gate: Gate,
    now: datetime,
) -> None:
    """`enqueue` for hot mail (replies): the same checks and filled-in headers, but
    the row is inserted at once (`enqueue_raw`) and not returned."""
    recipient = _single_recipient(msg)
    _fill_headers(msg, kind, now)
    enqueue_raw(session, wire_bytes(msg), to_address=recipient,
                message_id=str(msg["Message-ID"]), kind=kind, game_id=game_id, gate=gate,
                now=now)  # fmt: skip


def enqueue_raw(
    session: Session,
    message: bytes,
    *,
    to_address: str,
    message_id: str,
    kind: str,
    game_id: int | None = None,
    gate: Gate,
    now: datetime,
) -> None:
    """Add an already serialised mail to the outbox in the caller's transaction.

    `message` has `From`, one `To` (`to_address`), `Message-ID` (`message_id`), `Date`
    and `Auto-Submitted` in it already (`enqueue_direct` sees to that). The row is
    inserted at once, without the ORM's unit of work.
    """
    if not kind:
        raise ValueError("an outgoing mail needs a kind")
    verdict = route(session, gate, to_address, kind, game_id)
    if verdict is not Route.SEND:
        _not_queued(session, gate, verdict, to_address, message, message_id, kind, game_id,
                    None, now)  # fmt: skip
        return
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
    gate: Gate,
    now: datetime | None = None,
    map_id: int | None = None,
    held: Collection[str] = (),
) -> list[OutboxMessage]:
    """Add one copy of `msg` per recipient, each with its own `To` and `Message-ID`.

    The same rules as `enqueue` (whose `To` is replaced), but the message is
    generated once: a phase's results go to dozens of readers in a single commit.
    With `map_id`, `msg` carries the placeholder of that stored map
    (`judge.mail.stored_attachment`), filled in when each copy is sent. The copies
    for the addresses in `held` (not confirmed yet) are held, not queued.
    """
    moment = now or SystemClock().now()
    _single_recipient(msg)
    _fill_headers(msg, kind, moment)
    domain = str(msg["Message-ID"]).rpartition("@")[2].rstrip(">") or "localhost"
    del msg["To"]
    del msg["Message-ID"]
    shared = wire_bytes(msg)
    rows = []
    filtering = require_gate(gate).filtering
    asking = addresses_asking(session, game_id) if filtering and game_id is not None else None
    for to in recipients:
        recipient = _single_recipient_of(to)
        message_id = new_message_id(domain)
        head = wire_header("To", address(to)) + wire_header("Message-ID", message_id)
        verdict = route(session, gate, recipient, kind, game_id, asking=asking)
        if verdict is Route.SEND and to in held:
            verdict = Route.HOLD
        if verdict is not Route.SEND:
            _not_queued(session, gate, verdict, recipient, head + shared, message_id, kind,
                        game_id, map_id, moment)  # fmt: skip
            continue
        row = OutboxMessage(
            to_address=recipient, message=head + shared, message_id=message_id, kind=kind,
            game_id=game_id, created_at=moment, status=OutboxStatus.PENDING, attempts=0,
            next_attempt_at=moment, map_id=map_id,
        )  # fmt: skip
        rows.append(row)
    session.add_all(rows)
    session.flush()
    return rows


def hold(
    session: Session,
    gate: Gate,
    to_address: str,
    message: bytes,
    message_id: str,
    kind: str,
    game_id: int | None,
    map_id: int | None,
    now: datetime,
) -> None:
    """Keep a mail for an address that has not confirmed yet (`held_mail`).

    Within a received mail (`judge.outbox.gate`), a second mail of the same `kind`
    and game for the same address replaces the one this mail held for it, and past
    `HELD_PER_MAIL` rows a mail is dropped and counted (logged once, at the end)."""
    key = to_address.strip().lower()
    counted = gate.received  # outside a received mail, nothing to count held mail by
    slot = (key, game_id, kind)
    earlier = None
    if counted and slot in gate.held:
        earlier = session.get(HeldMail, gate.held.pop(slot))  # None: undone since
    if earlier is not None:
        gate.held[slot] = earlier.id
        earlier.message, earlier.message_id, earlier.map_id = message, message_id, map_id
        earlier.created_at = now
        session.flush()
        return
    if counted and len(gate.held) >= HELD_PER_MAIL:
        gate.dropped += 1
        return
    row = HeldMail(to_address=key, message=message, message_id=message_id, kind=kind,
                   game_id=game_id, map_id=map_id, created_at=now)  # fmt: skip
    session.add(row)
    session.flush()
    if counted:
        gate.held[slot] = row.id


def _not_queued(
    session: Session,
    gate: Gate,
    verdict: Route,
    to_address: str,
    message: bytes,
    message_id: str,
    kind: str,
    game_id: int | None,
    map_id: int | None,
    now: datetime,
) -> None:
    if verdict is Route.HOLD:
        hold(session, gate, to_address, message, message_id, kind, game_id, map_id, now)
    else:
        log.warning("outbox: %s mail to %s not sent (one mail per mail in to an address "
                    "that never asked for it)", kind, to_address)


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
        msg["Message-ID"] = new_message_id(domain)
    if not msg["Auto-Submitted"]:
        msg["Auto-Submitted"] = AUTO_SUBMITTED.get(kind, "auto-generated")


def rewrite(
    session: Session, row: OutboxMessage | HeldMail, msg: EmailMessage, kind: str, now: datetime
) -> bytes:
    """Put `msg` in place of the mail a queued (or held) `row` holds, keeping the
    row's recipient and Message-ID: an announcement that grew (one mail per
    recipient per mail in: `judge.service.game_mail.notice_batch`). The new bytes."""
    del msg["To"]
    msg["To"] = row.to_address
    del msg["Message-ID"]
    msg["Message-ID"] = row.message_id
    _fill_headers(msg, kind, now)
    row.message = wire_bytes(msg)
    session.flush()
    return row.message
