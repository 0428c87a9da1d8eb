"""The lot before Spring 1901: powers per player, neutral powers, task cards and redraws."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from judge.rules.state import POWERS
from judge.variants.base import VariantError
from judge.variants.taskdip.allotment import (
    allot_powers,
    draw_task,
    draw_tasks,
    is_barred,
    powers_per_player,
)
from judge.variants.taskdip.tasks import CARDS, TABLE


class StackedDeck(random.Random):
    """A Random whose shuffle puts the cards in a given order (for the redraw tests)."""

    def __init__(self, order: list[str]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x[:] = self.order


@pytest.mark.parametrize(("players", "each"), [(2, 2), (3, 2), (4, 1), (5, 1), (6, 1), (7, 1)])
def test_two_or_three_players_get_two_powers_each_more_get_one(players: int, each: int) -> None:
    seats = [str(n) for n in range(1, players + 1)]
    holdings = allot_powers(seats, random.Random(players))
    assert all(len(powers) == each for powers in holdings.values())
    allotted = [p for powers in holdings.values() for p in powers]
    assert len(set(allotted)) == len(allotted) == players * each
    assert set(allotted) <= set(POWERS)


@pytest.mark.parametrize("players", [1, 8])
def test_fewer_than_two_or_more_than_seven_players_are_refused(players: int) -> None:
    with pytest.raises(VariantError, match="2 to 7"):
        powers_per_player(players)


def test_the_lot_is_the_same_for_the_same_seed() -> None:
    seats = ["1", "2", "3"]
    assert allot_powers(seats, random.Random(42)) == allot_powers(seats, random.Random(42))


def test_different_seeds_give_different_lots() -> None:
    lots = {tuple(allot_powers(["1", "2"], random.Random(s))["1"]) for s in range(20)}
    assert len(lots) > 5


def test_the_first_card_drawn_is_kept_when_it_needs_no_partner_centre() -> None:
    drawn = draw_task("ITALY", ["AUSTRIA"], StackedDeck(["Eight", *CARDS]))
    assert (drawn.card, drawn.redrawn) == ("Eight", ())


def test_a_card_that_needs_the_other_powers_home_centre_is_redrawn() -> None:
    # The rule text's example: Austria draws the Eight while the player holds Italy.
    drawn = draw_task("AUSTRIA", ["ITALY"], StackedDeck(["Eight", "Nine", "Ten", "Joker", "Seven"]))
    assert (drawn.card, drawn.redrawn) == ("Nine", ("Eight",))


def test_redraws_go_on_until_an_allowed_card_and_are_all_reported() -> None:
    deck = ["Eight", "Joker", "Seven", "Ten", "Nine"]
    drawn = draw_task("AUSTRIA", ["ITALY"], StackedDeck(deck))
    assert (drawn.card, drawn.redrawn) == ("Ten", ("Eight", "Joker", "Seven"))


def test_a_task_only_mentioning_the_partner_is_kept_under_needs_and_redrawn_under_mentions() -> (
    None
):
    deck = ["Seven", "Eight", "Nine", "Ten", "Joker"]
    kept = draw_task("GERMANY", ["AUSTRIA"], StackedDeck(deck), "needs")
    redrawn = draw_task("GERMANY", ["AUSTRIA"], StackedDeck(deck), "mentions")
    assert kept.card == "Seven"
    assert (redrawn.card, redrawn.redrawn) == ("Eight", ("Seven",))


@pytest.mark.parametrize("reading", ["needs", "mentions"])
def test_every_pair_of_powers_leaves_at_least_one_allowed_card(reading: str) -> None:
    for power in TABLE:
        for partner in TABLE:
            if partner != power:
                allowed = [c for c in CARDS if not is_barred(TABLE[power][c], [partner], reading)]
                assert allowed, (power, partner)


def test_every_allotted_power_gets_an_allowed_task() -> None:
    for seed in range(30):
        holdings = allot_powers(["1", "2"], random.Random(seed))
        tasks = draw_tasks(holdings, random.Random(seed))
        assert set(tasks) == {p for ps in holdings.values() for p in ps}
        for powers in holdings.values():
            for power in powers:
                partners = [p for p in powers if p != power]
                assert not is_barred(TABLE[power][tasks[power].card], partners, "needs")
                assert tasks[power].card not in tasks[power].redrawn


def test_one_power_per_player_never_redraws() -> None:
    holdings = allot_powers([str(n) for n in range(1, 8)], random.Random(3))
    tasks = draw_tasks(holdings, random.Random(3))
    assert all(t.redrawn == () for t in tasks.values())
