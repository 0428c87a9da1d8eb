"""Standard Diplomacy: seven players, powers by preference, 18 centres wins."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from judge.rules.phases import adjudicate_phase
from judge.rules.state import POWERS, Phase
from judge.variants.base import (
    RULEBOOK_FLAG,
    Outcome,
    Seat,
    Snapshot,
    Start,
    Submission,
    Variant,
)
from judge.variants.common import (
    all_orders,
    center_winner,
    powers_with_duties,
)

DATC_FLAGS: Mapping[str, tuple[str, tuple[str, ...], str]] = {
    "convoy_adjacent": (
        "3.0",
        ("3.0", "2.4"),
        "3.0: a failed convoy to an adjacent province does not fall back to the land "
        "route (DATC 3.0 and 3.1); 2.4: it does",
    ),
    "civil_disorder": (
        "2023",
        ("2023", "2000", "1971"),
        "the removals a power did not order (DATC 3.1 4.D.8). 2023: units on supply "
        "centres last, then the unit farthest from a centre the power owns; 2000 and "
        "1971: the unit farthest from its home centres (the 2000 and the 1971 "
        "rulebook); at equal distance fleets first, then by province name",
    ),
    **RULEBOOK_FLAG,
}


def allot_by_preference(
    seats: Sequence[Seat], powers: Sequence[str], rng: random.Random
) -> dict[str, str]:
    """Seats in a seeded random order each take their best remaining preference."""
    order = list(seats)
    rng.shuffle(order)
    free = list(powers)
    allotted: dict[str, str] = {}
    for seat in order:
        wanted = [p for p in seat.preferences if p in free]
        choice = wanted[0] if wanted else rng.choice(free)
        free.remove(choice)
        allotted[seat.key] = choice
    return allotted


class StandardVariant(Variant):
    name = "standard"
    display_name = "Standard"
    min_players = 1
    max_players = 7
    rule_flags = DATC_FLAGS

    def start(self, seats: Sequence[Seat], rules: Mapping[str, str], rng: random.Random) -> Start:
        allotted = allot_by_preference(seats, POWERS, rng)
        data: dict[str, Any] = {"seats": {seat: [power] for seat, power in allotted.items()}}
        snapshot = Snapshot(self.map.initial_state(Phase.parse("S1901M")), data, dict(rules))
        holdings = {seat: (power,) for seat, power in allotted.items()}
        return Start(snapshot=snapshot, holdings=holdings)

    def holdings(self, snapshot: Snapshot) -> Mapping[str, tuple[str, ...]]:
        seats: Mapping[str, list[str]] = snapshot.data.get("seats", {})
        return {seat: tuple(powers) for seat, powers in seats.items()}

    def controller_of(self, snapshot: Snapshot, power: str) -> str | None:
        held = {p for powers in self.holdings(snapshot).values() for p in powers}
        return power if power in held else None

    def open_powers(self, snapshot: Snapshot) -> tuple[str, ...]:
        """The powers nobody was given (a game started short) that still have a unit
        or a centre."""
        held = {p for powers in self.holdings(snapshot).values() for p in powers}
        state = snapshot.state
        return tuple(
            p for p in POWERS
            if p not in held and (state.units_of(p) or state.centers_of(p))
        )  # fmt: skip

    def give_power(self, snapshot: Snapshot, seat: str, power: str) -> Snapshot:
        if power not in self.open_powers(snapshot):
            return super().give_power(snapshot, seat, power)
        seats = {s: list(powers) for s, powers in snapshot.data.get("seats", {}).items()}
        seats[seat] = [power]
        return Snapshot(snapshot.state, {**snapshot.data, "seats": seats}, snapshot.rules)

    def owing(self, snapshot: Snapshot) -> Mapping[str, frozenset[str]]:
        duties = powers_with_duties(self.map, snapshot.state)
        owed: dict[str, frozenset[str]] = {}
        for seat, powers in self.holdings(snapshot).items():
            mine = duties.intersection(powers)
            if mine:
                owed[seat] = frozenset(mine)
        return owed


    def process(
        self,
        snapshot: Snapshot,
        submissions: Mapping[str, Submission],
        rng: random.Random,
    ) -> Outcome:
        result = adjudicate_phase(
            self.map,
            snapshot.state,
            all_orders(submissions),
            self.rule_options(snapshot.rules),
        )
        after = Snapshot(result.state, snapshot.data, snapshot.rules)
        winner = center_winner(result.state)
        return Outcome(
            results=result.results,
            snapshot=after,
            winner=winner,
            finished=winner is not None,
        )
