"""Outgoing mail as `EmailMessage` values: replies and the judge's own broadcasts.

Every mail names its one recipient in `To:`, comes `From:` the judge, and says how
it was made: replies carry `Auto-Submitted: auto-replied` and are threaded on the
mail they answer; game mail (results, start notices) carries `auto-generated`.
The body text comes from the templates; this module only dresses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

REPLY_PREFIX = "Re: "
ERROR_MARK = "[Error] "


def reply_subject(original: str, error: bool) -> str:
    """`Re: [Error] <original>` or `Re: <original>`."""
    subject = " ".join(original.split())
    return f"{REPLY_PREFIX}{ERROR_MARK if error else ''}{subject}".rstrip()


def game_subject(code: str, game: str, what: str) -> str:
    """`CODE:g1 - <what>`, the njudge form of every game mail's subject."""
    return f"{code}:{game} - {what}"


def _domain(address: str) -> str:
    return address.rpartition("@")[2] or "localhost"


def _base(sender: str, to: str, subject: str, body: str, now: datetime) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = make_msgid(domain=_domain(sender))
    message["X-Loop"] = sender  # a robot that echoes this mail back is not answered
    message.set_content(body)
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
) -> EmailMessage:
    """The one reply to a mail, threaded on it: `references` is the whole thread,
    ending with the answered mail's own id."""
    message = _base(sender, to, reply_subject(original_subject, error), body, now)
    message["Auto-Submitted"] = "auto-replied"
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
    if references:
        message["References"] = " ".join(references)
    return message


def broadcast_message(
    *, sender: str, to: str, subject: str, body: str, now: datetime
) -> EmailMessage:
    """A mail the judge sends on its own: results, a game start, a notice."""
    message = _base(sender, to, subject, body, now)
    message["Auto-Submitted"] = "auto-generated"
    message["Precedence"] = "bulk"
    return message
