"""Outgoing mail as `EmailMessage` values: replies and the judge's own broadcasts.

Every mail names its one recipient in `To:`, comes `From:` the judge, and says how
it was made: replies carry `Auto-Submitted: auto-replied` and are threaded on the
mail they answer; game mail (results, start notices) carries `auto-generated`.
The body text comes from the templates; this module only dresses it, and keeps
every line of it to 78 columns (`judge.wording.mail_width.fit_body`).

Messages are built under `judge.mail.wire.WIRE` with plain string headers, the
values that need it already encoded (`address`, `text`), and written by
`wire_bytes`: the stdlib is the judge's only mail writer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from email.header import Header
from email.message import EmailMessage
from email.utils import format_datetime

from judge.mail.identifiers import new_message_id, plain_id, plain_ids
from judge.mail.wire import WIRE, address, mailbox, text
from judge.wording.mail_width import fit_body

REPLY_PREFIX = "Re: "
ERROR_MARK = "[Error] "
# What mail programs put before a subject they answer: `Re:`, Outlook's `RE:`, German
# `AW:`, Scandinavian `SV:`, Dutch `Antw:`, some with a count (`Re[2]:`); and the mark
# an earlier reply of the judge added. `Fwd:` stays: a forwarded mail is news.
_ANSWER_PREFIX = re.compile(
    r"^\s*(?:(?:re|aw|sv|antw|vs)\s*(?:\[\d+\])?\s*:|\[error\])\s*", re.IGNORECASE
)


def reply_subject(original: str, error: bool) -> str:
    """`Re: [Error] <original>` or `Re: <original>`, with the reply prefixes and the
    error mark already on `original` taken off first, so a thread does not stack
    `Re: Re:` or `Re: [Error] RE:`."""
    subject = " ".join(original.split())
    while True:
        stripped = _ANSWER_PREFIX.sub("", subject, count=1)
        if stripped == subject:
            break
        subject = stripped
    return f"{REPLY_PREFIX}{ERROR_MARK if error else ''}{subject}".rstrip()


def judge_from(address: str, display_name: str) -> str | Header:
    """The judge's `From:` value: `Display Name <address>` (quoted where the name needs
    it, encoded where it is not ASCII), or the bare address when there is no name."""
    return mailbox(display_name, address, "From")


def game_subject(code: str, game: str, what: str) -> str:
    """`CODE:g1 - <what>`, the njudge form of every game mail's subject."""
    return f"{code}:{game} - {what}"


def _domain(address: str) -> str:
    return address.rpartition("@")[2] or "localhost"


def _base(
    sender: str,
    to: str,
    subject: str,
    body: str,
    now: datetime,
    message_id: str | None = None,
    sender_name: str = "",
) -> EmailMessage:
    message = EmailMessage(policy=WIRE)
    message["From"] = judge_from(sender, sender_name)
    message["To"] = address(to)
    message["Subject"] = text(subject)
    message["Date"] = format_datetime(now)
    message["Message-ID"] = message_id or new_message_id(_domain(sender))
    message["X-Loop"] = sender  # a robot that echoes this mail back is not answered
    message.set_content(fit_body(body))  # the one place every body is kept to 78 columns
    return message


def reply_message(
    *,
    sender: str,
    to: str,
    original_subject: str,
    in_reply_to: str | None,
    references: Sequence[str],
    body: str,
    error: bool,
    now: datetime,
    sender_name: str = "",
    message_id: str | None = None,
) -> EmailMessage:
    """The one reply to a mail, threaded on it: `references` is the whole thread,
    ending with the answered mail's own id. `message_id` is for tests: else a new one.
    `sender` is the judge's address; `sender_name` its display name in `From:`."""
    subject = reply_subject(original_subject, error)
    message = _base(sender, to, subject, body, now, message_id, sender_name)
    message["Auto-Submitted"] = "auto-replied"
    in_reply_to, references = plain_id(in_reply_to), plain_ids(references)
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
    if references:
        message["References"] = " ".join(references)
    return message


def broadcast_message(
    *, sender: str, to: str, subject: str, body: str, now: datetime, sender_name: str = ""
) -> EmailMessage:
    """A mail the judge sends on its own: results, a game start, a notice."""
    message = _base(sender, to, subject, body, now, sender_name=sender_name)
    message["Auto-Submitted"] = "auto-generated"
    message["Precedence"] = "bulk"
    return message
