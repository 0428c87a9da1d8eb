"""Find and decode the part of a MIME message that the judge reads.

The judge reads the first `text/plain` part that is not an attachment, else the first
`text/html` part turned into text. Forwarded messages (`message/*` parts) are never
read: their commands are not the sender's. Any transfer encoding is decoded, and
the charsets mail programs send (`READ_CHARSETS`); a charset Python knows but no
mail program uses for text (UTF-7, punycode, IDNA, EBCDIC, rot13: slow to decode or
meaningless as commands) is refused with a clear line, and nothing of that text is read. What
cannot be decoded cleanly, or is in a charset nobody knows, is read as UTF-8 or
latin-1 and reported. The text is cut at `MAX_TEXT` characters, an HTML part at
`MAX_HTML` before it is turned into text (by a linear scanner), and the text passed
on is bounded again, at one place, by `judge.mail.text_bounds`.

The MIME structure is the stdlib's: the parts are walked with `Message.walk`, their
payloads decoded by `get_payload(decode=True)`, their charsets named by
`get_content_charset`. What is decided here is which part is the command text, and
how its bytes become text.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from email.message import Message
from email.utils import collapse_rfc2231_value

from judge import work
from judge.mail.flowed import unflow
from judge.mail.html_text import html_to_text
from judge.mail.text_bounds import MAX_TEXT

MAX_HTML = 256 * 1024  # characters of an HTML part turned into text; the rest is ignored
_ESCAPED = re.compile(r"\\(.?)", re.DOTALL)  # a quoted-pair in a quoted string

# Codecs (by their name in `codecs`) of the charsets mail programs write text in.
READ_CHARSETS = frozenset({
    "utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le",
    "utf-32-be", "ascii", *(f"iso8859-{n}" for n in (*range(1, 12), *range(13, 17))),
    *(f"cp{n}" for n in range(1250, 1259)), "koi8-r", "koi8-u", "mac-roman", "cp437",
    "cp850", "cp866", "cp874", "tis-620", "gb2312", "gbk", "gb18030", "big5", "big5hkscs",
    "shift_jis", "cp932", "euc_jp", "iso2022_jp", "iso2022_jp_1", "iso2022_jp_2",
    "iso2022_jp_3", "iso2022_jp_ext", "iso2022_jp_2004", "euc_kr", "cp949", "iso2022_kr",
})  # fmt: skip


def body_text(message: Message) -> tuple[str, list[str]]:
    """The readable text of `message`, and the problems met while decoding it."""
    plain: _Part | None = None
    html: _Part | None = None
    for part, kind in _leaves(message):
        if kind not in ("text/plain", "text/html") or (kind == "text/html" and html):
            continue
        found = _Part(part)
        if found.is_attachment():
            continue
        if kind == "text/plain":
            plain = found
            break
        html = found
    chosen = plain or html
    if chosen is None:
        return "", ["no text part found: the judge reads text/plain or text/html"]
    text, problems = _capped(*_decoded(chosen))
    if chosen is html:
        if len(text) > MAX_HTML:
            problems.append(f"the HTML text is too long: only its first {MAX_HTML} "
                            "characters were read")  # fmt: skip
        return html_to_text(text[:MAX_HTML]), problems
    flowed = chosen.flowed()
    return (text if flowed is None else unflow(text, flowed)), problems


class _Part:
    """A leaf part, its Content-Type parameters read once (`Message.get_params`: the
    first of each name, lower case, an RFC 2231 value collapsed to text)."""

    __slots__ = ("message", "parameters")

    def __init__(self, message: Message) -> None:
        self.message = message
        self.parameters: dict[str, str] = {}
        try:
            pairs = message.get_params(failobj=[])[1:]  # the first pair is the type
        except Exception:  # an unreadable Content-Type has no parameters
            pairs = []
        for name, value in pairs:
            if name.lower() not in self.parameters:
                text = value if isinstance(value, str) else collapse_rfc2231_value(value)
                self.parameters[name.lower()] = _closed(text)

    def is_attachment(self) -> bool:
        """Disposition attachment, or a file name (`Message.get_filename`'s places)."""
        if "name" in self.parameters:
            return True
        try:
            return (self.message.get_content_disposition() == "attachment"
                    or self.message.get_param("filename", None, "content-disposition")
                    is not None)  # fmt: skip
        except Exception:  # cannot tell: treat as body text
            return False

    def charset(self) -> str | None:
        """The declared charset, lower case (`Message.get_content_charset`); None when
        none is declared, or it is not ASCII."""
        charset = self.parameters.get("charset", "")
        return charset.lower() if charset and charset.isascii() else None

    def flowed(self) -> bool | None:
        """None for a part that is not `format=flowed`, else whether it has `DelSp=yes`."""
        if self.parameters.get("format", "").lower() != "flowed":
            return None
        return self.parameters.get("delsp", "").lower() == "yes"


def _capped(text: str, problems: list[str]) -> tuple[str, list[str]]:
    if len(text) > MAX_TEXT:
        problems.append(f"the text is too long: only the first {MAX_TEXT} characters were read")
        text = text[:MAX_TEXT]
    return text, problems


def _leaves(message: Message) -> Iterator[tuple[Message, str]]:
    """The parts that hold content, in order, with their content types; but those of
    forwarded messages (`message/*` parts, whose commands are not the sender's)."""
    forwarded: set[int] = set()
    for part in message.walk():
        if id(part) in forwarded:
            continue
        kind = _content_type(part)
        if kind.startswith("message/"):
            forwarded.update(id(inner) for inner in part.walk())
        elif not part.is_multipart():
            yield part, kind


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # a damaged Content-Type header: RFC 2045 says read it as text/plain
        return "text/plain"


def _decoded(chosen: _Part) -> tuple[str, list[str]]:
    part = chosen.message
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
    text, problem = decode_bytes(data, chosen.charset())
    if problem:
        problems.append(problem)
    return text, problems


def decode_bytes(data: bytes, charset: str | None) -> tuple[str, str | None]:
    """Text from bytes in `charset`; never raises. The second value is a problem or None.

    No charset: UTF-8 if it decodes, else latin-1. An unknown charset, or bytes that
    are not valid in theirs: UTF-8 if it decodes, else latin-1, and a problem is reported.
    A charset known but not one of `READ_CHARSETS`: nothing is read, and a problem says
    why. Linear in the bytes, whatever they are.
    """
    work.charge(len(data))
    if charset is None:
        return _utf8_or_latin1(data), None
    try:
        codec = codecs.lookup(charset)
        if codec.name not in READ_CHARSETS:
            return "", (f"the text is in charset {charset!r}, which the judge does not "
                        "read: please send plain text in UTF-8")  # fmt: skip
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


def _closed(value: str) -> str:
    """A parameter value whose quoted string is never closed (`format="flowed` at the
    end of a line cut short) as the stdlib's modern parser reads it: the quoted text
    up to the end, unescaped. compat32's `get_params` left the opening quote on it, so
    `format="flowed` was not flowed text to the judge while it was to every other reader."""
    if not value.startswith('"') or (len(value) > 1 and value.endswith('"')):
        return value
    return _ESCAPED.sub(r"\1", value[1:])  # `\x` is x; a lone `\` at the end goes
