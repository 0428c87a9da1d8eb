"""Which addresses the judge accepts to write to: plain addr-specs, nothing else.

An address the judge stores (`SET ADDRESS`, `SET ZINE`) or answers (a mail's From)
ends up in the To header of later mail. `=?utf-8?q?evil=0D=0ABcc=3A=20x=40y?=@host`
passed a loose check and then broke every mail of its game. So an address is
accepted only when it is a plain `local@domain` of printable ASCII, a dot-atom before and
a host name after the @, without encoded words, and when the very class that formats the judge's
headers (`email.headerregistry.Address`) reads it back unchanged.

It sits at the top of the package, below the config (`[judge] address`), the command
language (`SET ADDRESS`) and the mail, which all check addresses this one way
(`tests/test_layering.py`).
"""

from __future__ import annotations

import re
from email.errors import HeaderParseError
from email.headerregistry import Address

from judge import rfc5322 as grammar

MAX_ADDRESS = 254  # RFC 5321's limit on a forward path
_PLAIN = re.compile(rf"{grammar.DOT_ATOM}@{grammar.HOST_NAME}")


def is_plain_address(text: str) -> bool:
    """True for a plain `local@domain` that the judge can put in a header as is."""
    if len(text) > MAX_ADDRESS or grammar.ENCODED_WORD_START in text or not _PLAIN.fullmatch(text):
        return False
    local, _, domain = text.rpartition("@")
    try:
        formatted = Address(username=local, domain=domain).addr_spec
    except (HeaderParseError, ValueError, IndexError):
        return False
    return formatted == text
