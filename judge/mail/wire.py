"""The judge's one mail writer: the stdlib's generator under one policy, `WIRE`.

Every mail the judge sends is an `EmailMessage` built under `WIRE` with plain string
headers (`judge.mail.compose`), and `wire_bytes` writes it as the outbox stores it:
CRLF line ends, headers folded at 78 columns by `email.header.Header`, anything that
is not printable ASCII in RFC 2047 encoded words, bodies as `set_content` encodes
them. `WIRE` is compat32 rather than `policy.default` because compat32 keeps a header
as the string it was given, where `policy.default` parses every header into an
object and folds it again: about twenty times the cost, half of the processor's
time per mail when replies were written that way. The price is that compat32 folds
a string as it stands, so a value with something to encode is handed to it ready:
`address` and `text` make those values.
"""

from __future__ import annotations

from email.contentmanager import raw_data_manager
from email.header import Header
from email.message import Message
from email.policy import Compat32, EmailPolicy
from email.utils import formataddr, getaddresses
from typing import cast

from judge import rfc5322 as grammar

UTF8 = "utf-8"
HARD_LIMIT = 998  # RFC 5322 2.1.1: the longest line, without its CRLF


class _Wire(Compat32):
    """compat32 with the content manager that `set_content` and `add_attachment` use,
    and the `utf8` flag that `str(message)` sets (compat32 writes the same either way).

    `fold_binary` is the policy method the stdlib's generator calls for each header
    line. A plain value that fits on its line is the line compat32 would write, as it
    stands (`tests/mail/test_wire_fold.py` holds the two equal over generated names
    and values), so it is written without building an `email.header.Header` to fold
    it: that was most of the cost of writing a reply. A plain value of one word that
    does not fit (a long Message-ID) stays on its header's line too, up to RFC 5322's
    998 characters: compat32 would move it to a line of its own, which readers then
    take with a leading space. Anything else is compat32's."""

    content_manager = raw_data_manager
    utf8 = False

    def fold_binary(self, name: str, value: str) -> bytes:
        if isinstance(value, str) and _fits_as_it_stands(name, value, self.max_line_length):
            return f"{name}: {value}{self.linesep}".encode("ascii")
        return super().fold_binary(name, value)


def _fits_as_it_stands(name: str, value: str, max_line_length: int | None) -> bool:
    """Printable ASCII without an encoded-word look-alike, on one line of at most
    `max_line_length` (none: any length) with its name, or one word on a line of at
    most `HARD_LIMIT`."""
    if not _printable_plain(value):
        return False
    length = len(name) + len(value) + 2
    if max_line_length is None or length <= max_line_length:
        return True
    return length <= HARD_LIMIT and bool(value) and " " not in value  # printable: no tab


# Messages are built under `WIRE`, whose "\n" is the line end `set_content` puts in a
# body it encodes as base64 (as `policy.default` did), and written with CRLF.
WIRE = _Wire()
_CRLF = WIRE.clone(linesep="\r\n")
MAX_LINE = WIRE.max_line_length or 78
# The longest word a folded line carries as it stands: " " + word fits in MAX_LINE.
LONGEST_WORD = MAX_LINE - 1


def wire_bytes(message: Message) -> bytes:
    """`message` as the outbox stores it. A message built with header objects (under
    an `EmailPolicy`) is written by its own policy, with CRLF: compat32 would fold
    their decoded text."""
    if isinstance(message.policy, EmailPolicy):
        return message.as_bytes(policy=message.policy.clone(linesep="\r\n"))
    return message.as_bytes(policy=_CRLF)


def wire_header(name: str, value: str | Header) -> bytes:
    """One header line as `wire_bytes` writes it in a message (`value` from
    `address` or `text` where it needs encoding)."""
    # compat32 folds a Header as it folds a string (typeshed says str only).
    return _CRLF.fold_binary(name, cast(str, value))


def address(value: str, header: str = "To") -> str | Header:
    """One mailbox given as text (`addr@host`, `Name <addr@host>`) as a value of
    `header` (`mailbox`). ValueError unless `value` holds exactly one address, and
    that in printable ASCII (no 7-bit header can carry another)."""
    found = [(name, addr) for name, addr in getaddresses([value]) if addr]
    if len(found) != 1:
        raise ValueError(f"an outgoing mail needs exactly one To address, got {found}")
    name, addr = found[0]
    if not addr.isascii() or not addr.isprintable():
        raise ValueError(f"an address outside printable ASCII: {addr!r}")
    return mailbox(name, addr, header)


def mailbox(display_name: str, addr: str, header: str = "To") -> str | Header:
    """`addr`, or `Name <addr>` with the name quoted where it needs it; a name that
    must be encoded is UTF-8 encoded words before the plain `<addr>`, folded like a
    subject (`text`)."""
    name = " ".join(display_name.split())
    if not name or _plain(name):
        return formataddr((name, addr))
    encoded = text(name, header)
    assert isinstance(encoded, Header)
    encoded.append(f"<{addr}>", "us-ascii")
    return encoded


def text(value: str, name: str = "Subject") -> str | Header:
    """An unstructured value of header `name`: the string itself when compat32 may
    write it as it stands (printable ASCII, no encoded-word look-alike, no word too
    long to fold), else UTF-8 encoded words, which fold at any length (a lone
    surrogate, from bytes a mail did not declare, is written as "?")."""
    if _plain(value):
        return value
    return Header(value.encode(UTF8, "replace").decode(UTF8), UTF8, header_name=name)


def _plain(value: str) -> bool:
    return _printable_plain(value) and max(map(len, value.split()), default=0) <= LONGEST_WORD


def _printable_plain(value: str) -> bool:
    """Printable ASCII without an encoded-word look-alike (a value holding "=?" is
    encoded, or a reader would decode it)."""
    return grammar.is_plain_value(value) and value.isprintable()
