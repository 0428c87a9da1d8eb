"""Generated values of each kind a mail shows, and their substitution into the data a
template was rendered with during a game played by mail.

A game played by mail records what each template was given (`template_recorder`);
`substitute` hands the same data back with its free values replaced by generated
ones: game names (1 to 20 characters, the grammar's limit), addresses (up to the
judge's limit, `judge.addresses.MAX_ADDRESS`), variant names, power names (any of
the seven, each in the case the data had it; the French names come from the French
templates' filters), counts (up to the largest `[limits]` bound of the config),
moments (any day of 2000 to 2099, so every weekday and month name in both
languages), province names (any of the standard map's, in English and in French)
and the reader's time zone. Game names, addresses and province names are replaced
wherever they appear, also inside text the judge worded earlier (a note, the
public part of the results); the other kinds where the data names them.
"""

from __future__ import annotations

import functools
import re
import string
import zoneinfo
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from hypothesis import strategies as st

from judge.addresses import MAX_ADDRESS, is_plain_address
from judge.config import Config
from judge.config_keys import declared_sections
from judge.language.arguments import GAME_NAME
from judge.rules.state import POWERS
from judge.service.context import Note
from judge.service.replies.dispatch import Entry
from judge.variants.registry import default_registry
from judge.wording.names_fr import FRENCH_PROVINCE_NAMES
from judge.wording.readers import DEFAULT_READER

MAX_GAME = 20  # `judge.language.arguments.GAME_NAME`: a letter or digit, then up to 19
MAX_NUMBER = int(max(
    key.spec.bound.high
    for found in declared_sections(Config)
    for key in found.keys
    if key.section == "limits" and key.spec.bound is not None
))
VARIANT_NAMES = sorted(default_registry().get(n).display_name for n in default_registry().names())
ZONES = sorted(z for z in zoneinfo.available_timezones() if "/" in z)
LONGEST_ZONE = max(ZONES, key=len)
SCENARIO_ADDRESS = re.compile(r"[A-Za-z0-9._+-]+@example\.org")  # every scenario's domain
# Numbers the templates compute with (a column width, a year), not counts they show.
WHOLE_NUMBERS = frozenset({"width", "year", "limit_hours"})
# Values kept whole: a Taskdip task's parts (its centre count, 1 to 7, is said as a
# word from a table; the task is one of the variant's cards, not a free value).
AS_GIVEN = frozenset({"task_parts"})
# Keys whose text values are power names (when they are one).
POWER_KEYS = frozenset({"power", "player", "opponent", "home_power", "author", "powers",
                        "winner_groups", "controller", "lot_winner", "winner", "by"})  # fmt: skip
_LETTERS = string.ascii_lowercase + string.digits
PROVINCES = sorted(FRENCH_PROVINCE_NAMES)  # the standard map's, by their English names
_PROVINCE_NAMES = re.compile(
    r"(?<![\w-])("
    + "|".join(map(re.escape, sorted({*PROVINCES, *FRENCH_PROVINCE_NAMES.values()},
                                     key=len, reverse=True)))
    + r")(?![\w-])"
)  # fmt: skip


def _name_bytes(province: str) -> int:
    return max(len(province.encode()), len(FRENCH_PROVINCE_NAMES[province].encode()))


@dataclass(frozen=True)
class Values:
    """One draw of every kind: what the recorded data's values become."""

    game: str
    address: str
    variant: str
    powers: Mapping[str, str]  # each power (upper case) -> the power it becomes
    number: int
    shift: timedelta  # added to every moment
    zone: str | None
    province: str  # an English name; its French name where the text had a French one

    def power(self, name: str) -> str:
        """`name` (any case, or its three-letter form) as the power it becomes."""
        upper = name.upper()
        if upper in self.powers:
            return _like(name, self.powers[upper])
        short = next((k for k in self.powers if len(name) == 3 and k[:3] == upper), None)
        return name if short is None else _like(name, self.powers[short][:3])


def _like(shape: str, name: str) -> str:
    if shape.isupper():
        return name.upper()
    return name.title() if shape[:1].isupper() else name.lower()


def longest_address() -> str:
    """A plain address of exactly `MAX_ADDRESS` characters: 64 before the @."""
    local = "a" * 64
    labels = ["b" * 63, "c" * 63, "d" * (MAX_ADDRESS - 64 - 1 - 2 * 64 - 4), "org"]
    address = f"{local}@{'.'.join(labels)}"
    assert len(address) == MAX_ADDRESS and is_plain_address(address), address
    return address


LONGEST = Values(
    game="abcdefghij-klmnopqrs",
    address=longest_address(),
    variant=max(VARIANT_NAMES, key=len),
    powers={p.upper(): p.upper() for p in POWERS},
    number=MAX_NUMBER,
    shift=timedelta(days=254),  # a Wednesday in September (mercredi, septembre)
    zone=LONGEST_ZONE,
    province=max(PROVINCES, key=_name_bytes),
)


@st.composite
def addresses(draw: st.DrawFn) -> str:
    """A plain address of any length up to `MAX_ADDRESS`: up to 64 characters before
    the @, labels of up to 63 after it."""
    size = draw(st.integers(7, MAX_ADDRESS))
    local = draw(st.text(_LETTERS, min_size=1, max_size=min(64, size - 6)))
    room = size - len(local) - 1 - len(".org")
    letters = draw(st.text(_LETTERS, min_size=room - room // 64, max_size=room - room // 64))
    domain = ".".join(letters[at : at + 63] for at in range(0, len(letters), 63))
    address = f"{local}@{domain}.org"
    assert len(address) <= MAX_ADDRESS and is_plain_address(address), address
    return address


def values() -> st.SearchStrategy[Values]:
    """Values of every kind, the longest among them often."""
    game = st.builds(lambda first, rest: first + rest, st.sampled_from(_LETTERS),
                     st.text(_LETTERS + "-_", max_size=MAX_GAME - 1))  # fmt: skip
    upper = [p.upper() for p in POWERS]
    return st.builds(
        Values,
        game=st.one_of(st.just(LONGEST.game), game).filter(GAME_NAME.fullmatch),
        address=st.one_of(st.just(LONGEST.address), addresses()),
        variant=st.sampled_from(VARIANT_NAMES),
        powers=st.permutations(upper).map(lambda new: dict(zip(upper, new, strict=True))),
        number=st.one_of(st.just(MAX_NUMBER), st.integers(2, MAX_NUMBER)),
        shift=st.builds(timedelta, days=st.integers(-9000, 26000), minutes=st.integers(0, 1439)),
        zone=st.one_of(st.just(LONGEST_ZONE), st.none(), st.sampled_from(ZONES)),
        province=st.one_of(st.just(LONGEST.province), st.sampled_from(PROVINCES)),
    )


def substitute(value: Any, new: Values, games: tuple[str, ...], key: str = "") -> Any:
    """`value` (recorded data) with its free values replaced by `new`'s; `games` are
    the game names the scenario used."""
    again = functools.partial(substitute, new=new, games=games)
    if isinstance(value, dict):
        return {_key(k, new): v if k in AS_GIVEN else again(v, key=k) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(again(v, key=key) for v in value)
    if isinstance(value, Entry):
        return replace(value, text=again(value.text), notes=again(value.notes))
    if isinstance(value, Note):
        return _note(value, again)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return new.number if value > 1 and key not in WHOLE_NUMBERS else value
    if isinstance(value, datetime):
        return value + new.shift
    if isinstance(value, str):
        return _text(value, key, new, games)
    return value


def _key(key: Any, new: Values) -> Any:
    return new.power(key) if isinstance(key, str) and key.upper() in new.powers else key


def _text(value: str, key: str, new: Values, games: tuple[str, ...]) -> str:
    if key == "variant" and value in VARIANT_NAMES:
        return new.variant
    if key in POWER_KEYS:
        return new.power(value)
    value = SCENARIO_ADDRESS.sub(new.address, value)
    value = _PROVINCE_NAMES.sub(lambda found: _province(found[0], new.province), value)
    for game in games:
        value = re.sub(rf"(?<![\w-]){re.escape(game)}(?![\w-])", new.game, value)
    return value


def _province(name: str, new: str) -> str:
    """`new` in the language of `name`: the longer of its two names where `name` is
    both the English and the French name (Berlin)."""
    french = FRENCH_PROVINCE_NAMES[new]
    if name in FRENCH_PROVINCE_NAMES and name == FRENCH_PROVINCE_NAMES[name]:
        return max(new, french, key=lambda n: len(n.encode()))
    return new if name in FRENCH_PROVINCE_NAMES else french


def _note(value: Note, again: Callable[..., Any]) -> Note:
    """A note whose wording is a template or macro call with values: the same call with
    the new values (worded again for each reader), else its text changed."""
    wording = value.wording
    if isinstance(wording, functools.partial):
        call = functools.partial(wording.func, *again(wording.args), **again(wording.keywords))
        return Note(call(DEFAULT_READER), value.error, call)
    return replace(value, text=again(value.text))
