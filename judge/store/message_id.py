"""The Message-ID of a received mail stored without its header facts.

The intake reads a mail's header block when it stores it (`judge.mail.header_facts`),
and the inbox records the Message-ID read then. A mail stored without those facts
(by a tool or a test) gets its Message-ID here, read as the intake reads it: by the
stdlib's header parser (`compat32`: the fields as written, at a cost linear in the
header block whatever it holds), the first Message-ID field unfolded, its 8-bit
bytes read as UTF-8 (else U+FFFD), its control characters made spaces, with the same
helpers of `judge.rfc5322` (the store knows no MIME: `tests/test_layering.py`);
`tests/store/test_message_id.py` holds the result to the intake's.
"""

from __future__ import annotations

from email.parser import BytesHeaderParser
from email.policy import compat32

from judge.rfc5322 import printable, unfolded, utf8_text

_HEADER_PARSER = BytesHeaderParser(policy=compat32)


def header_message_id(raw: bytes) -> str | None:
    """The Message-ID header of raw mail bytes, or None when absent or unreadable."""
    try:
        fields = _HEADER_PARSER.parsebytes(bytes(raw)).raw_items()
        value = next((value for name, value in fields if name.lower() == "message-id"), "")
    except Exception:  # a mail must be stored even when its headers are garbage
        return None
    return printable(utf8_text(unfolded(value))) or None
