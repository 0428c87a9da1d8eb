"""The header block of an incoming mail, read into what the inbox keeps: `HeaderFacts`.

The intake reads the header block when it stores a mail (`header_facts_json`); the
inbox row keeps those facts (`judge.mail.header_facts`), and processing
(`judge.mail.read`) then reads only the body. The block is read the way
`judge.mail.read` reads a whole mail: `check_bounds` first (the stdlib's parsers are
not linear on hostile input), then the stdlib's header parser with the `compat32`
policy; a block beyond the reading limits is never parsed, only read by hand, leniently
(`costly_facts`).

Apart from `judge.mail.read` because storing a mail needs only this: `judge deliver`,
run by the MTA once per incoming mail, reads no body, and so imports neither the body's
readers nor the command language they read with.
"""

from __future__ import annotations

import re
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from typing import Any

from judge import rfc5322 as grammar
from judge.mail.auth_results import FIELD as AUTH_RESULTS
from judge.mail.auth_results import MAX_FIELDS as MAX_AUTH_RESULTS
from judge.mail.bounds import HeaderBlock, TooCostly, check_bounds, top_headers
from judge.mail.header_facts import NO_REPLY_SIGNS, HeaderFacts
from judge.mail.headers import HeaderValues, MessageHeaders, ids_in
from judge.mail.parse_cost import header_block
from judge.rfc5322 import printable

# The stdlib's header parser, with the policy that keeps headers as written. It holds
# no state between mails (each parse makes its own feed parser).
_HEADER_PARSER = BytesHeaderParser(policy=compat32)


def header_facts_json(raw: bytes) -> dict[str, Any] | None:
    """The header facts of `raw` as the inbox keeps them (`HeaderFacts.to_json`), read
    when the mail is stored; None when they cannot be read or kept (processing then
    reads the mail whole, and reports what went wrong). Never raises: a mail is
    stored whatever its headers."""
    try:
        return read_header_facts(raw).to_json()
    except Exception:  # the processing's whole reading reports it, with the traceback
        return None


def read_header_facts(raw: bytes) -> HeaderFacts:
    """What the judge needs of the header block of `raw` (`HeaderFacts`), read by the
    stdlib's header parser; for a mail beyond the reading limits, only what can be
    read by hand, and why."""
    raw = bytes(raw)
    try:
        check_bounds(raw)
    except TooCostly as cost:
        return costly_facts(raw, str(cost))
    return message_facts(_HEADER_PARSER.parsebytes(header_block(raw)))


def message_facts(message: Message) -> HeaderFacts:
    """The facts of a header block the stdlib parsed."""
    headers = MessageHeaders(message)
    sender_name, sender = headers.address("From")
    return HeaderFacts(
        sender=sender,
        sender_name=sender_name,
        reply_to=headers.address("Reply-To")[1],
        subject=headers.text("Subject"),
        message_id=headers.plain("Message-ID"),
        references=headers.ids("References") or headers.ids("In-Reply-To"),
        signs=_signs(headers),
        content_type=headers.content_type(),
        auth_results=headers.every_plain(AUTH_RESULTS)[:MAX_AUTH_RESULTS],
    )


def _signs(headers: HeaderValues) -> tuple[tuple[str, str], ...]:
    """The no-reply signs present in `headers`, each with its text."""
    return tuple((name, headers.text(name)) for name in NO_REPLY_SIGNS if headers.has(name))


# --- a mail beyond the reading limits: never parsed, read by hand ----------------


def costly_facts(raw: bytes, reason: str) -> HeaderFacts:
    """A mail beyond the reading limits: its header block read by hand, leniently
    (plain values only), for the reply that says why no line of it is read."""
    try:
        block = top_headers(raw)
    except TooCostly:
        block = HeaderBlock()
    headers = _PlainHeaders(block)
    sender_name, sender = headers.address("From")
    return HeaderFacts(
        sender=sender,
        sender_name=sender_name,
        reply_to="",
        subject=headers.plain("Subject"),
        message_id=headers.message_id(),
        references=ids_in(headers.plain("References")),
        signs=_signs(headers),
        content_type=block.kind,
        too_costly=reason,
    )


_PHRASE = rf"{grammar.ATEXT}+(?:[ \t]+{grammar.ATEXT}+)*"
_QUOTED = r"[\t\x20\x21\x23-\x5b\x5d-\x7e]*"  # qtext and white space, no quoted-pair
_PLAIN_ADDRESS = re.compile(
    rf"[ \t]*(?:(?P<bare>{grammar.ADDR_SPEC})"
    rf'|(?:(?P<phrase>{_PHRASE})|"(?P<quoted>{_QUOTED})")?'
    rf"[ \t]*<(?P<angle>{grammar.ADDR_SPEC})>)[ \t]*"
)  # `addr@host`, `<addr@host>`, `Name <addr@host>` or `"Name" <addr@host>`: linear


class _PlainHeaders:
    """The top header block of a mail too costly to parse (`top_headers`: values
    unfolded, cut at `MAX_FIELD_BYTES`), read by hand: values plain beyond doubt
    (ASCII without encoded words; an address or id in its plainest form), anything
    else blank; the no-reply signs as written."""

    def __init__(self, block: HeaderBlock) -> None:
        self._first: dict[str, str] = {}
        for name, value in block.fields:
            self._first.setdefault(name.lower(), value)

    def has(self, name: str) -> bool:
        return name.lower() in self._first

    def text(self, name: str) -> str:
        value = self._first.get(name.lower(), "")[:1000]  # latin-1: the bytes as written
        return printable(value.encode("latin-1").decode("utf-8", "replace"))

    def plain(self, name: str) -> str:
        value = self._first.get(name.lower(), "")
        return printable(value) if grammar.is_plain_value(value) else ""

    def address(self, name: str) -> tuple[str, str]:
        found = _PLAIN_ADDRESS.fullmatch(self.plain(name))
        if found is None:
            return "", ""
        if found["bare"]:
            return "", found["bare"]
        if found["phrase"]:
            return " ".join(found["phrase"].split()), found["angle"]
        return printable(found["quoted"] or ""), found["angle"]

    def message_id(self) -> str:
        value = self.plain("Message-ID")
        return value if grammar.PLAIN_MSG_ID.fullmatch(value) else ""
