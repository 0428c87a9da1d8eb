"""Files carried by outgoing mail (the map PNG on results mails and MAP replies).

`attach` turns a plain-text message into `multipart/mixed` with the text part
first, so a reader that ignores attachments reads the mail as before. The
message is otherwise built by `compose`, which stays text-only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from email.message import EmailMessage


@dataclass(frozen=True)
class Attachment:
    """One file: its name as the reader sees it, its bytes and its MIME type."""

    filename: str
    data: bytes
    maintype: str = "image"
    subtype: str = "png"


def attach(message: EmailMessage, attachments: Iterable[Attachment]) -> EmailMessage:
    """Add each file to `message` as `Content-Disposition: attachment`; returns it."""
    for item in attachments:
        message.add_attachment(
            item.data, maintype=item.maintype, subtype=item.subtype, filename=item.filename
        )
    return message
