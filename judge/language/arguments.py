"""Read the arguments of a command: game names, passwords, powers, addresses, numbers.

Each reader takes the text a player typed and returns a clean value, or raises
`CommandError` with a message that tells the player exactly what to write instead.
Only punctuation that can never belong to the value is forgiven (a full stop after a
game name); passwords are taken exactly as typed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from judge.addresses import is_plain_address
from judge.language.messages import Listed, Named, WordedError
from judge.rules.state import POWER_BY_LETTER, POWERS, power_name

GAME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,19}")
MAX_PASSWORD = 128
_SAFE_TRAILING = ".,;:!"
_LIST_SEPARATORS = re.compile(r"[\s,;>/]+")
_FILLER_WORDS = frozenset({"AND", "&"})
MASTER = "MASTER"
MASTER_WORDS: Mapping[str, str] = {"M": MASTER, "GM": MASTER, "MASTER": MASTER}


class CommandError(WordedError):
    """A command that cannot be read; the message (a `Message`) is meant for the player."""


def words(rest: str) -> list[str]:
    """The whitespace-separated words of an argument string."""
    return rest.split()


def no_arguments(name: str, rest: str) -> None:
    """Commands like DRAW take nothing; say so rather than guess what was meant."""
    if rest:
        raise CommandError("takes_nothing", name=name, rest=rest)


def game_name(token: str) -> str:
    """A game name: letters, digits, `-` and `_`, up to 20; returned in lower case."""
    name = token.rstrip(_SAFE_TRAILING).lower()
    if not GAME_NAME.fullmatch(name):
        raise CommandError("not_game_name", token=token)
    return name


def password(token: str) -> str:
    """A password is one word, taken exactly as typed (punctuation included)."""
    if len(token) > MAX_PASSWORD:
        raise CommandError("password_too_long", most=MAX_PASSWORD)
    return token


def power(token: str) -> str:
    """One power by name, usual abbreviation or letter: `France`, `FRA`, `F` -> FRANCE."""
    name = power_name(token.strip(_SAFE_TRAILING))
    if name is None:
        raise CommandError("not_power", token=token, names=_POWER_NAMES)
    return name


def power_list(text: str, extra: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """Powers as names, letters or one word of letters (`FGE`), in order, no repeats.

    `extra` adds names that are not powers (e.g. M or GM for the game master).
    A word that is a power's name or abbreviation wins over reading it as letters
    (`FRA` is France, not France-Russia-Austria).
    """
    found: list[str] = []
    for token in _LIST_SEPARATORS.split(text.strip()):
        if token and token.upper() not in _FILLER_WORDS:
            found.extend(_powers_in_word(token.strip(_SAFE_TRAILING), extra or {}))
    return _without_repeats(found)


def _powers_in_word(word: str, extra: Mapping[str, str]) -> list[str]:
    upper = word.upper()
    if upper in extra:
        return [extra[upper]]
    name = power_name(upper) if len(upper) == 1 or len(upper) >= 3 else None
    if name is not None:
        return [name]
    letters = [POWER_BY_LETTER.get(letter) or extra.get(letter) for letter in upper]
    if upper and all(letters):
        return [letter for letter in letters if letter]
    raise CommandError("not_power", token=word, names=_POWER_NAMES)


def _without_repeats(powers: list[str]) -> tuple[str, ...]:
    seen: set[str] = set()
    for name in powers:
        if name in seen:
            raise CommandError("listed_twice", power=Named(name.title()))
        seen.add(name)
    return tuple(powers)


_POWER_NAMES = Listed(
    [p.title() for p in POWERS], ", ".join(p.title() for p in POWERS), kind="name"
)


def address(text: str) -> str:
    """A plain e-mail address `local@domain` (`is_plain_address`: no encoded words,
    no control characters, no quoting); `<...>` and `mailto:` are removed."""
    value = text.strip().rstrip(".,;")
    value = value.removeprefix("<").removesuffix(">")
    if value.lower().startswith("mailto:"):
        value = value[len("mailto:") :]
    if not is_plain_address(value):
        shown = "".join(char if char.isprintable() else "?" for char in text.strip())
        raise CommandError("not_address", shown=shown)
    return value


def count(token: str, what: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`."""
    cleaned = token.rstrip(_SAFE_TRAILING)
    if not re.fullmatch(r"[0-9]{1,6}", cleaned):
        raise CommandError("not_whole_number", what=what, token=token)
    value = int(cleaned)
    if not low <= value <= high:
        raise CommandError("number_out_of_range", what=what, low=low, high=high, value=value)
    return value


def on_off(token: str, what: str) -> bool:
    """ON/OFF (or YES/NO)."""
    word = token.rstrip(_SAFE_TRAILING).upper()
    if word in {"ON", "YES"}:
        return True
    if word in {"OFF", "NO"}:
        return False
    raise CommandError("on_or_off", what=what, token=token)
