"""What the judge needs of a mail's header block, read once, when the mail is stored.

The intake reads a mail's header block before the mail is committed (it needs the
Message-ID for the inbox row anyway), and keeps these facts on the inbox row
(`inbox.header_facts`, JSON):

* what the reply and the record need: the sender, Reply-To, Subject, Message-ID and
  the thread (References, else In-Reply-To);
* the no-reply signs: the value of each header the no-reply rules look at, and the
  mail's own content type (`judge.mail.no_reply` reads them through `KeptHeaders`);
* the Authentication-Results fields, each unfolded (`judge.mail.auth_results` reads
  whether the operator's MTA vouches for the From domain): the very fields the
  stdlib's parse holds, so a line the parser (and the MTA) take for the body's
  first is never read as a header;
* or, for a mail beyond the reading limits (`judge.mail.bounds`), why it is not read.

Processing then takes them as they are and reads only the body (`judge.mail.read.
read_with`): the limits are not checked again, nor a header value decoded again.

The facts carry a version. Facts of another version (kept by an older judge while
the mail waited through an upgrade: version 1 also held where the body began,
version 2 lacked the Authentication-Results fields) are
not believed, and the mail is read whole again from its raw bytes, as a row stored
without facts is: an upgrade never loses a stored mail.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

FACTS_VERSION = 3

# The headers `judge.mail.no_reply` reads (lower case). `KeptHeaders` refuses any
# other, so a new rule that forgets to add its header here fails its tests.
NO_REPLY_SIGNS = (
    "x-loop", "return-path", "auto-submitted", "x-auto-response-suppress", "x-autoreply",
    "x-autorespond", "x-autoresponder", "precedence", "list-id", "list-post",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class HeaderFacts:
    """A mail's header block as the judge reads it (see the module's docstring)."""

    sender: str
    sender_name: str
    reply_to: str
    subject: str
    message_id: str
    references: tuple[str, ...]
    signs: tuple[tuple[str, str], ...]  # (lower-case name, text) of each sign present
    content_type: str
    too_costly: str = ""  # why the mail is beyond the reading limits, or ""
    auth_results: tuple[str, ...] = ()  # each Authentication-Results field, unfolded

    def to_json(self) -> dict[str, Any] | None:
        """The facts as the inbox row keeps them; None when a value could not be kept
        (a JSON column takes no NUL and no lone surrogate: the mail is read whole)."""
        texts = [self.sender, self.sender_name, self.reply_to, self.subject, self.message_id,
                 *self.references, *(text for _, text in self.signs), self.content_type,
                 self.too_costly, *self.auth_results]  # fmt: skip
        if not all(_storable(text) for text in texts):
            return None
        return {
            "v": FACTS_VERSION,
            "sender": self.sender,
            "sender_name": self.sender_name,
            "reply_to": self.reply_to,
            "subject": self.subject,
            "message_id": self.message_id,
            "references": list(self.references),
            "signs": [list(sign) for sign in self.signs],
            "content_type": self.content_type,
            "too_costly": self.too_costly,
            "auth_results": list(self.auth_results),
        }

    @classmethod
    def from_json(cls, kept: object) -> HeaderFacts | None:
        """The facts of `to_json`, or None when absent, of another version, or damaged."""
        if not isinstance(kept, Mapping) or kept.get("v") != FACTS_VERSION:
            return None
        try:
            return cls(
                sender=_text(kept["sender"]),
                sender_name=_text(kept["sender_name"]),
                reply_to=_text(kept["reply_to"]),
                subject=_text(kept["subject"]),
                message_id=_text(kept["message_id"]),
                references=tuple(_text(one) for one in kept["references"]),
                signs=tuple((_text(name), _text(text)) for name, text in kept["signs"]),
                content_type=_text(kept["content_type"]),
                too_costly=_text(kept["too_costly"]),
                auth_results=tuple(_text(one) for one in kept["auth_results"]),
            )
        except (KeyError, TypeError, ValueError):
            return None


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not a text")
    return value


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # NUL, and lone surrogates


def _storable(text: str) -> bool:
    return _UNSTORABLE.search(text) is None


class KeptHeaders:
    """The `HeaderView` of the no-reply rules over kept facts."""

    __slots__ = ("_content_type", "_signs")

    def __init__(self, facts: HeaderFacts) -> None:
        self._signs = dict(facts.signs)
        self._content_type = facts.content_type

    def text(self, name: str) -> str:
        return self._signs.get(_sign(name), "")

    def has(self, name: str) -> bool:
        return _sign(name) in self._signs

    def content_type(self) -> str:
        return self._content_type


def _sign(name: str) -> str:
    key = name.lower()
    if key not in NO_REPLY_SIGNS:
        raise KeyError(f"the {name} header is not kept for the no-reply rules")
    return key
