"""`judge deliver`'s intake: one mail piped in by the MTA, stored durably, and the
exit code the MTA understands (sysexits.h: 75 says "try again later").

Nothing is checked here but the size: the mail comes from the local MTA, which has
already accepted it (`judge.server.intake` is the SMTP listener's door). The header
block is read once, as the listener reads it (`judge.mail.header_reading`), and kept
with the mail; the processor (`judge.server.processor`) does the rest.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import parseaddr
from typing import Any

from judge.mail.header_facts import HeaderFacts
from judge.mail.header_reading import header_facts_json
from judge.server.disk_full import disk_full, disk_full_line
from judge.server.intake_inbox import Inbox
from judge.server.startup_failure import cause, shown_url
from judge.store.inbox import ReceivedMail
from judge.store.inbox import envelope_sender as stored_sender

log = logging.getLogger(__name__)

EX_OK, EX_DATAERR, EX_TEMPFAIL = 0, 65, 75  # sysexits.h, as MTAs read them


@dataclass(frozen=True)
class PipeOutcome:
    """What `judge deliver` did with a piped mail: its exit code, and the inbox id."""

    exit_code: int
    inbox_id: int | None = None
    reason: str = ""


def store_piped(
    inbox: Inbox, raw: bytes, sender: str | None = None, recipient: str | None = None
) -> PipeOutcome:
    """Store a mail handed over on stdin by an MTA, with the exit code it understands.

    `recipient` is the envelope recipient the MTA delivered it to (Postfix's pipe(8):
    `--recipient=${recipient}`): a VERP return path says which mail a bounce returns.
    Without it, the mail is taken as sent to the judge's own address."""
    if len(raw) > inbox.config.smtp.max_message_bytes:
        return PipeOutcome(EX_DATAERR, reason="message too large")
    facts = header_facts_json(raw)
    mail_from = envelope_sender(raw, sender, HeaderFacts.from_json(facts))
    # No hourly limit here: the mail comes from the local MTA, for which any count would
    # be a switch (`judge.service.limits.hourly_limit`); the processor's per-sender verdict holds.
    try:
        rcpt = recipient.strip() if recipient and recipient.strip() else inbox.config.judge.address
        inbox_id = inbox.store(ReceivedMail(raw, mail_from, (rcpt,), facts))
    except Exception as exc:  # the caller prints the reason: one line, for the MTA's log
        log.debug("deliver: storing the message failed", exc_info=True)
        url = inbox.config.database.url
        reason = (
            disk_full_line(exc, url)
            if disk_full(exc)
            else f"could not store the message in database {shown_url(url)}: {cause(exc)}"
        )
        return PipeOutcome(EX_TEMPFAIL, reason=reason)
    log.info("inbox %s: received from <%s> by deliver, %d bytes", inbox_id,
             stored_sender(mail_from), len(raw))  # fmt: skip
    return PipeOutcome(EX_OK, inbox_id=inbox_id)


def envelope_sender(raw: bytes, given: str | None = None, facts: HeaderFacts | None = None) -> str:
    """The envelope sender: as given (`--sender`: Postfix's pipe(8) sets no environment,
    its argv passes `--sender=${sender}`), else $SENDER (set by Postfix's local(8) for an
    alias or .forward command), else the Return-Path or From header: as the mail's
    header facts hold them, else read here."""
    if given is not None:
        return given
    if "SENDER" in os.environ:
        return os.environ["SENDER"]
    if facts is not None:
        return_path = dict(facts.signs).get("return-path", "")
        return parseaddr(return_path)[1] if return_path else facts.sender
    headers: Any = BytesHeaderParser(policy=compat32).parsebytes(raw)
    for name in ("Return-Path", "From"):
        value = headers.get(name)
        if value:
            return parseaddr(str(value))[1]
    return ""
