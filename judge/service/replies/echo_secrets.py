"""The passwords a mail's lines carry, masked in every copy that goes to someone else.

A reply echoes the sender's lines back to the sender, passwords and all: they
wrote them. A copy of it goes to another address (`judge.service.replies.seat_copies`):
the player whose seat a master acted in with BECOME, or a seat's registered
address when someone signed on to it from elsewhere. No copy may carry a
password: not the master's (from the SIGNON that made BECOME possible), not
another seat's, not the new one SET PASSWORD gave. So each line keeps the
passwords its command holds (`secrets_of`), and a copy masks every password of
the mail wherever it stands as a word (`masked`). A line the judge could not read
but that starts like a password-bearing command (a SIGNON with a word too many)
keeps only its keyword in a copy (`copy_line`): its password is not known, so
none of its words is shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from judge.language.command_types import SetPassword
from judge.language.keywords import Keyword, match_keyword

MASK = "********"

# The commands whose lines hold a password, as the command reader spells them.
_PASSWORD_KEYWORDS = (
    Keyword("SIGNON", "SIGN ON"), Keyword("CREATE"), Keyword("OBSERVE"),
    Keyword("SET PASSWORD"),
)  # fmt: skip


def secrets_of(command: object) -> tuple[str, ...]:
    """The passwords `command` carries: SIGNON's, CREATE's, OBSERVE's, SIGNON ?'s
    (a `password` field), and SET PASSWORD's new one."""
    if isinstance(command, SetPassword):
        return (command.new,) if command.new else ()
    password = getattr(command, "password", None)
    return (password,) if isinstance(password, str) and password else ()


def masked(text: str, secrets: Iterable[str]) -> str:
    """`text` with each of `secrets` replaced by `MASK` wherever it stands as a word
    (not inside a longer run of letters and digits), in any case."""
    for secret in sorted(set(secrets), key=len, reverse=True):
        pattern = rf"(?<![0-9A-Za-z]){re.escape(secret)}(?![0-9A-Za-z])"
        text = re.sub(pattern, MASK, text, flags=re.IGNORECASE)
    return text


def copy_line(text: str, read: bool, secrets: Iterable[str]) -> str:
    """An echoed line as a copy shows it: an unread line that starts with a
    password-bearing keyword as that keyword alone, any other with the mail's
    passwords masked."""
    if not read:
        found = match_keyword(text, _PASSWORD_KEYWORDS)
        if found is not None:
            return f"{found[0].name} {MASK}"
    return masked(text, secrets)
