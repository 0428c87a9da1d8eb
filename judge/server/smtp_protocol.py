"""The SMTP protocol object of the intake: aiosmtpd's, made cheaper per connection.

A new protocol object is made for every connection, and aiosmtpd's constructor
builds its tables of SMTP verbs and AUTH mechanisms by walking `dir()` of the
object, reading every one of its hundred-odd attributes. On a busy intake that was
a third of the event loop's time. Here `dir()` of the protocol object lists only
the names those tables are built from (`smtp_*` and `auth_*`, fixed per class,
worked out once), and `dir()` of the intake's handler only its hooks (`handle_*`,
`auth_*`), so the tables come out the same for a fraction of the cost.

aiosmtpd also reads the address of every `MAIL FROM:` and `RCPT TO:` with the
`email` package's full RFC 5322 header parser. Plain `<local@domain>` addresses,
nearly all of them, are read here directly, with the same result; anything else
(quoted local parts, address literals, comments, source routes, the null sender
`<>`, odd spacing) still goes to aiosmtpd's own reader.
"""

from __future__ import annotations

import re

from aiosmtpd.smtp import SMTP

from judge import rfc5322 as grammar

DISPATCH_PREFIXES = ("smtp_", "auth_")  # what aiosmtpd looks for in dir() of the protocol
HOOK_PREFIXES = ("handle_", "auth_")  # and in dir() of the handler

_PLAIN = re.compile(
    rf"<({grammar.DOT_ATOM}@{grammar.SMTP_DOMAIN})>"
    r"(?: ([A-Za-z0-9=.+-]+(?: [A-Za-z0-9=.+-]+)*))?"
)


class IntakeSMTP(SMTP):
    """aiosmtpd's SMTP protocol with a short `dir()` and a fast path for plain addresses."""

    def __dir__(self) -> list[str]:
        """The SMTP verb and AUTH mechanism methods only (see the module's docstring)."""
        if not grammar.fast_paths():
            return list(super().__dir__())
        return list(_names(type(self), DISPATCH_PREFIXES))

    def _getaddr(self, arg: str) -> tuple[str | None, str | None]:
        plain = _PLAIN.fullmatch(arg) if grammar.fast_paths() else None
        if plain is None:
            return super()._getaddr(arg)
        address = plain.group(1)
        if self.local_part_limit and len(address.rpartition("@")[0]) > self.local_part_limit:
            return None, None
        return address, plain.group(2) or ""


def hook_names(handler_class: type) -> tuple[str, ...]:
    """The names aiosmtpd looks for in `dir()` of a handler of this class."""
    return _names(handler_class, HOOK_PREFIXES)


_NAMES: dict[tuple[type, tuple[str, ...]], tuple[str, ...]] = {}  # worked out once


def _names(cls: type, prefixes: tuple[str, ...]) -> tuple[str, ...]:
    names = _NAMES.get((cls, prefixes))
    if names is None:
        names = tuple(sorted(name for name in dir(cls) if name.startswith(prefixes)))
        _NAMES[cls, prefixes] = names
    return names
