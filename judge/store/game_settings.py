"""A game's settings, typed: the one reader and writer of the `games.settings` JSON.

The column is untyped JSON so that a new setting needs no schema change; this
module is the only place that knows its keys. Every setting a master chooses
(on CREATE or with SET lines) is read with `GameSettings.of(game)` and written
back with `settings.save(game)`, which stores a new dict (so the JSON column sees
the change).

Stored keys (unchanged from before this module, so old rows read the same):

* `rules`: the variant's rule flags, `{name: text}` (`SET RULE`, `SET PLAYERS`);
* `next`: phase lengths the master changed, `{"MOVE": seconds, ...}` (`SET ... NEXT`);
* `grace`: the grace after every deadline, in seconds, once the master set it;
* `zine`: the address that gets every public broadcast (`SET ZINE`), if any;
* `maps`: `false` after `SET MAPS OFF` (absent: maps on);
* `language`: the game's default language for new players and the public mails
  (`SET LANGUAGE`; absent: English).
* `press`: `"grey"` or `"none"` after `SET PRESS GREY|NONE` (absent: `"white"`, signed press);
* `partial`: `false` after `SET PARTIAL OFF` (absent: press to some powers only allowed);
* `gunboat`: `true` after `SET GUNBOAT` (absent: players are not anonymous). A gunboat
  game has no press between players whatever `press` says (`effective_press`).
* `max_absence`: each player's days of absence in the game (`SET MAXABSENCE`;
  absent: 14).
* `dias`: `false` after njudge's `SET NODIAS` (players vote for a named draw; absent:
  DIAS, a draw includes every surviving player).

Keys this module does not know are kept as they were (a newer judge may have
written them), and absent keys take the defaults the service documents.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from judge.store.models import Game

RULES_KEY = "rules"
LENGTHS_KEY = "next"
GRACE_KEY = "grace"
ZINE_KEY = "zine"
MAPS_KEY = "maps"
LANGUAGE_KEY = "language"
PRESS_KEY = "press"
PARTIAL_KEY = "partial"
GUNBOAT_KEY = "gunboat"
MAX_ABSENCE_KEY = "max_absence"
DIAS_KEY = "dias"
KNOWN_KEYS = frozenset(
    {RULES_KEY, LENGTHS_KEY, GRACE_KEY, ZINE_KEY, MAPS_KEY, LANGUAGE_KEY, PRESS_KEY, PARTIAL_KEY,
     GUNBOAT_KEY, MAX_ABSENCE_KEY, DIAS_KEY}
)  # fmt: skip
DEFAULT_LANGUAGE = "en"
PRESS_LEVELS = ("white", "grey", "none")
DEFAULT_MAX_ABSENCE_DAYS = 14


@dataclass(frozen=True)
class GameSettings:
    """What a game's master chose. None (or an empty dict) means "the default"."""

    rules: Mapping[str, str] = field(default_factory=dict)
    phase_lengths: Mapping[str, timedelta] = field(default_factory=dict)  # by phase kind
    grace: timedelta | None = None
    zine: str | None = None
    maps: bool = True
    language: str = DEFAULT_LANGUAGE
    press: str = "white"  # one of PRESS_LEVELS
    partial: bool = True
    gunboat: bool = False
    max_absence_days: int = DEFAULT_MAX_ABSENCE_DAYS
    dias: bool = True
    unknown: Mapping[str, Any] = field(default_factory=dict)  # kept as stored

    @classmethod
    def of(cls, game: Game) -> GameSettings:
        return cls.from_json(game.settings or {})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSettings:
        grace = data.get(GRACE_KEY)
        rules = dict(data.get(RULES_KEY) or {})
        return cls(
            rules=rules,
            phase_lengths={
                str(kind): timedelta(seconds=seconds)
                for kind, seconds in dict(data.get(LENGTHS_KEY) or {}).items()
                if seconds is not None
            },
            grace=None if grace is None else timedelta(seconds=grace),
            zine=data.get(ZINE_KEY) or None,
            maps=data.get(MAPS_KEY, True) is not False,
            language=str(data.get(LANGUAGE_KEY) or DEFAULT_LANGUAGE),
            press=_press_level(data.get(PRESS_KEY)),
            partial=data.get(PARTIAL_KEY, True) is not False,
            gunboat=data.get(GUNBOAT_KEY, False) is True,
            max_absence_days=int(data.get(MAX_ABSENCE_KEY, DEFAULT_MAX_ABSENCE_DAYS)),
            dias=data.get(DIAS_KEY, True) is not False,
            unknown={key: value for key, value in data.items() if key not in KNOWN_KEYS},
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = dict(self.unknown)
        data[RULES_KEY] = dict(self.rules)
        if self.phase_lengths:
            data[LENGTHS_KEY] = {
                kind: _seconds(length) for kind, length in self.phase_lengths.items()
            }
        if self.grace is not None:
            data[GRACE_KEY] = _seconds(self.grace)
        if self.zine:
            data[ZINE_KEY] = self.zine
        if not self.maps:
            data[MAPS_KEY] = False
        if self.language != DEFAULT_LANGUAGE:
            data[LANGUAGE_KEY] = self.language
        if self.press != "white":
            data[PRESS_KEY] = self.press
        if not self.partial:
            data[PARTIAL_KEY] = False
        if self.gunboat:
            data[GUNBOAT_KEY] = True
        if self.max_absence_days != DEFAULT_MAX_ABSENCE_DAYS:
            data[MAX_ABSENCE_KEY] = self.max_absence_days
        if not self.dias:
            data[DIAS_KEY] = False
        return data

    @property
    def effective_press(self) -> str:
        """The press players may send: `none` in a gunboat game, else `press`."""
        return "none" if self.gunboat else self.press

    def save(self, game: Game) -> None:
        """Store these settings on the game row (a new dict: the JSON column sees it)."""
        game.settings = self.to_json()

    def with_rules(self, rules: Mapping[str, str]) -> GameSettings:
        return replace(self, rules=dict(rules))

    def with_length(self, kind: str, length: timedelta) -> GameSettings:
        return replace(self, phase_lengths={**self.phase_lengths, kind: length})


def _press_level(stored: Any) -> str:
    """A stored press level; anything unknown reads as the default, signed press."""
    return stored if stored in PRESS_LEVELS else "white"


def _seconds(length: timedelta) -> int:
    """Durations are stored as whole seconds."""
    return int(length.total_seconds())
