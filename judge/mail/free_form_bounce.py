"""Bounces that are not RFC 3464 reports: read by Mailman's `flufl.bounce`.

Many servers still return mail in their own words ("The following addresses had
permanent fatal errors", qmail's "Hi. This is the qmail-send program", old Exchange,
Yahoo, AOL...). Mailman has collected detectors for these forms for twenty years;
`flufl.bounce` (Apache-2.0, pure Python, one small dependency) is that collection,
so the judge uses it rather than a hand-written set of patterns. It is asked only
about a mail that came to one of the judge's VERP return paths and is no DSN
(`judge.service.game_mail.bounces`): the return path already says which mail came back, and
the detectors only tell a bounce from an auto-reply. `read_free_form` never raises.

The detectors run regular expressions over every line (about 5 ms a kilobyte on a
busy machine: 5 s for a 1 MiB mail), and anyone who gets the judge's mail holds a
valid return path; so they read only the first `READ_BYTES` of a mail, where every
MTA puts its verdict (the returned message comes after it).
"""

from __future__ import annotations

import email
import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)

READ_BYTES = 16 * 1024


@dataclass(frozen=True)
class FreeFormBounce:
    """The addresses a free-form bounce says failed for good, and for now (lower case)."""

    permanent: frozenset[str]
    temporary: frozenset[str]


def read_free_form(raw: bytes) -> FreeFormBounce | None:
    """What the detectors find in `raw`; None when none of them recognises a bounce."""
    try:
        from flufl.bounce import all_failures

        message = email.message_from_bytes(bytes(raw[:READ_BYTES]))
        temporary, permanent = all_failures(message)
    except Exception:  # a detector's bug on a strange mail: not read as a bounce
        log.warning("free-form bounce detectors failed on a mail; not read as a bounce",
                    exc_info=True)  # fmt: skip
        return None
    if not (temporary or permanent):
        return None
    return FreeFormBounce(_addresses(permanent), _addresses(temporary))


def _addresses(found: object) -> frozenset[str]:
    addresses = set()
    for item in found or ():  # type: ignore[attr-defined]
        text = item.decode("utf-8", "replace") if isinstance(item, bytes) else str(item)
        if text.strip():
            addresses.add(text.strip().strip("<>").lower())
    return frozenset(addresses)
