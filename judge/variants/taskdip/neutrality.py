"""Violations of an originally neutral power's neutrality, and who gets the power.

A violation is an order of an allotted power (a player's) to move or retreat
into a province of a neutral power's home territory (`GameMap.home_territory`,
e.g. Sil for Germany, Fin for Russia), or to support or convoy a move into one,
successful or not. Choices where the text is silent:

* only orders in effect count: an order the judge refused as illegal does not
  (it never was an order of the game), nor one replaced by a later order for
  the same unit; a legal support or convoy that turns out void still counts;
* supporting a neutral unit in holding is not a violation (the text allows it);
* several neutrals violated in one phase are allotted one by one in the
  standard power order, each from the holdings before the phase.

From the next phase on, the violated power goes to a player who respected it
(with two players, the other one); if every player violated it, all are
candidates. Ties are broken, in order: (1) the fewest centres in total at the
last fall ownership update before the violation; (2) the player whose biggest
power (most centres then) has the fewest; (3) a seeded lot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from judge.rules.map import GameMap
from judge.rules.orders import Convoy, Move, Order, Retreat, SupportMove
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import POWERS, province_of
from judge.variants.taskdip.data import FallRecord

ONLY_RESPECTER = "only_respecter"
FEWEST_CENTRES = "fewest_centres"
SMALLEST_BIGGEST_POWER = "smallest_biggest_power"
LOT = "lot"


@dataclass(frozen=True)
class Violation:
    """`seat`'s `power` gave `order`, which enters the home territory of `neutral`."""

    neutral: str
    seat: str
    power: str
    order: str


@dataclass(frozen=True)
class Allotment:
    """Who receives a violated neutral, and why."""

    power: str
    seat: str
    violators: tuple[str, ...]
    candidates: tuple[str, ...]
    decided_by: str
    totals: Mapping[str, int]
    biggest: Mapping[str, int]


# --- detection -------------------------------------------------------------------------


def orders_in_effect(results: Iterable[OrderResult]) -> list[Order]:
    """The last legal order of each unit, in the order given."""
    latest: dict[str, Order] = {}
    for result in results:
        order = result.order
        if order is None or result.outcome is Outcome.ILLEGAL:
            continue
        location = getattr(order, "location", None)
        if location is not None:
            latest.pop(province_of(location), None)
            latest[province_of(location)] = order
    return list(latest.values())


def entered_province(order: Order) -> str | None:
    """The province an order moves, retreats, supports or convoys a unit into."""
    if isinstance(order, (Move, Retreat, SupportMove, Convoy)):
        return province_of(order.target)
    return None


def find_violations(
    game_map: GameMap,
    results: Iterable[OrderResult],
    neutral: Collection[str],
    seat_of: Callable[[str], str | None],
) -> list[Violation]:
    """Every order in effect of a player's power that enters a neutral's home territory."""
    owner = {prov: power for power in neutral for prov in game_map.home_territory[power]}
    found: list[Violation] = []
    for order in orders_in_effect(results):
        target = entered_province(order)
        seat = seat_of(order.power)
        if target in owner and seat is not None:
            found.append(Violation(owner[target], seat, order.power, str(order)))
    return found


def violators_by_power(violations: Iterable[Violation]) -> dict[str, tuple[str, ...]]:
    """neutral -> the seats that violated it, in the standard power order."""
    seats: dict[str, list[str]] = {}
    for v in violations:
        who = seats.setdefault(v.neutral, [])
        if v.seat not in who:
            who.append(v.seat)
    return {p: tuple(sorted(seats[p])) for p in POWERS if p in seats}


# --- allotment -------------------------------------------------------------------------


def allot_violated(
    power: str,
    violators: Collection[str],
    seats: Sequence[str],
    fall: FallRecord,
    rng: random.Random,
) -> Allotment:
    """Choose the player who receives the violated neutral `power`."""
    respecting = [s for s in seats if s not in violators]
    candidates = tuple(respecting or seats)
    totals = {s: fall.total(s) for s in candidates}
    biggest = {s: fall.biggest(s) for s in candidates}

    def decided(seat: str, how: str) -> Allotment:
        return Allotment(power, seat, tuple(sorted(violators)), candidates, how, totals, biggest)

    if len(candidates) == 1:
        return decided(candidates[0], ONLY_RESPECTER)
    left = _fewest(candidates, totals)
    if len(left) == 1:
        return decided(left[0], FEWEST_CENTRES)
    left = _fewest(left, biggest)
    if len(left) == 1:
        return decided(left[0], SMALLEST_BIGGEST_POWER)
    return decided(rng.choice(sorted(left)), LOT)


def _fewest(seats: Sequence[str], score: Mapping[str, int]) -> list[str]:
    low = min(score[s] for s in seats)
    return [s for s in seats if score[s] == low]
