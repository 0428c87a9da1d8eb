"""How a Taskdip game is won: a task, 18 centres, two powers' home centres, resignations.

Checked when centre ownership is updated (the end of each fall, retreats
included). A player wins if:

* a power allotted to them before Spring 1901 owns every centre its task needs
  (the task must be fulfilled by the power it was assigned to);
* one power they hold (originally or later allotted) owns 18 centres;
* one power they hold owns every home centre of two powers an adversary holds or
  held (a power never leaves its player). Rule flag `home_centre_victory`:
  `adversaries` (default): the two powers may belong to two different
  adversaries; `one_adversary`: both must belong to the same adversary.

Every player who qualifies at the same update shares a draw. The game's winner
value names one power per winning player: the power that met the condition
(the first of task, 18 centres, home centres; powers in holding order). So a
single winner is a power, a draw a list of powers, as the status JSON wants.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from judge.variants.taskdip.data import TaskdipData
from judge.variants.taskdip.tasks import task_for

SOLO_CENTRES = 18
TASK = "task"
CENTRES = "centres"
HOME_CENTRES = "home_centres"
PAIR_RULES = ("adversaries", "one_adversary")


@dataclass(frozen=True)
class Win:
    """`seat` qualifies for victory through `power`, for `reason`."""

    seat: str
    power: str
    reason: str
    detail: Mapping[str, Any] = field(default_factory=dict)


def owned_by(centers: Mapping[str, str], power: str) -> frozenset[str]:
    return frozenset(c for c, owner in centers.items() if owner == power)


def find_wins(
    centers: Mapping[str, str],
    data: TaskdipData,
    home_centers: Mapping[str, Collection[str]],
    pair_rule: str = "adversaries",
) -> list[Win]:
    """The first qualifying condition of every seat that qualifies, in seat order."""
    wins: list[Win] = []
    for seat in data.seats:
        found = next(_wins_of(seat, centers, data, home_centers, pair_rule), None)
        if found is not None:
            wins.append(found)
    return wins


def _wins_of(
    seat: str,
    centers: Mapping[str, str],
    data: TaskdipData,
    home_centers: Mapping[str, Collection[str]],
    pair_rule: str,
) -> Iterator[Win]:
    for power in data.original.get(seat, ()):
        drawn = data.tasks.get(power)
        if drawn and task_for(power, drawn.card).holds(owned_by(centers, power)):
            yield Win(seat, power, TASK, {"card": drawn.card})
    for power in data.players.get(seat, ()):
        count = len(owned_by(centers, power))
        if count >= SOLO_CENTRES:
            yield Win(seat, power, CENTRES, {"count": count})
    pairs = adversary_pairs(data, seat, pair_rule)
    for power in data.players.get(seat, ()):
        owned = owned_by(centers, power)
        for pair in pairs:
            if all(set(home_centers[p]) <= owned for p in pair):
                yield Win(seat, power, HOME_CENTRES, {"powers": list(pair)})


def adversary_pairs(data: TaskdipData, seat: str, pair_rule: str) -> list[tuple[str, str]]:
    """The pairs of adversary powers whose home centres would win the game for `seat`."""
    others = data.adversary_powers(seat)
    if pair_rule == "one_adversary":
        return [pair for powers in others.values() for pair in combinations(powers, 2)]
    every = sorted({p for powers in others.values() for p in powers})
    return list(combinations(every, 2))


def winner_value(wins: list[Win]) -> str | list[str] | None:
    """One power for a single winner, a list for a draw, None for no winner."""
    if not wins:
        return None
    if len(wins) == 1:
        return wins[0].power
    return [w.power for w in wins]


def resignation_winner(data: TaskdipData, resigned: Collection[str]) -> str | None:
    """The last player left when every other player has resigned (their first power)."""
    left = [s for s in data.seats if s not in resigned]
    if len(left) != 1 or len(data.seats) < 2:
        return None
    powers = data.players.get(left[0], ())
    return powers[0] if powers else None
