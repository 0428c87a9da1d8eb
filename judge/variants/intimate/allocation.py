"""Home powers for the two Intimate players, from their preference lists.

The mutual preference rule (rx03 rule 2, 2000 rule 2, variants.md): take the
first position where the two lists differ; each player gets their own choice
at that position. Identical lists go to a seeded lot: the winner gets their
first choice, the other player their second.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from judge.rules.state import POWERS, power_name


@dataclass(frozen=True)
class Allocation:
    """The two home powers, in the order of the two lists given, and how they came."""

    first: str
    second: str
    method: str  # "preferences" or "lot"
    position: int  # 1-based position that decided; 0 when the lot decided
    lot_winner: int | None = None  # 0 or 1: whose list won the lot


def complete_preferences(preferences: Iterable[str]) -> tuple[str, ...]:
    """Canonical names, repeats and unknown words dropped, the rest added alphabetically."""
    seen: list[str] = []
    for word in preferences:
        power = power_name(word)
        if power is not None and power not in seen:
            seen.append(power)
    return (*seen, *(p for p in POWERS if p not in seen))


def allocate_home_powers(
    first: Sequence[str], second: Sequence[str], rng: random.Random
) -> Allocation:
    """Apply the mutual preference rule to two preference lists."""
    a, b = complete_preferences(first), complete_preferences(second)
    for index, (mine, theirs) in enumerate(zip(a, b, strict=True)):
        if mine != theirs:
            return Allocation(mine, theirs, "preferences", index + 1)
    winner = rng.randrange(2)
    if winner == 0:
        return Allocation(a[0], a[1], "lot", 0, lot_winner=0)
    return Allocation(a[1], a[0], "lot", 0, lot_winner=1)
