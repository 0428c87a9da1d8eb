"""Outgoing mail as `EmailMessage` values: replies and the judge's own broadcasts.

Every mail names its one recipient in `To:`, comes `From:` the judge, and says how
it was made: replies carry `Auto-Submitted: auto-replied` and are threaded on the
mail they answer; game mail (results, start notices) carries `auto-generated`.
The body text comes from the templates; this module only dresses it.

Replies are the judge's hottest mail, and building and serialising an `EmailMessage`
was most of their cost. `reply_bytes` writes the very bytes that `reply_message`,
the outbox's header filling and `as_bytes(policy=SMTP)` would write, for replies
plain enough to be sure of them: ASCII headers that fold only at spaces, simple
addresses and ids; the body is encoded with `set_content`'s own rules (7bit or
8bit, else quoted-printable or base64, whichever its sniff picks). It returns None
for anything else, and the caller builds the `EmailMessage` as before.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from email import quoprimime
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import NotRequired, TypedDict

from judge import rfc5322 as grammar
from judge.mail.identifiers import new_message_id, plain_id, plain_ids

REPLY_PREFIX = "Re: "
ERROR_MARK = "[Error] "
# What mail programs put before a subject they answer: `Re:`, Outlook's `RE:`, German
# `AW:`, Scandinavian `SV:`, Dutch `Antw:`, some with a count (`Re[2]:`); and the mark
# an earlier reply of the judge added. `Fwd:` stays: a forwarded mail is news.
_ANSWER_PREFIX = re.compile(
    r"^\s*(?:(?:re|aw|sv|antw|vs)\s*(?:\[\d+\])?\s*:|\[error\])\s*", re.IGNORECASE
)


def reply_subject(original: str, error: bool) -> str:
    """`Re: [Error] <original>` or `Re: <original>`, with the reply prefixes and the
    error mark already on `original` taken off first, so a thread does not stack
    `Re: Re:` or `Re: [Error] RE:`."""
    subject = " ".join(original.split())
    while True:
        stripped = _ANSWER_PREFIX.sub("", subject, count=1)
        if stripped == subject:
            break
        subject = stripped
    return f"{REPLY_PREFIX}{ERROR_MARK if error else ''}{subject}".rstrip()


def judge_from(address: str, display_name: str) -> str:
    """The judge's `From:` value: `Display Name <address>` (quoted where the name needs
    it), or the bare address when there is no name."""
    if not display_name.strip():
        return address
    return str(Address(display_name=" ".join(display_name.split()), addr_spec=address))


def game_subject(code: str, game: str, what: str) -> str:
    """`CODE:g1 - <what>`, the njudge form of every game mail's subject."""
    return f"{code}:{game} - {what}"


def _domain(address: str) -> str:
    return address.rpartition("@")[2] or "localhost"


def _base(
    sender: str,
    to: str,
    subject: str,
    body: str,
    now: datetime,
    message_id: str | None = None,
    sender_name: str = "",
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = judge_from(sender, sender_name)
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = message_id or new_message_id(_domain(sender))
    message["X-Loop"] = sender  # a robot that echoes this mail back is not answered
    message.set_content(body)
    return message


def reply_message(
    *,
    sender: str,
    to: str,
    original_subject: str,
    in_reply_to: str | None,
    references: Sequence[str],
    body: str,
    error: bool,
    now: datetime,
    sender_name: str = "",
    message_id: str | None = None,
) -> EmailMessage:
    """The one reply to a mail, threaded on it: `references` is the whole thread,
    ending with the answered mail's own id. `message_id` is for tests: else a new one.
    `sender` is the judge's address; `sender_name` its display name in `From:`."""
    subject = reply_subject(original_subject, error)
    message = _base(sender, to, subject, body, now, message_id, sender_name)
    message["Auto-Submitted"] = "auto-replied"
    in_reply_to, references = plain_id(in_reply_to), plain_ids(references)
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
    if references:
        message["References"] = " ".join(references)
    return message


def broadcast_message(
    *, sender: str, to: str, subject: str, body: str, now: datetime, sender_name: str = ""
) -> EmailMessage:
    """A mail the judge sends on its own: results, a game start, a notice."""
    message = _base(sender, to, subject, body, now, sender_name=sender_name)
    message["Auto-Submitted"] = "auto-generated"
    message["Precedence"] = "bulk"
    return message


# --- the fast path: a plain reply written directly as bytes ----------------------------


class ReplyFields(TypedDict):
    """The arguments `reply_message` and `reply_bytes` share, to pass them to either."""

    sender: str
    to: str
    original_subject: str
    in_reply_to: str | None
    references: Sequence[str]
    body: str
    error: bool
    now: datetime
    sender_name: NotRequired[str]


MAX_LINE = 78  # the SMTP policy's max_line_length, and set_content's limit for 7bit/8bit
_BARE_ADDRESS = re.compile(grammar.ADDR_SPEC)
_NAMED_ADDRESS = re.compile(rf"{grammar.ATEXT}+(?: {grammar.ATEXT}+)* <{grammar.ADDR_SPEC}>")
_WORDS = re.compile(r"[\x21-\x7e]+(?: [\x21-\x7e]+)*")  # printable ASCII, single spaces
_CONTENT_HEADERS = (
    'Content-Type: text/plain; charset="utf-8"\r\n'
    "Content-Transfer-Encoding: {encoding}\r\n"
    "MIME-Version: 1.0\r\n"
    "Auto-Submitted: auto-replied\r\n"
)


def reply_bytes(
    *,
    sender: str,
    to: str,
    original_subject: str,
    in_reply_to: str | None,
    references: Sequence[str],
    body: str,
    error: bool,
    now: datetime,
    sender_name: str = "",
    message_id: str | None = None,
) -> tuple[bytes, str] | None:
    """The reply of `reply_message` as the outbox stores it, and its Message-ID;
    None when the reply is not plain enough, and the caller must build it (always
    None with the fast paths off: `grammar.FAST_PATHS`)."""
    if not grammar.fast_paths():
        return None
    if message_id is None:
        message_id = new_message_id(_domain(sender))
    in_reply_to, references = plain_id(in_reply_to), plain_ids(references)
    encoded = _plain_body(body)
    if encoded is None:
        return None
    encoding, data = encoded
    from_ = _from_or_none(sender, sender_name)
    if from_ is None:
        return None
    head = _reply_head(
        sender, from_, to, reply_subject(original_subject, error), _date(now), message_id,
        in_reply_to, references, encoding,
    )  # fmt: skip
    if head is None:
        return None
    return head.encode("ascii") + b"\r\n" + data, message_id


def _from_or_none(sender: str, sender_name: str) -> str | None:
    """`judge_from`, or None where it raises (the slow path then fails the same way)."""
    try:
        return judge_from(sender, sender_name)
    except Exception:
        return None


def _reply_head(
    sender: str,
    from_: str,
    to: str,
    subject: str,
    date: str | None,
    message_id: str,
    in_reply_to: str | None,
    references: Sequence[str],
    encoding: str,
) -> str | None:
    """The header block in `reply_message`'s order, or None if a header is not plain."""
    lines = [
        _address_header("From", from_),
        _address_header("To", to, named=False),
        _unstructured("Subject", subject),
        None if date is None else f"Date: {date}\r\n",
        _message_id_header(message_id),
        _unstructured("X-Loop", sender),
        _CONTENT_HEADERS.format(encoding=encoding),
    ]
    if in_reply_to:
        lines.append(_unstructured("In-Reply-To", in_reply_to))
    if references:
        lines.append(_unstructured("References", " ".join(references)))
    if any(line is None for line in lines):
        return None
    return "".join(line for line in lines if line is not None)


def _date(now: datetime) -> str | None:
    """`format_datetime(now)` where the Date header keeps it as it is: whole-minute
    offsets, four-digit years (else its parse and re-format could change it)."""
    offset = now.utcoffset()
    if now.year < 1000 or (offset is not None and offset % timedelta(minutes=1)):
        return None
    return format_datetime(now)


def _address_header(name: str, value: str, named: bool = True) -> str | None:
    """The header for `addr@host` (or `Name Words <addr@host>` when `named`)."""
    plain = _BARE_ADDRESS.fullmatch(value) or (named and _NAMED_ADDRESS.fullmatch(value))
    return _unbroken(name, value) if plain and grammar.is_plain_value(value) else None


def _message_id_header(message_id: str) -> str | None:
    plain = grammar.PLAIN_MSG_ID.fullmatch(message_id)
    return _unbroken("Message-ID", message_id) if plain else None


def _unbroken(name: str, value: str) -> str | None:
    """`name: value` as the SMTP policy folds a structured value it keeps whole: on the
    name's line if it fits, else alone on the next; None if longer than a line."""
    if len(name) + 2 + len(value) <= MAX_LINE:
        return f"{name}: {value}\r\n"
    if len(value) + 1 <= MAX_LINE:
        return f"{name}:\r\n {value}\r\n"
    return None


def _unstructured(name: str, value: str) -> str | None:
    """`name: value` folded as the SMTP policy folds an unstructured header, for values
    of printable ASCII words with single spaces; None when that policy would do more
    than break lines at spaces (encoded words for words too long for any line)."""
    if not _WORDS.fullmatch(value) or not grammar.is_plain_value(value):
        return None
    whole = _unbroken(name, value)
    if whole is not None:
        return whole
    lines = [f"{name}: "]
    for part in re.split("( )", value):
        if len(part) <= MAX_LINE - len(lines[-1]):
            lines[-1] += part
        elif part == " ":
            lines.append(" ")
        elif len(part) + 1 <= MAX_LINE and lines[-1].endswith(" "):
            lines[-1] = lines[-1][:-1]
            lines.append(" " + part)
        else:
            return None
    return "\r\n".join(lines) + "\r\n"


def _plain_body(body: str) -> tuple[str, bytes] | None:
    """(transfer encoding, bytes) as `set_content(body)` (utf-8, default policy) and
    the SMTP generator write it; None where set_content would raise."""
    try:
        lines = body.encode("utf-8").splitlines()
    except UnicodeEncodeError:
        return None  # lone surrogates: set_content raises on them, let it
    data = b"\n".join(lines) + b"\n"
    if max(map(len, lines), default=0) <= MAX_LINE:
        return ("7bit" if data.isascii() else "8bit"), data.replace(b"\n", b"\r\n")
    sniff = b"\n".join(lines[:10]) + b"\n"  # set_content chooses on the first ten lines
    sniff_qp = quoprimime.body_encode(sniff.decode("latin-1"), MAX_LINE)
    if len(sniff_qp) > len(binascii.b2a_base64(sniff)):
        return "base64", _base64_lines(data)
    if len(lines) > 10:
        sniff_qp = quoprimime.body_encode(data.decode("latin-1"), MAX_LINE)
    return "quoted-printable", sniff_qp.encode("ascii").replace(b"\n", b"\r\n")


def _base64_lines(data: bytes) -> bytes:
    """Base64 in lines of 76 characters (57 bytes), CRLF after each."""
    step = MAX_LINE // 4 * 3
    encoded = (binascii.b2a_base64(data[i : i + step]) for i in range(0, len(data), step))
    return b"".join(encoded).replace(b"\n", b"\r\n")
