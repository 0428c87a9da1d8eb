"""Money per centre, and the propaganda popularity changes of Wright's rule 1.9.

Income: each player gets `per_centre` for every centre their home power owns,
after each fall (`intimate`, `intimate-2000`: 1 credit) or at the end of the
year (`propaganda`: 4 points).

Popularity (propaganda only), assessed before the next bidding, comparing the
centre owners when the year began with those at its end, and in this order:
(iii) +10% to the controller for every centre a controlled mercenary captured;
(i) -30% to the controller for every home centre of its controlled mercenary
that the controller's own home units took; (ii) -10% to the controller, and to
the player who captured it, for every home centre of a controlled mercenary lost
to anyone else. Each change is applied to the current points in turn, and the
fraction of each change is discarded (45 - 30% = 45 - 13 = 32).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Centres = Mapping[str, str]  # centre -> owning power


def pay_income(
    money: Mapping[str, int],
    centers: Centres,
    per_centre: int,
    currency: str,
) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Pay every home power in `money` for its centres; return new money and report rows."""
    new: dict[str, int] = {}
    rows: list[dict[str, Any]] = []
    for home in sorted(money):
        count = sum(1 for owner in centers.values() if owner == home)
        new[home] = money[home] + per_centre * count
        rows.append(
            {"player": home, "old": money[home], "centres": count,
             "per_centre": per_centre, "new": new[home], "currency": currency}
        )
    return new, rows


def apply_percent(points: int, percent: int) -> int:
    """Add `percent`% of `points`, discarding the fraction of the change."""
    change = abs(points * percent) // 100
    return points + change if percent > 0 else points - change


@dataclass(frozen=True)
class Change:
    """One popularity change for one player, with its cause for the report.

    The cause is told by `rule` and the names in it: `mercenary`, controlled by
    `controller`, and the centre (`centre_name`) it captured (iii), that
    `controller` took from it (i), or that it lost to `owner` (ii). `cause` is
    the English sentence; the templates word the values for their reader."""

    player: str
    rule: str  # "i", "ii" or "iii"
    percent: int
    centre: str
    mercenary: str
    controller: str
    centre_name: str
    owner: str

    @property
    def cause(self) -> str:
        merc, home, centre = self.mercenary.title(), self.controller.title(), self.centre_name
        if self.rule == "iii":
            return f"{merc}, controlled by {home}, captured {centre}"
        if self.rule == "i":
            return f"{home} took {centre}, a home centre of {merc}, which {home} controlled"
        return f"{merc}, controlled by {home}, lost {centre} to {self.owner.title()}"


def popularity_changes(
    homes: Sequence[str],
    control: Mapping[str, str | None],
    start: Centres,
    end: Centres,
    home_centers: Mapping[str, Sequence[str]],
    names: Mapping[str, str],
) -> list[Change]:
    """Every rule 1.9 change of the year, in the order they are applied.

    `homes`: both home powers. `control`: mercenary -> controlling home power this
    year (None: anarchy). `names`: province id -> name, for the causes.
    """
    year = _Year(homes, control, start, end, home_centers, names)
    return [*year.captures(), *year.betrayals(), *year.losses()]


@dataclass(frozen=True)
class _Year:
    homes: Sequence[str]
    control: Mapping[str, str | None]
    start: Centres
    end: Centres
    home_centers: Mapping[str, Sequence[str]]
    names: Mapping[str, str]

    def controlled(self) -> list[tuple[str, str]]:
        return [(m, c) for m, c in sorted(self.control.items()) if c is not None]

    def name(self, centre: str) -> str:
        return self.names.get(centre, centre)

    def player_of(self, power: str) -> str | None:
        """The player (home power) who ordered `power` this year; None for anarchy."""
        return power if power in self.homes else self.control.get(power)

    def lost(self, merc: str) -> list[tuple[str, str]]:
        """(centre, new owner) for each home centre `merc` owned and lost this year."""
        return [
            (c, self.end[c])
            for c in sorted(self.home_centers.get(merc, ()))
            if self.start.get(c) == merc and self.end.get(c) not in (None, merc)
        ]

    def captures(self) -> list[Change]:
        """(iii) +10% for every centre a controlled mercenary captured."""
        return [
            Change(home, "iii", 10, c, merc, home, self.name(c), merc)
            for merc, home in self.controlled()
            for c in sorted(self.end)
            if self.end[c] == merc and self.start.get(c) != merc
        ]

    def betrayals(self) -> list[Change]:
        """(i) -30% for every home centre of one's own mercenary taken by one's home units."""
        return [
            Change(home, "i", -30, c, merc, home, self.name(c), owner)
            for merc, home in self.controlled()
            for c, owner in self.lost(merc)
            if owner == home
        ]

    def losses(self) -> list[Change]:
        """(ii) -10% to controller and capturer for every other loss of a home centre."""
        changes: list[Change] = []
        for merc, home in self.controlled():
            for c, owner in self.lost(merc):
                if owner == home:
                    continue
                changes.append(Change(home, "ii", -10, c, merc, home, self.name(c), owner))
                capturer = self.player_of(owner)
                if capturer is not None:
                    changes.append(
                        Change(capturer, "ii", -10, c, merc, home, self.name(c), owner)
                    )
        return changes


def apply_changes(
    points: Mapping[str, int], changes: Sequence[Change]
) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Apply the changes in turn; return the new points and the report rows."""
    new = dict(points)
    rows: list[dict[str, Any]] = []
    for change in changes:
        if change.player not in new:
            continue
        old = new[change.player]
        new[change.player] = apply_percent(old, change.percent)
        rows.append(
            {"player": change.player, "rule": change.rule, "percent": change.percent,
             "centre": change.centre, "cause": change.cause,
             "old": old, "new": new[change.player],
             # what the templates word the cause from (`cause` is the English one)
             "mercenary": change.mercenary, "controller": change.controller,
             "centre_name": change.centre_name, "owner": change.owner}
        )
    return new, rows
