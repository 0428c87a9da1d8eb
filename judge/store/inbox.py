"""The inbox table's life cycle: store a received mail, claim it, mark what became of it.

Storing commits on its own, before the sender is told 250. Claiming and marking
happen inside the processor's transaction, together with the handler's effects, so
a crash at any point leaves a mail either unprocessed or processed, never half.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from judge.store.message_id import header_message_id
from judge.store.models import MESSAGE_ID_LENGTH, PEER_LENGTH, InboxMessage, InboxStatus


@dataclass(frozen=True, slots=True)
class ReceivedMail:
    """A mail as it arrived: its bytes and its envelope; and the facts of its header
    block, when the intake read them (`judge.mail.header_facts`, in their JSON form:
    the store keeps them whole and takes only their `message_id`); and the address
    it came from, when it came over SMTP."""

    raw: bytes
    mail_from: str
    rcpt_tos: tuple[str, ...]
    header_facts: Mapping[str, Any] | None = None
    peer: str | None = None  # the connecting IP address (SMTP intake), kept with the mail


def store_message(
    sessions: sessionmaker[Session],
    raw: bytes,
    *,
    mail_from: str,
    rcpt_tos: Sequence[str],
    now: datetime,
) -> int:
    """Insert and commit one received mail; return its inbox id. Raises on failure."""
    [inbox_id] = store_messages(sessions, [ReceivedMail(raw, mail_from, tuple(rcpt_tos))], now)
    return inbox_id


def store_messages(
    sessions: sessionmaker[Session], mails: Sequence[ReceivedMail], now: datetime
) -> list[int]:
    """Insert several received mails and commit them together (one fsync); return
    their inbox ids, in order. Raises on failure, when none of them is stored."""
    with sessions.begin() as session:
        return insert_received(session.connection(), mails, now)


def insert_received(
    connection: Connection, mails: Sequence[ReceivedMail], now: datetime
) -> list[int]:
    """Insert received mails in the connection's transaction; their ids, in order."""
    if not mails:
        return []
    values = [_inbox_values(mail, now) for mail in mails]
    result = connection.execute(_INSERT_RETURNING_IDS, values)
    return [int(inbox_id) for inbox_id in result.scalars()]


# One statement for a whole batch; SQLAlchemy returns the ids in the order of the
# mails (`sort_by_parameter_order`), in as few round trips as the database allows.
_INSERT_RETURNING_IDS = insert(InboxMessage).returning(
    InboxMessage.id, sort_by_parameter_order=True
)


def _inbox_values(mail: ReceivedMail, now: datetime) -> dict[str, Any]:
    facts = mail.header_facts
    if facts is None:
        message_id = header_message_id(mail.raw)  # a mail whose headers nobody read yet
    else:
        kept = facts.get("message_id")
        message_id = kept if isinstance(kept, str) and kept else None
    return {
        "raw": mail.raw,
        "mail_from": envelope_sender(mail.mail_from),
        "rcpt_tos": list(mail.rcpt_tos),
        "received_at": now,
        "message_id": message_id[:MESSAGE_ID_LENGTH] if message_id else None,
        "digest": hashlib.sha256(mail.raw).hexdigest(),
        "status": InboxStatus.NEW,
        "header_facts": dict(facts) if facts is not None else None,
        "peer": mail.peer[:PEER_LENGTH] if mail.peer else None,
    }


def envelope_sender(mail_from: str) -> str:
    """The envelope sender as stored: lower case, and "" for the null sender `<>` of
    bounces and other automatic mail (RFC 5321), however the intake wrote it."""
    address = mail_from.strip().lower()[:320]
    return "" if address in ("<>", "") else address


MAX_ATTEMPTS = 3  # a mail whose processing began this often without finishing is failed


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a handler made of a mail, when it is not plain `done`: `declined` (not
    answered) or `done_with_errors` (a command crashed), with the why or the
    tracebacks; `failed` for a mail that could not be read."""

    status: InboxStatus
    error: str


_NEXT = (
    select(InboxMessage.id, InboxMessage.attempts)
    .where(InboxMessage.status == InboxStatus.NEW)
    .order_by(InboxMessage.id)
    .limit(bindparam("limit"))
    .with_for_update(skip_locked=True)
)
_COUNT_ATTEMPT = (
    update(InboxMessage)
    .where(InboxMessage.id.in_(bindparam("ids", expanding=True)))
    .values(attempts=InboxMessage.attempts + 1)
)
_UNCOUNT_ATTEMPT = (
    update(InboxMessage)
    .where(InboxMessage.id.in_(bindparam("ids", expanding=True)))
    .values(attempts=InboxMessage.attempts - 1)
)
_CLAIM = (
    select(InboxMessage.__table__)
    .where(
        InboxMessage.status == InboxStatus.NEW,
        InboxMessage.id.in_(bindparam("ids", expanding=True)),
    )
    .order_by(InboxMessage.id)
    .with_for_update(skip_locked=True)
)  # the statements the inbox processor runs for every batch are built once
_WITH_DIGESTS = (
    select(InboxMessage.id, InboxMessage.digest, InboxMessage.status, InboxMessage.raw)
    .where(InboxMessage.digest.in_(bindparam("digests", expanding=True)))
    .order_by(InboxMessage.id)
)  # by digest alone: with a status condition too, SQLite would walk the status index


def count_attempts(connection: Connection, limit: int) -> list[int]:
    """Pick the next mails to process and count an attempt for each; the caller
    commits this before processing begins, so that a crash (or the kernel's OOM
    killer) while processing leaves its mark.

    A mail whose earlier attempt never finished is a suspect: it is picked alone,
    so that it cannot take the mails after it down with it again. Otherwise the
    oldest mails up to `limit`, up to the first suspect. Returns their ids."""
    rows = list(connection.execute(_NEXT, {"limit": limit}))
    if not rows:
        return []
    picked = [rows[0].id]
    if rows[0].attempts == 0:
        picked = [row.id for row in _until_suspect(rows)]
    connection.execute(_COUNT_ATTEMPT, {"ids": picked})
    return picked


def _until_suspect(rows: Sequence[Any]) -> list[Any]:
    for index, row in enumerate(rows):
        if row.attempts:
            return list(rows[:index])
    return list(rows)


def uncount_attempts(connection: Connection, ids: Sequence[int]) -> None:
    """Take back the attempt counted for mails the batch did not reach."""
    if ids:
        connection.execute(_UNCOUNT_ATTEMPT, {"ids": list(ids)})


def claim_batch(connection: Connection, ids: Sequence[int]) -> list[Row[Any]]:
    """The mails `ids` that are still new, oldest first, locked for the connection's
    transaction (SKIP LOCKED on PostgreSQL; SQLite's write lock already keeps other
    writers out), as plain rows: `unattached` makes the ones processed into
    `InboxMessage` objects, whose outcome `write_outcomes` writes in the same
    transaction."""
    if not ids:
        return []
    return list(connection.execute(_CLAIM, {"ids": list(ids)}))


def peek_new(session: Session, limit: int) -> list[InboxMessage]:
    """The oldest unprocessed mails, up to `limit`, without claiming them (a read-only
    look ahead of the next batch)."""
    query = (
        select(InboxMessage)
        .where(InboxMessage.status == InboxStatus.NEW)
        .order_by(InboxMessage.id)
        .limit(limit)
    )
    return list(session.scalars(query))


def unattached(row: Row[Any]) -> InboxMessage:
    """A claimed row as an `InboxMessage` outside any session."""
    return InboxMessage(**row._asdict())


def processed_copies(connection: Connection, rows: Sequence[Row[Any]]) -> dict[int, int]:
    """For each row that repeats an earlier, already processed mail byte for byte,
    that mail's id (by row id). One query for the whole batch.

    An MTA that lost our 250 (a dropped connection) sends the same bytes again;
    a person writing twice never produces identical bytes (Date, Message-ID).
    """
    if not rows:
        return {}
    digests = sorted({row.digest for row in rows})
    processed = PROCESSED
    earlier = [
        other
        for other in connection.execute(_WITH_DIGESTS, {"digests": digests})
        if other.status in processed
    ]
    copies: dict[int, int] = {}
    for row in rows:
        for other in earlier:
            if other.id < row.id and other.digest == row.digest and other.raw == row.raw:
                copies[row.id] = other.id
                break
    return copies


_WRITE_OUTCOME = (
    update(InboxMessage)
    .where(InboxMessage.id == bindparam("row_id"))
    .values(
        status=bindparam("new_status"),
        error=bindparam("new_error"),
        processed_at=bindparam("new_processed_at"),
    )
)


def write_outcomes(connection: Connection, rows: Sequence[InboxMessage]) -> None:
    """Write what became of each row (`mark_*`) to the inbox table."""
    if rows:
        outcomes = [
            {"row_id": row.id, "new_status": row.status, "new_error": row.error,
             "new_processed_at": row.processed_at}
            for row in rows
        ]  # fmt: skip
        connection.execute(_WRITE_OUTCOME, outcomes)


PROCESSED = (
    InboxStatus.DONE, InboxStatus.DONE_WITH_ERRORS, InboxStatus.DECLINED, InboxStatus.FAILED
)  # fmt: skip


def mark_done(row: InboxMessage, now: datetime) -> None:
    row.status = InboxStatus.DONE
    row.error = None
    row.processed_at = now


def mark_outcome(row: InboxMessage, outcome: Outcome, now: datetime) -> None:
    row.status = outcome.status
    row.error = outcome.error
    row.processed_at = now


def mark_failed(row: InboxMessage, error: str, now: datetime) -> None:
    row.status = InboxStatus.FAILED
    row.error = error
    row.processed_at = now


def mark_duplicate(row: InboxMessage, original_id: int, now: datetime) -> None:
    row.status = InboxStatus.DUPLICATE
    row.error = f"same bytes as inbox message {original_id}; not processed again"
    row.processed_at = now


def failed_messages(
    session: Session, *, limit: int = 100, status: InboxStatus = InboxStatus.FAILED
) -> list[InboxMessage]:
    """The most recent mails whose processing failed (or with another `status`),
    newest first."""
    query = (
        select(InboxMessage)
        .where(InboxMessage.status == status)
        .order_by(InboxMessage.id.desc())
        .limit(limit)
    )
    return list(session.scalars(query))


def requeue(session: Session, inbox_id: int) -> bool:
    """Put a failed mail back to `new` (after the operator fixed the cause)."""
    row = session.get(InboxMessage, inbox_id, with_for_update=True)
    if row is None or row.status != InboxStatus.FAILED:
        return False
    row.status = InboxStatus.NEW
    row.processed_at = None
    row.attempts = 0
    return True
