"""The Message-ID of a received mail stored without its header facts.

The intake reads a mail's header block when it stores it (`judge.mail.header_facts`),
and the inbox records the Message-ID read then. A mail stored without those facts
(by a tool or a test) gets its Message-ID here, read as the intake reads it: the
stdlib's header parser (`compat32`: the fields as written, and a cost linear in the
header block whatever it holds), and the value as `judge.mail.headers` makes it.
"""

from __future__ import annotations

from email.parser import BytesHeaderParser
from email.policy import compat32

from judge.mail.headers import message_id

_HEADER_PARSER = BytesHeaderParser(policy=compat32)


def header_message_id(raw: bytes) -> str | None:
    """The Message-ID header of raw mail bytes, or None when absent or unreadable."""
    try:
        return message_id(_HEADER_PARSER.parsebytes(bytes(raw))) or None
    except Exception:  # a mail must be stored even when its headers are garbage
        return None
