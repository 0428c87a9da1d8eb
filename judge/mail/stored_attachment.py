"""A file stored once and attached to many mails when they are sent (a phase's map).

A results mail goes to every reader of a game, and its map is the same for all of
them. Each outbox row therefore holds its mail with a tiny *placeholder* PNG as the
attachment (a valid 1 x 1 image, 67 bytes), and refers to the stored file; the
sender splices the file's base64 in place of the placeholder's just before the mail
goes (`fill`). The placeholder is the mail's last part, so its base64 line is the
last one of its kind in the mail, and it is a constant: a mail queued by one version
of the judge is filled by the next. Should the stored file be gone, the mail still
goes, with the blank placeholder image; should it have failed to be made (it is
stored as the placeholder itself), the mail goes as its text part alone.
"""

from __future__ import annotations

import base64
import email
from email.policy import SMTP

from judge.mail.attachments import Attachment

PLACEHOLDER_BASE64 = (
    b"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR42mP4DwABAQEAHLCMmQAAAABJRU5ErkJggg=="
)
PLACEHOLDER_PNG = base64.b64decode(PLACEHOLDER_BASE64)
_LINE = 76  # base64 characters per line, as the email package writes them


def placeholder(filename: str) -> Attachment:
    """The attachment a queued mail carries until the stored file is filled in."""
    return Attachment(filename, PLACEHOLDER_PNG)


def encoded(data: bytes) -> bytes:
    """`data` as the base64 body of a MIME part: 76-character lines, CRLF between them."""
    text = base64.b64encode(data)
    return b"\r\n".join(text[i:i + _LINE] for i in range(0, len(text), _LINE))


def fill(message: bytes, body: bytes) -> bytes:
    """`message` with its placeholder's base64 replaced by `body` (from `encoded`).

    Line ends follow the message's own (CRLF as queued). A message without the
    placeholder is returned as it is."""
    mark = _PLACEHOLDER_BODY
    at = message.rfind(mark)
    if at < 0:
        mark = _PLACEHOLDER_BODY.replace(b"\r\n", b"\n")
        at = message.rfind(mark)
        if at < 0:
            return message
        body = body.replace(b"\r\n", b"\n")
    return message[:at] + body + message[at + len(mark):]


def fill_or_drop(message: bytes, data: bytes) -> bytes:
    """`message` with the stored file `data` filled in; when `data` is the placeholder
    itself (the file could not be made), the mail without the attachment: its text
    part alone, as a plain one-part mail."""
    if data != PLACEHOLDER_PNG:
        return fill(message, encoded(data))
    parsed = email.message_from_bytes(message, policy=SMTP)
    text = parsed.get_body(("plain",))
    if text is None or text is parsed:
        return message
    content = text.get_content()
    parsed.clear_content()
    parsed.set_content(content)
    return parsed.as_bytes(policy=SMTP)


_PLACEHOLDER_BODY = encoded(PLACEHOLDER_PNG)
