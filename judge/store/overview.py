"""What `judge status` shows an operator, read straight from the tables.

`operator_overview` lists the games, the queues, every mail that failed (with
its error), every mail answered although a command crashed on it
(`done_with_errors`, with the tracebacks), and every game whose scheduled handling
failed (backed off, or parked until `judge retry --game`, with its traceback).
One game's status (`judge status GAME --json`) needs the variants, so it is the
service layer's `judge.service.status.game_status`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.store import game_failures
from judge.store.bouncing import bouncing_addresses
from judge.store.games import list_games
from judge.store.inbox import failed_messages
from judge.store.models import (
    InboxMessage,
    InboxStatus,
    OutboxMessage,
    OutboxStatus,
)


def iso_utc(moment: datetime | None) -> str | None:
    """`2026-12-01T18:00:00Z`, the form `spec/mail.md` uses."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def operator_overview(session: Session, now: datetime | None = None) -> dict[str, Any]:
    moment = now or datetime.now(UTC)
    return {
        "games": [
            {
                "game": g.name,
                "variant": g.variant,
                "status": str(g.status),
                "phase": g.phase,
                "deadline": iso_utc(g.next_deadline),
            }
            for g in list_games(session)
        ],
        "inbox": _counts(session, InboxMessage.status),
        "failed_inbox": _inbox_rows(failed_messages(session)),
        "inbox_with_errors": _inbox_rows(
            failed_messages(session, status=InboxStatus.DONE_WITH_ERRORS)
        ),
        "outbox": _counts(session, OutboxMessage.status),
        "outbox_queue": outbox_queue(session, moment),
        "failed_outbox": [
            {
                "id": row.id,
                "to": row.to_address,
                "created_at": iso_utc(row.created_at),
                "attempts": row.attempts,
                "error": row.last_error,
            }
            for row in _failed_outgoing(session)
        ],
        "failing_games": [
            {
                "game": name,
                "attempts": row.attempts,
                "parked": row.parked_at is not None,
                "first_failure": iso_utc(row.first_failed_at),
                "last_failure": iso_utc(row.last_failed_at),
                "retry_at": None if row.parked_at is not None else iso_utc(row.retry_at),
                "master_told": row.gm_told_at is not None,
                "error": row.error,
            }
            for name, row in game_failures.failures(session)
        ],
        "bouncing": [
            {
                "address": row.address,
                "first_bounce": iso_utc(row.first_bounce_at),
                "last_bounce": iso_utc(row.last_bounce_at),
                "bounces": row.bounces,
                "diagnostic": row.diagnostic,
            }
            for row in bouncing_addresses(session)
        ],
    }


def _inbox_rows(rows: list[InboxMessage]) -> list[dict[str, Any]]:
    return [
        {
            "id": row.id,
            "received_at": iso_utc(row.received_at),
            "mail_from": row.mail_from,
            "message_id": row.message_id,
            "attempts": row.attempts,
            "error": row.error,
        }
        for row in rows
    ]


def _counts(session: Session, column: Any) -> dict[str, int]:
    rows = session.execute(select(column, func.count()).group_by(column))
    return {str(status): count for status, count in rows}


def _failed_outgoing(session: Session, limit: int = 100) -> list[OutboxMessage]:
    query = (
        select(OutboxMessage)
        .where(OutboxMessage.status == OutboxStatus.FAILED)
        .order_by(OutboxMessage.id.desc())
        .limit(limit)
    )
    return list(session.scalars(query))


def outbox_queue(session: Session, now: datetime) -> dict[str, Any]:
    """The outgoing queue: how much waits, since when, and why it is being retried."""
    pending = OutboxMessage.status == OutboxStatus.PENDING
    count, oldest = session.execute(
        select(func.count(), func.min(OutboxMessage.created_at)).where(pending)
    ).one()
    failing = session.execute(
        select(OutboxMessage.last_error, func.count(), func.min(OutboxMessage.next_attempt_at))
        .where(pending, OutboxMessage.last_error.is_not(None))
        .group_by(OutboxMessage.last_error)
        .order_by(func.count().desc())
        .limit(10)
    )
    return {
        "pending": int(count),
        "oldest_pending_seconds": (
            None if oldest is None else max(0, int((now - oldest).total_seconds()))
        ),
        "retrying": [
            {"error": error, "mails": int(mails), "next_attempt": iso_utc(next_at)}
            for error, mails, next_at in failing
        ],
    }


def outbox_queue_lines(queue: dict[str, Any]) -> list[str]:
    """`outbox_queue` as the lines `judge status` prints."""
    age = queue["oldest_pending_seconds"]
    oldest = "" if age is None else f", oldest {_age_text(age)} old"
    lines = [f"  queue: {queue['pending']} pending{oldest}"]
    lines += [
        f"  retrying {row['mails']} (next try {row['next_attempt']}): {row['error']}"
        for row in queue["retrying"]
    ]
    return lines


def _age_text(seconds: int) -> str:
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [(days, "d"), (hours, "h"), (minutes, "m"), (seconds, "s")]
    return " ".join(f"{n}{unit}" for n, unit in parts if n) or "0s"
