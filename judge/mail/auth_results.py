"""Whether the operator's own MTA vouches for a mail's From domain (RFC 8601).

A From address proves nothing by itself. An MTA that checks DKIM and DMARC writes
its verdicts in an `Authentication-Results` header that starts with its own
authserv-id; the operator names that id in `[security] authserv_id`. A mail whose
header from that id says `dmarc=pass` with `header.from` the From domain, or
`dkim=pass` with `header.d` the From domain, is from a verified sender.

Only headers with the configured id count (any other was written by someone
else, maybe the sender). The MTA must delete headers bearing its own id from the
mail it receives (RFC 8601 section 5; OpenDMARC and OpenDKIM do, and Postfix with
them): else a forger writes a "pass" of their own. See docs/service.md.

The fields are those of the one parse of the mail (`judge.mail.read.message_facts`,
kept with the inbox row: `HeaderFacts.auth_results`), never a scan of the raw
bytes of its own: a field after a line without a colon is, for the stdlib's
parser as for the MTA, in the body, where a sender may write anything.
"""

from __future__ import annotations

import re

FIELD = "Authentication-Results"
MAX_FIELDS = 20  # the first fields of a mail that are read; the rest are not
_COMMENT = re.compile(r"\([^()]*\)")
_PROPERTY = re.compile(r"([a-z0-9_.-]+)\s*=\s*\"?([^\s\";]+)\"?", re.IGNORECASE)


def verified_domain(values: list[str], authserv_id: str, from_domain: str) -> bool:
    """True when a header of `authserv_id` among `values` shows DMARC or DKIM pass
    for `from_domain`."""
    if not authserv_id or not from_domain:
        return False
    domain = from_domain.lower().rstrip(".")
    for value in values:
        parts = _COMMENT.sub(" ", value).split(";")
        words = parts[0].split()
        if not words or words[0].lower() != authserv_id.lower():
            continue
        for result in parts[1:]:
            if _passes(result, domain):
                return True
    return False


def _passes(result: str, domain: str) -> bool:
    pairs = [(str(key).lower(), str(value).lower()) for key, value in _PROPERTY.findall(result)]
    if not pairs:
        return False
    method, outcome = pairs[0]
    properties: dict[str, str] = dict(pairs[1:])
    if outcome != "pass":
        return False
    if method == "dmarc":
        return properties.get("header.from", "").rstrip(".") == domain
    if method == "dkim":
        return properties.get("header.d", "").rstrip(".") == domain
    return False
