"""A small reference reader of mail, for the tests: `email.policy.default` whole.

The judge parses mail with `compat32` and reads the few header values it needs by
itself (`judge.mail.headers`), and walks the MIME parts with `Message.walk`. This
reader takes the other way, the stdlib's richest: the whole mail parsed with
`email.policy.default`, whose header classes decode every value and parse every
address, and its parts walked recursively. What the judge decides on top of the
stdlib (which part is the command text, charsets, flowed text, HTML, the no-reply
rules, the command lines) is taken from the judge's own modules: the comparison is
about reading mail, not about those rules.

It is slow (some twenty times the judge's reading) and it may raise on hostile
input: the tests give it only mails within the reading limits.
"""

from __future__ import annotations

import email.policy
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses

from judge import rfc5322 as grammar
from judge.addresses import is_plain_address
from judge.mail.body_lines import command_lines
from judge.mail.flowed import unflow
from judge.mail.html_text import html_to_text
from judge.mail.mime_text import decode_bytes
from judge.mail.no_reply import why_no_reply
from judge.mail.text_bounds import bound_text

_PARSER = BytesParser(policy=email.policy.default)


@dataclass(frozen=True)
class Reading:
    """What the comparison looks at of a mail read."""

    sender: str
    subject: str
    message_id: str
    references: tuple[str, ...]
    lines: tuple[str, ...]
    must_not_answer: bool
    why: str


def reference_reading(raw: bytes, judge_address: str) -> Reading:
    """`raw` read by `email.policy.default`, and the judge's rules on top."""
    message = _PARSER.parsebytes(raw)
    headers = _Headers(message)
    sender = headers.sender()
    why = why_no_reply(headers, sender, judge_address)
    if not why and sender and not is_plain_address(sender):
        why = "the From address is not a plain address (local@domain)"
    references = headers.ids("References") or headers.ids("In-Reply-To")
    text, _ = bound_text(_body(message))
    lines, _ = command_lines(text)
    return Reading(sender=sender, subject=headers.text("Subject"),
                   message_id=headers.plain("Message-ID"), references=references,
                   lines=lines, must_not_answer=bool(why), why=why)  # fmt: skip


class _Headers:
    """The headers of a `policy.default` message, as text: the header classes' own
    decoded value, then the judge's final touch (8-bit bytes as UTF-8, control
    characters as spaces)."""

    def __init__(self, message: EmailMessage) -> None:
        self.message = message

    def has(self, name: str) -> bool:
        return name in self.message

    def text(self, name: str) -> str:
        value = self.message.get(name)
        return "" if value is None else _touched(str(value))

    def plain(self, name: str) -> str:
        """The value as written (ids are not RFC 2047 text), unfolded."""
        for key, value in self.message.raw_items():
            if key.lower() == name.lower():
                return _touched(str(value).replace("\r", "").replace("\n", ""))
        return ""

    def ids(self, name: str) -> tuple[str, ...]:
        text = self.plain(name)
        found = grammar.MSG_ID_TOKEN.findall(text)
        return tuple(found) if found else tuple(text.split())

    def sender(self) -> str:
        """The first address of From; where the address parser of `policy.default`
        fails (it raises on some broken values), the older `getaddresses`'s."""
        try:
            addresses = [one.addr_spec for one in self.message["From"].addresses]
        except Exception:  # the stdlib's address parser is not total
            addresses = [one for _, one in getaddresses([self.plain("From")])]
        return next((_touched(one) for one in addresses if one), "")

    def content_type(self) -> str:
        return self.message.get_content_type()


def _touched(text: str) -> str:
    raw = text.encode("utf-8", "surrogateescape")
    text = raw.decode("utf-8", "replace")
    return "".join(char if char.isprintable() else " " for char in text).strip()


def _body(message: Message) -> str:
    """The first text/plain part that is no attachment, else the first text/html one."""
    plain = html = None
    for part in _leaves(message):
        kind = part.get_content_type()
        attachment = part.get_content_disposition() == "attachment" or part.get_filename()
        if kind == "text/plain" and not attachment:
            plain = part
            break
        if kind == "text/html" and html is None and not attachment:
            html = part
    chosen = plain if plain is not None else html
    if chosen is None:
        return ""
    data = chosen.get_payload(decode=True)
    text, _ = decode_bytes(data if isinstance(data, bytes) else b"", chosen.get_content_charset())
    if chosen is html:
        return html_to_text(text)
    if str(chosen.get_param("format", "")).lower() != "flowed":
        return text
    return unflow(text, str(chosen.get_param("delsp", "")).lower() == "yes")


def _leaves(part: Message) -> Iterator[Message]:
    """The parts with content, depth first, outside forwarded messages."""
    if part.get_content_maintype() == "message":
        return
    if not part.is_multipart():
        yield part
        return
    for sub in part.get_payload():
        yield from _leaves(sub)
