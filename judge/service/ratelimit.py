"""The per-sender hourly limit (`[limits] per_sender_per_hour`).

Mail up to the limit is handled as usual; the mail that reaches it also brings one
notice. Past the limit, a sender who has not had the notice this hour gets it,
and then nothing more: no reply, no processing. (The SMTP intake refuses mail over
the limit too; this check covers mail that arrived by other routes.)
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import Enum

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.config import Config
from judge.mail.compose import broadcast_message
from judge.mail.templates import render
from judge.outbound import enqueue
from judge.store.inbox import count_recent_from
from judge.store.models import InboxMessage, OutboxMessage

WINDOW = timedelta(hours=1)
NOTICE_KIND = "ratelimit"


class Verdict(Enum):
    UNDER = "under"  # handle the mail
    REACHED = "reached"  # handle the mail, and send the notice
    OVER = "over"  # do not handle it; send the notice unless it was sent already


def verdict(session: Session, row: InboxMessage, config: Config, now: datetime) -> Verdict:
    count = count_recent_from(session, row.mail_from, now - WINDOW)
    limit = config.limits.per_sender_per_hour
    if count < limit:
        return Verdict.UNDER
    return Verdict.REACHED if count == limit else Verdict.OVER


def notice_sent(session: Session, address: str, now: datetime) -> bool:
    query = select(func.count(OutboxMessage.id)).where(
        OutboxMessage.kind == NOTICE_KIND,
        func.lower(OutboxMessage.to_address) == address.lower(),
        OutboxMessage.created_at >= now - WINDOW,
    )
    return bool(session.scalar(query))


def send_notice(session: Session, config: Config, address: str, now: datetime) -> None:
    """Tell `address` it has reached the limit, once per hour."""
    if notice_sent(session, address, now):
        return
    body = render("rate_limit.txt.j2", limit=config.limits.per_sender_per_hour)
    message = broadcast_message(
        sender=config.judge.address,
        sender_name=config.judge.name,
        to=address,
        subject=f"{config.judge.code}: too many mails",
        body=body,
        now=now,
    )
    enqueue(session, message, NOTICE_KIND, now=now)
