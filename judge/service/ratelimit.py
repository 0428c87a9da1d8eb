"""The per-sender hourly limit at processing time (`[limits] per_sender_per_hour`).

The verdict is `judge.store.rate_limit`'s, on the mail's own row: only mails
received before it count. Mail up to the limit is handled as usual; the mail that
reaches it also brings one notice. Past the limit, a sender who has not had the
notice this hour gets it, and the mail is declined (status `declined`, never
`done`): no reply, no processing, unless it signs on with a valid password
(`judge.service.inbox`). The SMTP intake refuses most such mail with 450 first;
this check covers mail from other connecting addresses, other processes and
`judge deliver`.

The notice is in the language the sender reads (`notice_reader`): that of the games
the address plays, when they agree; for an address the judge has no language for,
that of the mail that brought the notice (French command words, `AIDE`, `LISTE`:
French), as the reply to such a mail would be; else English.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

import judge.service.dispatch as dispatch
from judge.config import Config
from judge.mail.compose import broadcast_message
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import Gate
from judge.service.reader_preferences import reader_of
from judge.store.games import games_of_address
from judge.store.models import InboxMessage, PlayerStatus
from judge.store.rate_limit import WINDOW, Verdict, mails_before
from judge.store.rate_limit import verdict as verdict_on
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


def notice_reader(session: Session, address: str, lines: Sequence[str]) -> Reader:
    """Who reads the notice to `address`, sent because of the mail of `lines`: the
    language of the games it plays (those it left when it plays none), if they all
    agree; else French if the mail used a French command word; else the default."""
    seats = games_of_address(session, address)
    active = [(game, player) for game, player in seats if player.status is PlayerStatus.ACTIVE]
    languages = {reader_of(game, player).language for game, player in active or seats}
    if len(languages) == 1:
        return Reader(language=languages.pop())
    if dispatch.COMMANDS.grammar.writes_french(lines):
        return Reader(language="fr")
    return DEFAULT_READER


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
