"""Turn the raw bytes of an incoming mail into what the judge reads: `IncomingMail`.

This is the one entry point from MIME to the command language. It never raises: a
mail that cannot be read still yields an `IncomingMail`, whose `problems` the reply
reports. It also decides whether the mail may be answered at all (bounces,
auto-replies and the judge's own mail must not be).

A mail is read in two steps, and the intake takes the first when it stores the mail:
* `read_header_facts` reads the header block into `HeaderFacts`
  (`judge.mail.header_facts`), which the inbox row keeps (`header_facts_json`);
* `read_with` reads the body, and builds the `IncomingMail` from it and the facts.
Processing a stored mail (`read_stored`) then reads only its body: the header block,
most of what reading a mail costs, is read once. `read_message` takes both steps.

Most mail is one plain text part, and the stdlib's `email.policy.default` parser was
most of the judge's CPU per mail. So a fast path reads such a header block by hand
(`_simple_facts`); whatever it is not sure of (MIME structure, transfer encodings,
other charsets, encoded or 8-bit headers, unusual addresses) it leaves to the stdlib
(`_parsed_facts`), whose MIME parser is then given the body and the top MIME fields
alone. `read_parsed` is the reference: the whole mail parsed by the stdlib at once.
The tests hold every way to the same `IncomingMail` (`read_simple` is the fast path
alone, for them).

Whatever the path, the decoded body goes through `bound_text` (`judge.mail.
text_bounds`) before any line of it is read: the one place that bounds its size and
the length of its lines and words.

Before either path, `check_bounds` makes sure the mail stays within the reading
limits (header length, encoded words, parameters, MIME depth): the stdlib's parsers
are not linear on hostile input. A mail beyond them is not parsed; it is answered
with the reason when its From is plain enough to be read by hand.
A mail whose reading raised carries the traceback in `failure`: the service then
marks it `failed` for the operator instead of pretending it was handled.
"""

from __future__ import annotations

import email
import email.policy
import traceback
from dataclasses import dataclass, field, replace
from email.message import Message
from email.parser import BytesHeaderParser
from typing import Any

from judge.addresses import is_plain_address
from judge.mail.body_lines import command_lines
from judge.mail.bounds import HeaderBlock, TooCostly, check_bounds, top_headers
from judge.mail.header_block import body_start
from judge.mail.header_facts import NO_REPLY_SIGNS, HeaderFacts, KeptHeaders, MimeBody, PlainBody
from judge.mail.headers import (
    HeaderValues,
    MessageHeaders,
    NotSimple,
    SimpleHeaders,
    first_address,
    header_text,
    ids_in,
    message_ids,
    printable,
    split_header_block,
)
from judge.mail.mime_text import (
    body_text,
    plain_text,
    simple_charset,
    simple_content_type,
    simple_flowed,
)
from judge.mail.no_reply import why_no_reply
from judge.mail.text_bounds import bound_text


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
    """Read a raw RFC 5322 message whole: its header block, then its body. Never
    raises, whatever the bytes; its cost is bounded by `check_bounds` before any
    stdlib parser runs."""
    return read_stored(raw, None, judge_address)


def read_stored(raw: bytes, kept: object, judge_address: str) -> IncomingMail:
    """Read a stored mail: with the header facts kept when it was stored (the inbox
    row's `header_facts`), only its body; without them (or with facts of another
    version, or damaged), whole. Never raises."""
    try:
        facts = HeaderFacts.from_json(kept) if kept is not None else None
        return read_with(facts or read_header_facts(raw), raw, judge_address)
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
    """What the judge needs of the header block of `raw` (`HeaderFacts`), by hand when
    the block is plain, else with the stdlib's header parser; for a mail beyond the
    reading limits, only what can be read by hand, and why."""
    try:
        check_bounds(raw)
    except TooCostly as cost:
        return _costly_facts(raw, str(cost))
    return _simple_facts(raw) or _parsed_facts(raw)


def read_with(facts: HeaderFacts, raw: bytes, judge_address: str) -> IncomingMail:
    """The mail `raw` whose header block `facts` describe: its body is read here."""
    if facts.too_costly:
        return _unread(facts, judge_address)
    if isinstance(facts.body, PlainBody):
        data = raw[facts.body_at :]
        text, problems = plain_text(data, facts.body.charset, facts.body.flowed)
    else:
        text, problems = body_text(_body_message(raw, facts))
    return _incoming(facts, text, problems, judge_address)


def _incoming(
    facts: HeaderFacts, text: str, problems: list[str], judge_address: str
) -> IncomingMail:
    """The mail of header block `facts` and body `text`, as the judge sees it: the
    text bounded first (`bound_text`: size, lines, words), whichever way it came."""
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
        lines=lines,
        must_not_answer=bool(why),
        why=why,
        problems=(*problems, *bound_problems, *line_problems),
    )
    return _plain_sender(mail)


def _body_message(raw: bytes, facts: HeaderFacts) -> Message:
    """The body of `raw` as the stdlib's MIME parser reads it: after the top MIME fields
    alone when the facts hold them, else within the whole mail."""
    if not isinstance(facts.body, MimeBody):
        return email.message_from_bytes(bytes(raw), policy=email.policy.default)
    fields = b"".join(_with_line_end(raw[start:end]) for start, end in facts.body.field_spans)
    top = fields + b"\r\n" + raw[facts.body_at :]  # the blank line ends the header block
    return email.message_from_bytes(top, policy=email.policy.default)


def _with_line_end(field: bytes) -> bytes:
    return field if field.endswith((b"\n", b"\r")) else field + b"\r\n"


def _plain_sender(mail: IncomingMail) -> IncomingMail:
    """A From that is not a plain address cannot be written in a reply's To: silence."""
    if mail.must_not_answer or not mail.sender or is_plain_address(mail.sender):
        return mail
    why = "the From address is not a plain address (local@domain)"
    return replace(mail, must_not_answer=True, why=why)


def _costly_facts(raw: bytes, reason: str) -> HeaderFacts:
    """A mail beyond the reading limits: its header block read by hand, leniently
    (plain values only), for the reply that says why no line of it is read."""
    try:
        block = top_headers(raw)
    except TooCostly:
        block = HeaderBlock()
    headers = _LenientHeaders(block)
    sender_name, sender = headers.plain_address("From")
    return HeaderFacts(
        sender=sender,
        sender_name=sender_name,
        reply_to="",
        subject=headers.plain_text("Subject"),
        message_id=headers.plain_message_id(),
        references=ids_in(headers.plain_text("References")),
        signs=_signs(headers),
        content_type=headers.content_type(),
        body_at=0,
        body=None,
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


def _signs(headers: HeaderValues) -> tuple[tuple[str, str], ...]:
    """The no-reply signs present in `headers`, each with its text."""
    return tuple((name, headers.text(name)) for name in NO_REPLY_SIGNS if headers.has(name))


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


def _simple_facts(raw: bytes) -> HeaderFacts | None:
    """The fast path: a plain header block read by hand, or None for the stdlib's header
    parser. A plain one-part text body is read by hand too; any other body goes to the
    stdlib's MIME parser, with the top MIME fields alone."""
    try:
        headers, body_at = split_header_block(bytes(raw))
        sender_name, sender = headers.address("From")
        body: PlainBody | MimeBody | None
        try:
            body = PlainBody(simple_charset(headers), simple_flowed(headers))
            content_type = "text/plain"
        except NotSimple:
            content_type = simple_content_type(headers)
            start = body_start(raw)
            body = MimeBody(start.field_spans) if start is not None else None
        return HeaderFacts(
            sender=sender,
            sender_name=sender_name,
            reply_to=headers.address("Reply-To")[1],
            subject=headers.text("Subject"),
            message_id=headers.message_id(),
            references=ids_in(headers.text("References")) or ids_in(headers.text("In-Reply-To")),
            signs=_signs(headers),
            content_type=content_type,
            body_at=body_at,
            body=body,
        )
    except NotSimple:
        return None


def _parsed_facts(raw: bytes) -> HeaderFacts:
    """The header block of any mail, read by the stdlib's header parser (the body is
    not parsed: `body_start` finds where it begins, as that parser would)."""
    message = BytesHeaderParser(policy=email.policy.default).parsebytes(bytes(raw))
    start = body_start(raw)
    if start is None:
        return _message_facts(message, 0, None)
    return _message_facts(message, start.body_at, MimeBody(start.field_spans))


def _message_facts(message: Message, body_at: int, body: MimeBody | None) -> HeaderFacts:
    """The facts of a header block the stdlib parsed."""
    headers = MessageHeaders(message)
    sender_name, sender = first_address(message, "From")
    return HeaderFacts(
        sender=sender,
        sender_name=sender_name,
        reply_to=first_address(message, "Reply-To")[1],
        subject=header_text(message, "Subject"),
        message_id=header_text(message, "Message-ID"),
        references=message_ids(message, "References") or message_ids(message, "In-Reply-To"),
        signs=_signs(headers),
        content_type=headers.content_type(),
        body_at=body_at,
        body=body,
    )


def read_simple(raw: bytes, judge_address: str) -> IncomingMail | None:
    """The fast path alone: a plain one-part mail read by hand, or None."""
    facts = _simple_facts(raw) if _within_bounds(raw) else None
    return None if facts is None else read_with(facts, raw, judge_address)


def read_parsed(raw: bytes, judge_address: str) -> IncomingMail:
    """The reference reading: the whole mail parsed by the stdlib at once, headers and
    body together (may raise on pathological input). The judge's own reading, which
    cuts the body from the header block, must give the same `IncomingMail` (the
    tests compare them)."""
    message = email.message_from_bytes(bytes(raw), policy=email.policy.default)
    text, problems = body_text(message)
    return _incoming(_message_facts(message, 0, None), text, problems, judge_address)


def _within_bounds(raw: bytes) -> bool:
    try:
        check_bounds(raw)
    except TooCostly:
        return False
    return True
