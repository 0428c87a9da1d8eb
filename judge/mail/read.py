"""Turn the raw bytes of an incoming mail into what the judge reads: `IncomingMail`.

This is the one entry point from MIME to the command language. It never raises: a
mail that cannot be read still yields an `IncomingMail`, whose `problems` the reply
reports. It also decides whether the mail may be answered at all (bounces,
auto-replies and the judge's own mail must not be).

Most mail is one plain text part, and the stdlib's `email.policy.default` parser was
most of the judge's CPU per mail. So a fast path reads such mail by hand
(`read_simple`); whatever it is not sure of (MIME structure, transfer encodings,
other charsets, encoded or 8-bit headers, unusual addresses) it leaves to the full
parser (`read_parsed`). Both end in the same functions (`command_lines`,
`why_no_reply`, `ids_in`, `_printable`), and the tests hold the two to the same
`IncomingMail` for every mail the fast path accepts.

Before either path, `check_bounds` makes sure the mail stays within the reading
limits (header length, encoded words, parameters, MIME depth): the stdlib's parsers
are not linear on hostile input. A mail beyond them is not parsed; it is answered
with the reason when its From is plain enough to be read by hand (`too_costly`).
A mail whose reading raised carries the traceback in `failure`: the service then
marks it `failed` for the operator instead of pretending it was handled.
"""

from __future__ import annotations

import email
import email.policy
import traceback
from dataclasses import dataclass, field, replace
from email.message import Message

from judge.mail.addresses import is_plain_address
from judge.mail.body_lines import command_lines
from judge.mail.bounds import HeaderBlock, TooCostly, check_bounds, top_headers
from judge.mail.headers import (
    MessageHeaders,
    NotSimple,
    SimpleHeaders,
    first_address,
    header_text,
    ids_in,
    message_ids,
    printable,
    split_simple,
)
from judge.mail.mime_text import body_text, plain_text, simple_charset, simple_flowed
from judge.mail.no_reply import why_no_reply


@dataclass(frozen=True, slots=True)
class IncomingMail:
    """An incoming mail as the judge sees it.

    `sender` is the From address (the reply goes there; `reply_to` is kept for the
    record). `lines` are the body lines to read, right-stripped: blank and quoted
    lines removed outside press, up to and including SIGNOFF. `must_not_answer` is
    True for bounces, auto-replies, list mail and the judge's own mail; `why` says
    which. `problems` are things the reply should mention (undecodable text, ...).
    `failure` is the traceback when reading the mail raised (a bug of the judge's).
    """

    sender: str
    subject: str
    message_id: str
    lines: tuple[str, ...]
    sender_name: str = ""
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
    """Read a raw RFC 5322 message. Never raises, whatever the bytes; its cost is
    bounded by `check_bounds` before any stdlib parser runs."""
    try:
        check_bounds(raw)
    except TooCostly as cost:
        return too_costly(raw, str(cost), judge_address)
    try:
        return read_simple(raw, judge_address) or read_parsed(raw, judge_address)
    except Exception as error:  # a bug: the service marks the mail failed, with this trace
        return IncomingMail(
            sender="", subject="", message_id="", lines=(), must_not_answer=True,
            why="the mail could not be read at all",
            problems=(f"the mail could not be read ({type(error).__name__})",),
            failure=traceback.format_exc(),
        )  # fmt: skip


def _plain_sender(mail: IncomingMail) -> IncomingMail:
    """A From that is not a plain address cannot be written in a reply's To: silence."""
    if mail.must_not_answer or not mail.sender or is_plain_address(mail.sender):
        return mail
    why = "the From address is not a plain address (local@domain)"
    return replace(mail, must_not_answer=True, why=why)


def too_costly(raw: bytes, reason: str, judge_address: str) -> IncomingMail:
    """A mail beyond the reading limits: no line of it is read, and the reply (if its
    From, read by hand, is plain) says why."""
    try:
        block = top_headers(raw)
    except TooCostly:
        block = HeaderBlock()
    headers = _LenientHeaders(block)
    sender_name, sender = headers.plain_address("From")
    why = why_no_reply(headers, sender, judge_address)
    if not why and not is_plain_address(sender):
        why = "a mail beyond the reading limits whose From is not a plain address"
    return IncomingMail(
        sender=sender,
        sender_name=sender_name,
        subject=headers.plain_text("Subject"),
        message_id=headers.plain_message_id(),
        references=ids_in(headers.plain_text("References")),
        lines=(),
        must_not_answer=bool(why),
        why=why,
        problems=(f"the judge did not read this mail: {reason}",),
    )


class _LenientHeaders:
    """The top header block of a mail too costly to parse, read by hand: plain values
    as the fast path reads them, anything else raw (for the no-reply rules) or blank."""

    def __init__(self, block: HeaderBlock) -> None:
        self.block = block
        self.simple = SimpleHeaders(block.fields)

    def has(self, name: str) -> bool:
        return self.simple.has(name)

    def content_type(self) -> str:
        return self.block.kind

    def text(self, name: str) -> str:
        key = name.lower()
        value = next((v for n, v in self.block.fields if n.lower() == key), "")
        return printable(value[:1000])

    def plain_text(self, name: str) -> str:
        try:
            return self.simple.text(name)
        except NotSimple:
            return ""

    def plain_address(self, name: str) -> tuple[str, str]:
        try:
            return self.simple.address(name)
        except NotSimple:
            return "", ""

    def plain_message_id(self) -> str:
        try:
            return self.simple.message_id()
        except NotSimple:
            return ""


def read_simple(raw: bytes, judge_address: str) -> IncomingMail | None:
    """The fast path: a plain one-part mail read by hand, or None to parse it fully."""
    try:
        headers, body = split_simple(bytes(raw))
        sender_name, sender = headers.address("From")
        text, problems = plain_text(body, simple_charset(headers), simple_flowed(headers))
        lines, line_problems = command_lines(text)
        why = why_no_reply(headers, sender, judge_address)
        mail = IncomingMail(
            sender=sender,
            sender_name=sender_name,
            reply_to=headers.address("Reply-To")[1],
            subject=headers.text("Subject"),
            message_id=headers.message_id(),
            references=ids_in(headers.text("References")) or ids_in(headers.text("In-Reply-To")),
            lines=lines,
            must_not_answer=bool(why),
            why=why,
            problems=(*problems, *line_problems),
        )
    except NotSimple:
        return None
    return _plain_sender(mail)


def read_parsed(raw: bytes, judge_address: str) -> IncomingMail:
    """The full path: any mail, parsed by the stdlib (may raise on pathological input)."""
    message = email.message_from_bytes(bytes(raw), policy=email.policy.default)
    return _read(message, judge_address)


def _read(message: Message, judge_address: str) -> IncomingMail:
    sender_name, sender = first_address(message, "From")
    text, problems = body_text(message)
    lines, line_problems = command_lines(text)
    why = why_no_reply(MessageHeaders(message), sender, judge_address)
    mail = IncomingMail(
        sender=sender,
        sender_name=sender_name,
        reply_to=first_address(message, "Reply-To")[1],
        subject=header_text(message, "Subject"),
        message_id=header_text(message, "Message-ID"),
        references=_references(message),
        lines=lines,
        must_not_answer=bool(why),
        why=why,
        problems=(*problems, *line_problems),
    )
    return _plain_sender(mail)


def _references(message: Message) -> tuple[str, ...]:
    """References, or failing that In-Reply-To: the thread this mail belongs to."""
    return message_ids(message, "References") or message_ids(message, "In-Reply-To")
