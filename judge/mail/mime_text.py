"""Find and decode the part of a MIME message that the judge reads.

The judge reads the first `text/plain` part that is not an attachment, else the first
`text/html` part turned into text. Forwarded messages (`message/*` parts) are never
read: their commands are not the sender's. Any charset and transfer encoding is
decoded; what cannot be decoded cleanly is read as latin-1 and reported.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from email.message import Message

from judge.mail.html_text import html_to_text

MAX_TEXT = 1_000_000
MAX_DEPTH = 30


def body_text(message: Message) -> tuple[str, list[str]]:
    """The readable text of `message`, and the problems met while decoding it."""
    plain: Message | None = None
    html: Message | None = None
    for part in _leaves(message, 0):
        kind = _content_type(part)
        if kind == "text/plain" and not _is_attachment(part):
            plain = part
            break
        if kind == "text/html" and html is None and not _is_attachment(part):
            html = part
    chosen = plain or html
    if chosen is None:
        return "", ["no text part found: the judge reads text/plain or text/html"]
    text, problems = _decoded(chosen)
    if chosen is html:
        text = html_to_text(text)
    if len(text) > MAX_TEXT:
        problems.append(f"the text is too long: only the first {MAX_TEXT} characters were read")
        text = text[:MAX_TEXT]
    return text, problems


def _leaves(part: Message, depth: int) -> Iterator[Message]:
    if depth > MAX_DEPTH or _content_type(part).startswith("message/"):
        return
    if part.is_multipart():
        payload = part.get_payload()
        for sub in payload if isinstance(payload, list) else ():
            if isinstance(sub, Message):
                yield from _leaves(sub, depth + 1)
    else:
        yield part


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # a damaged Content-Type header: RFC 2045 says read it as text/plain
        return "text/plain"


def _is_attachment(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment" or part.get_filename() is not None
    except Exception:  # cannot tell: treat as body text
        return False


def _decoded(part: Message) -> tuple[str, list[str]]:
    problems: list[str] = []
    try:
        data = part.get_payload(decode=True)
    except Exception:  # a broken transfer encoding: read the raw text
        data = None
    if not isinstance(data, bytes):
        raw = part.get_payload()
        data = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""
        problems.append("the text's transfer encoding could not be decoded; read it as is")
    if any("base64" in type(defect).__name__.lower() for defect in part.defects):
        problems.append("the text's base64 encoding is damaged; read what could be read")
    text, problem = decode_bytes(data, _charset(part))
    if problem:
        problems.append(problem)
    return text, problems


def _charset(part: Message) -> str | None:
    try:
        charset = part.get_content_charset()
    except Exception:  # an unreadable parameter is as good as none
        return None
    return charset if isinstance(charset, str) and charset else None


def decode_bytes(data: bytes, charset: str | None) -> tuple[str, str | None]:
    """Text from bytes in `charset`; never raises. The second value is a problem or None.

    No charset: UTF-8 if it decodes, else latin-1. An unknown charset, or bytes that
    are not valid in theirs: UTF-8 if it decodes, else latin-1, and a problem is reported.
    """
    if charset is None:
        return _utf8_or_latin1(data), None
    try:
        codec = codecs.lookup(charset)
        return data.decode(codec.name), None
    except LookupError:
        return _utf8_or_latin1(data), f"unknown charset {charset!r}: read as {_guess(data)}"
    except Exception:  # UnicodeDecodeError and friends from unusual codecs
        return _utf8_or_latin1(data), f"the text is not valid {charset}: read as {_guess(data)}"


def _utf8_or_latin1(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _guess(data: bytes) -> str:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "latin-1"
    return "UTF-8"
