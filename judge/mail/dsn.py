"""Read a delivery status notification (RFC 3464): which recipients failed, and why.

A DSN is `multipart/report; report-type=delivery-status`: a human text, a
`message/delivery-status` part (one block about the reporting MTA, then one block
per recipient: `Final-Recipient`, `Original-Recipient`, `Action`, `Status`,
`Diagnostic-Code`), and the returned message or its headers (`message/rfc822` or
`text/rfc822-headers`), whose `Message-ID` names the mail that bounced. Postfix,
Exim, Sendmail and Exchange all send this form. `read_dsn` never raises: a mail it
cannot read as a DSN gives None.
"""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import Message
from email.parser import HeaderParser

from judge.mail.headers import ids_in

FAILED = "failed"


@dataclass(frozen=True)
class RecipientStatus:
    """One recipient block: its address (Original-Recipient, else Final-Recipient,
    lower case), its action (`failed`, `delayed`, `delivered`, ...) and the reason."""

    address: str
    action: str
    diagnostic: str


@dataclass(frozen=True)
class DeliveryReport:
    recipients: tuple[RecipientStatus, ...]
    returned_message_ids: tuple[str, ...]  # the bounced mail's Message-ID, when returned
    subject: str

    @property
    def failed(self) -> tuple[RecipientStatus, ...]:
        return tuple(r for r in self.recipients if r.action == FAILED)


def read_dsn(raw: bytes) -> DeliveryReport | None:
    """The report in `raw`, or None when it is not a delivery-status report."""
    try:
        message = email.message_from_bytes(bytes(raw), policy=email.policy.default)
        if message.get_content_type() != "multipart/report":
            return None
        if str(message.get_param("report-type", "")).lower() != "delivery-status":
            return None
        return _report(message)
    except Exception:  # a damaged report is no report
        return None


def _report(message: Message) -> DeliveryReport:
    recipients: list[RecipientStatus] = []
    returned: list[str] = []
    for part in message.walk():
        kind = part.get_content_type()
        if kind == "message/delivery-status":
            recipients.extend(_recipients(part))
        elif kind == "message/rfc822":
            inner = part.get_payload()
            if isinstance(inner, list) and inner and isinstance(inner[0], Message):
                returned.extend(ids_in(str(inner[0].get("Message-ID", ""))))
        elif kind == "text/rfc822-headers":
            text = part.get_payload(decode=True)
            if not isinstance(text, bytes):
                continue
            headers = HeaderParser().parsestr(text.decode("utf-8", "replace"))
            returned.extend(ids_in(str(headers.get("Message-ID", ""))))
    returned.extend(ids_in(str(message.get("X-Original-Message-ID", ""))))
    return DeliveryReport(tuple(recipients), tuple(returned), str(message.get("Subject", "")))


def _recipients(part: Message) -> list[RecipientStatus]:
    blocks = part.get_payload()
    if not isinstance(blocks, list):
        return []
    found = []
    for block in blocks[1:]:  # the first block is about the reporting MTA
        if not isinstance(block, Message):
            continue
        address = _address(block.get("Original-Recipient")) or _address(
            block.get("Final-Recipient")
        )
        if not address:
            continue
        diagnostic = " ".join(str(block.get("Diagnostic-Code", "")).split())
        if ";" in diagnostic:
            diagnostic = diagnostic.partition(";")[2].strip()
        status = str(block.get("Status", "")).strip()
        found.append(
            RecipientStatus(
                address=address,
                action=str(block.get("Action", "")).strip().lower(),
                diagnostic=diagnostic or (f"status {status}" if status else ""),
            )
        )
    return found


def _address(value: object) -> str:
    """`rfc822; player@example.com` as `player@example.com` (other types: "")."""
    if value is None:
        return ""
    kind, _, address = str(value).partition(";")
    if kind.strip().lower() != "rfc822":
        return ""
    return address.strip().strip("<>").lower()
