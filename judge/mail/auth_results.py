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
"""

from __future__ import annotations

import re

FIELD_NAME = b"authentication-results:"
MAX_HEADER_BYTES = 256 * 1024  # the block is bounded by the intake; this is a guard
MAX_FIELDS = 20
_COMMENT = re.compile(r"\([^()]*\)")
_PROPERTY = re.compile(r"([a-z0-9_.-]+)\s*=\s*\"?([^\s\";]+)\"?", re.IGNORECASE)


def header_fields(raw: bytes) -> list[str]:
    """The unfolded values of the top header block's Authentication-Results fields."""
    found: list[str] = []
    current: list[bytes] | None = None
    for line in raw[:MAX_HEADER_BYTES].split(b"\n"):
        line = line.rstrip(b"\r")
        if not line:
            break
        if line[:1] in (b" ", b"\t"):
            if current is not None:
                current.append(line)
            continue
        if current is not None:
            found.append(b" ".join(current).decode("ascii", "replace"))
            current = None
        if line[: len(FIELD_NAME)].lower() == FIELD_NAME and len(found) < MAX_FIELDS:
            current = [line[len(FIELD_NAME) :]]
    if current is not None:
        found.append(b" ".join(current).decode("ascii", "replace"))
    return found


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
