"""The lot before Spring 1901: powers to players, then a task card to each power.

Powers: with 2 or 3 players each gets two powers, with 4 to 7 one; the rest are
originally neutral. The powers are shuffled with the game's seeded `Random` and
dealt in seat order.

Tasks: each allotted power draws from its own five cards (Table 1). If the card
drawn "requires the control of at least one home centre of the other power" of
the same player, the player puts it aside and draws again from the cards left,
until a card needs only adversary or neutral centres. Which reading of
"requires" applies is the rule flag `task_redraw`:

* `needs` (default): the task cannot be fulfilled without such a centre
  (`Task.requires_any`). "Five of the French and German home centres" needs a
  German one; "four of Bud, Vie, Tri, Bul, Gre, Rum, Ser" does not need an
  Austrian one, since Bul, Gre, Rum and Ser alone fulfil it.
* `mentions`: the task names such a centre at all (`Task.mentions_any`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from judge.rules.reasons import Reason
from judge.rules.state import POWERS
from judge.variants.base import VariantError
from judge.variants.taskdip.data import TaskCard
from judge.variants.taskdip.tasks import CARDS, HOME_CENTRES, Task, task_for

MIN_PLAYERS = 2
MAX_PLAYERS = 7
REDRAW_READINGS = ("needs", "mentions")


def powers_per_player(players: int) -> int:
    """Two powers each with 2 or 3 players, one each with 4 to 7."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise VariantError(Reason("players_range", players=players))
    return 2 if players <= 3 else 1


def allot_powers(seats: Sequence[str], rng: random.Random) -> dict[str, tuple[str, ...]]:
    """seat -> its powers, by seeded lot; powers left over are originally neutral."""
    each = powers_per_player(len(seats))
    deck = list(POWERS)
    rng.shuffle(deck)
    return {seat: tuple(deck[i * each : (i + 1) * each]) for i, seat in enumerate(seats)}


def is_barred(task: Task, partners: Sequence[str], reading: str) -> bool:
    """Must this task be redrawn, given the player's other powers?"""
    homes = [c for p in partners for c in HOME_CENTRES[p]]
    if reading == "mentions":
        return task.mentions_any(homes)
    return task.requires_any(homes)


def draw_task(
    power: str, partners: Sequence[str], rng: random.Random, reading: str = "needs"
) -> TaskCard:
    """Draw cards for `power` until one is allowed; the refused ones are `redrawn`."""
    deck = list(CARDS)
    rng.shuffle(deck)
    refused: list[str] = []
    for card in deck:
        if not is_barred(task_for(power, card), partners, reading):
            return TaskCard(card, tuple(refused))
        refused.append(card)
    raise VariantError(Reason("no_task_avoids", power=power.title(), partners=", ".join(partners)))


def draw_tasks(
    holdings: Mapping[str, Sequence[str]], rng: random.Random, reading: str = "needs"
) -> dict[str, TaskCard]:
    """A task card for every allotted power, seat by seat, power by power."""
    drawn: dict[str, TaskCard] = {}
    for seat in holdings:
        powers = list(holdings[seat])
        for power in powers:
            partners = [p for p in powers if p != power]
            drawn[power] = draw_task(power, partners, rng, reading)
    return drawn
