"""The per-sender hourly limit at processing time (`[limits] per_sender_per_hour`).

The verdict is `judge.service.limits.hourly_limit`'s, on the mail's own row: only mails
received before it count. Mail up to the limit is handled as usual; the mail that
reaches it also brings one notice. Past the limit, a sender who has not had the
notice this hour gets it, and the mail is declined (status `declined`, never
`done`): no reply, no processing, unless it signs on with a valid password
(`judge.service.replies.handling`). The SMTP intake refuses most such mail with 450 first;
this check covers mail from other connecting addresses, other processes and
`judge deliver`.

The notice is in the language the sender reads, which the caller decides
(`judge.service.replies.notice_reader`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from judge.config import Config
from judge.mail.compose import broadcast_message
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import Gate
from judge.service.limits.hourly_limit import WINDOW, Verdict, mails_before
from judge.service.limits.hourly_limit import verdict as verdict_on
from judge.store.models import InboxMessage
from judge.store.sent_mail import sent_since
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.subjects import judge_subject
from judge.wording.templates import render

__all__ = ["DECLINED", "Verdict", "send_notice", "verdict"]

NOTICE_KIND = "ratelimit"
DECLINED = "over the hourly limit of mails per sender"


def verdict(session: Session, row: InboxMessage, config: Config) -> Verdict:
    """The verdict on a stored mail: only the mails received before it count."""
    return verdict_on(mails_before(session, row), config.limits.per_sender_per_hour)


def notice_sent(session: Session, address: str, now: datetime) -> bool:
    return sent_since(session, NOTICE_KIND, address, now - WINDOW)


def send_notice(
    session: Session, config: Config, gate: Gate, address: str, now: datetime,
    reader: Reader = DEFAULT_READER,
) -> None:  # fmt: skip
    """Tell `address` it has reached the limit, once per hour, in `reader`'s language
    (the judge knows none for a bare address: English unless the caller says)."""
    if notice_sent(session, address, now):
        return
    body = render("rate_limit.txt.j2", reader, limit=config.limits.per_sender_per_hour)
    message = broadcast_message(
        sender=config.judge.address,
        sender_name=config.judge.name,
        to=address,
        subject=judge_subject(config.judge.code, "too many mails", reader.language),
        body=body,
        now=now,
    )
    enqueue(session, message, NOTICE_KIND, gate=gate, now=now)
