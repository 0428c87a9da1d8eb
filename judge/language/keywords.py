"""Recognise command keywords the way players type them: any case, spaces optional.

`SIGN ON`, `signon` and `SignOn.` are one keyword. A keyword is written here as its
words separated by spaces (`"SIGN ON"`); each space may be absent or repeated in the
mail. A keyword must end at a space or the end of the line, so `MAPS` never reads as
`MAP`. The mail reader uses the block keywords below to keep press text intact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

_TRAILING_PUNCTUATION = r"[.!,;:]*"
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"


@dataclass(frozen=True)
class Keyword:
    """A command keyword: its canonical name and the spelling it is matched by.

    `spelling` is words separated by spaces; a word may be a small regex (`MOVES?`).
    """

    name: str
    spelling: str = ""
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words = (self.spelling or self.name).split()
        regex = r"\s*".join(f"(?:{word})" for word in words)
        compiled = re.compile(rf"\s*{regex}{_TRAILING_PUNCTUATION}(?=\s|$)", re.IGNORECASE)
        object.__setattr__(self, "pattern", compiled)


def clean(line: str) -> str:
    """The line without surrounding whitespace and invisible characters (BOM, ZWSP)."""
    return line.strip().strip(_INVISIBLE).strip()


def match_keyword(line: str, keywords: Iterable[Keyword]) -> tuple[Keyword, str] | None:
    """The longest keyword the line starts with, and the rest of the line (stripped)."""
    text = clean(line)
    best: tuple[Keyword, int] | None = None
    for keyword in keywords:
        found = keyword.pattern.match(text)
        if found and (best is None or found.end() > best[1]):
            best = (keyword, found.end())
    if best is None:
        return None
    return best[0], text[best[1] :].strip()


PRESS = Keyword("PRESS")
BROADCAST = Keyword("BROADCAST")
ENDPRESS = Keyword("ENDPRESS", "END PRESS")
SIGNOFF = Keyword("SIGNOFF", "SIGN OFF")


def starts_press_block(line: str) -> bool:
    """`PRESS ...` or `BROADCAST ...`: the lines that follow are press text."""
    return match_keyword(line, (PRESS, BROADCAST)) is not None


def ends_press_block(line: str) -> bool:
    """`ENDPRESS` alone on its line."""
    found = match_keyword(line, (ENDPRESS,))
    return found is not None and found[1] == ""


def is_signoff(line: str) -> bool:
    """`SIGNOFF`, with anything after it on the line."""
    return match_keyword(line, (SIGNOFF,)) is not None
