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
`header_facts_json`, in `judge.mail.header_reading`) and the inbox row keeps those facts
(`judge.mail.header_facts`); processing a stored mail (`read_stored`) then takes them
as they are and reads only its body (`read_with`). `read_message` reads a mail whole.

Whatever the mail, its decoded body goes through `bound_text` (`judge.mail.
text_bounds`) before any line of it is read: the one place that bounds its size and
the length of its lines and words. A mail beyond the reading limits is not parsed;
it is answered with the reason when its From is plain enough to be read by hand
(`judge.mail.header_reading.costly_facts`). A mail whose reading raised carries the
traceback in `failure`: the service then marks it `failed` for the operator instead of
pretending it was handled.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field, replace
from email.message import Message
from email.parser import BytesParser
from email.policy import compat32

from judge.addresses import is_plain_address
from judge.mail.body_lines import command_lines
from judge.mail.bounds import TooCostly, check_bounds
from judge.mail.header_facts import HeaderFacts, KeptHeaders
from judge.mail.header_reading import costly_facts, message_facts
from judge.mail.mime_text import body_text
from judge.mail.no_reply import why_no_reply
from judge.mail.parse_cost import fewer_blank_lines
from judge.mail.text_bounds import bound_text

# The stdlib's parsers, with the policy that keeps headers as written. A parser holds
# no state between mails (each parse makes its own feed parser).
_PARSER = BytesParser(policy=compat32)


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
        return _unread(costly_facts(raw, str(cost)), judge_address)
    message = _PARSER.parsebytes(fewer_blank_lines(raw))
    return _incoming(message_facts(message), message, judge_address)


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


# --- a mail beyond the reading limits: never parsed, answered by what is plain ----------


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
