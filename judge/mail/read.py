"""Turn the raw bytes of an incoming mail into what the judge reads: `IncomingMail`.

This is the one entry point from MIME to the command language. It never raises: a
mail that cannot be read still yields an `IncomingMail`, whose `problems` the reply
reports. It also decides whether the mail may be answered at all (bounces,
auto-replies and the judge's own mail must not be).

Every mail is read the same way: `check_bounds` (`judge.mail.bounds`) first makes
sure it stays within the reading limits (header length, encoded words, parameters,
MIME depth), because the stdlib's parsers are not linear on hostile input; then the
stdlib parses it, once, with the `compat32` policy (plain string headers: the
structured header objects of `email.policy.default` cost some twenty times more per
mail), and the few header values the judge needs are read from it
(`judge.mail.headers`), and the body from its parts (`judge.mail.mime_text`).

The intake reads the header block when it stores the mail (`read_header_facts`,
`header_facts_json`) and the inbox row keeps those facts (`judge.mail.header_facts`);
processing a stored mail (`read_stored`) then takes them as they are and reads only
its body (`read_with`). `read_message` reads a mail whole.

Whatever the mail, its decoded body goes through `bound_text` (`judge.mail.
text_bounds`) before any line of it is read: the one place that bounds its size and
the length of its lines and words. A mail beyond the reading limits is not parsed;
it is answered with the reason when its From is plain enough to be read by hand
(`_PlainHeaders`). A mail whose reading raised carries the traceback in `failure`:
the service then marks it `failed` for the operator instead of pretending it was
handled.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass, field, replace
from email.message import Message
from email.parser import BytesHeaderParser, BytesParser
from email.policy import compat32
from typing import Any

from judge import rfc5322 as grammar
from judge.addresses import is_plain_address
from judge.mail.auth_results import FIELD as AUTH_RESULTS
from judge.mail.auth_results import MAX_FIELDS as MAX_AUTH_RESULTS
from judge.mail.body_lines import command_lines
from judge.mail.bounds import HeaderBlock, TooCostly, check_bounds, top_headers
from judge.mail.header_facts import NO_REPLY_SIGNS, HeaderFacts, KeptHeaders
from judge.mail.headers import HeaderValues, MessageHeaders, ids_in
from judge.mail.mime_text import body_text
from judge.mail.no_reply import why_no_reply
from judge.mail.parse_cost import fewer_blank_lines, header_block
from judge.mail.text_bounds import bound_text
from judge.rfc5322 import printable

# The stdlib's parsers, with the policy that keeps headers as written. A parser holds
# no state between mails (each parse makes its own feed parser).
_PARSER = BytesParser(policy=compat32)
_HEADER_PARSER = BytesHeaderParser(policy=compat32)


@dataclass(frozen=True, slots=True)
class IncomingMail:
    """An incoming mail as the judge sees it.

    `sender` is the From address (the reply goes there; `reply_to` is kept for the
    record). `lines` are the body lines to read, right-stripped: blank and quoted
    lines removed outside press, up to and including SIGNOFF. `must_not_answer` is
    True for bounces, auto-replies, list mail and the judge's own mail; `why` says
    which. `problems` are things the reply should mention (undecodable text, ...).
    `failure` is the traceback when reading the mail raised (a bug of the judge's).
    `auth_results` are the mail's Authentication-Results fields (`judge.mail.
    auth_results`); none for a mail beyond the reading limits, which is not read.
    """

    sender: str
    subject: str
    message_id: str
    lines: tuple[str, ...]
    sender_name: str = ""
    auth_results: tuple[str, ...] = ()  # the Authentication-Results fields, unfolded
    reply_to: str = ""
    references: tuple[str, ...] = ()
    must_not_answer: bool = False
    why: str = ""
    problems: tuple[str, ...] = field(default=())
    failure: str = ""

    @property
    def reply_references(self) -> tuple[str, ...]:
        """The References header of the reply: this mail's references, then its id."""
        if not self.message_id or self.message_id in self.references:
            return self.references
        return (*self.references, self.message_id)


def read_message(raw: bytes, judge_address: str) -> IncomingMail:
    """Read a raw RFC 5322 message whole. Never raises, whatever the bytes; its cost
    is bounded by `check_bounds` before the stdlib's parser runs."""
    return read_stored(raw, None, judge_address)


def read_stored(raw: bytes, kept: object, judge_address: str) -> IncomingMail:
    """Read a stored mail: with the header facts kept when it was stored (the inbox
    row's `header_facts`), only its body; without them (or with facts of another
    version, or damaged), whole. Never raises."""
    try:
        facts = HeaderFacts.from_json(kept) if kept is not None else None
        if facts is not None:
            return read_with(facts, raw, judge_address)
        return _read_whole(bytes(raw), judge_address)
    except Exception as error:  # a bug: the service marks the mail failed, with this trace
        return IncomingMail(
            sender="", subject="", message_id="", lines=(), must_not_answer=True,
            why="the mail could not be read at all",
            problems=(f"the mail could not be read ({type(error).__name__})",),
            failure=traceback.format_exc(),
        )  # fmt: skip


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
        return _costly_facts(raw, str(cost))
    return message_facts(_HEADER_PARSER.parsebytes(header_block(raw)))


def read_with(facts: HeaderFacts, raw: bytes, judge_address: str) -> IncomingMail:
    """The mail `raw` whose header block `facts` describe: its body is read here (the
    limits were checked when the facts were read)."""
    if facts.too_costly:
        return _unread(facts, judge_address)
    return _incoming(facts, _PARSER.parsebytes(fewer_blank_lines(bytes(raw))), judge_address)


def _read_whole(raw: bytes, judge_address: str) -> IncomingMail:
    """A mail without kept facts: bounded, parsed once, its headers and body read."""
    try:
        check_bounds(raw)
    except TooCostly as cost:
        return _unread(_costly_facts(raw, str(cost)), judge_address)
    message = _PARSER.parsebytes(fewer_blank_lines(raw))
    return _incoming(message_facts(message), message, judge_address)


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


def _incoming(facts: HeaderFacts, message: Message, judge_address: str) -> IncomingMail:
    """The mail of header block `facts` and parsed body `message`, as the judge sees
    it: the body's text bounded first (`bound_text`: size, lines, words)."""
    text, problems = body_text(message)
    text, bound_problems = bound_text(text)
    lines, line_problems = command_lines(text)
    why = why_no_reply(KeptHeaders(facts), facts.sender, judge_address)
    mail = IncomingMail(
        sender=facts.sender,
        sender_name=facts.sender_name,
        reply_to=facts.reply_to,
        subject=facts.subject,
        message_id=facts.message_id,
        references=facts.references,
        auth_results=facts.auth_results,
        lines=lines,
        must_not_answer=bool(why),
        why=why,
        problems=(*problems, *bound_problems, *line_problems),
    )
    return _plain_sender(mail)


def _plain_sender(mail: IncomingMail) -> IncomingMail:
    """A From that is not a plain address cannot be written in a reply's To: silence."""
    if mail.must_not_answer or not mail.sender or is_plain_address(mail.sender):
        return mail
    why = "the From address is not a plain address (local@domain)"
    return replace(mail, must_not_answer=True, why=why)


def _signs(headers: HeaderValues) -> tuple[tuple[str, str], ...]:
    """The no-reply signs present in `headers`, each with its text."""
    return tuple((name, headers.text(name)) for name in NO_REPLY_SIGNS if headers.has(name))


# --- a mail beyond the reading limits: never parsed, answered by what is plain ----------


def _costly_facts(raw: bytes, reason: str) -> HeaderFacts:
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


def _unread(facts: HeaderFacts, judge_address: str) -> IncomingMail:
    """A mail beyond the reading limits: no line of it is read, and the reply (if its
    From, read by hand, is plain) says why."""
    why = why_no_reply(KeptHeaders(facts), facts.sender, judge_address)
    if not why and not is_plain_address(facts.sender):
        why = "a mail beyond the reading limits whose From is not a plain address"
    return IncomingMail(
        sender=facts.sender,
        sender_name=facts.sender_name,
        subject=facts.subject,
        message_id=facts.message_id,
        references=facts.references,
        lines=(),
        must_not_answer=bool(why),
        why=why,
        problems=(f"the judge did not read this mail: {facts.too_costly}",),
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
