"""Home powers from two preference lists: the mutual preference rule and the seeded lot."""

from __future__ import annotations

import random

from judge.variants.intimate.allocation import allocate_home_powers, complete_preferences

FRANCE_FIRST = ("FRANCE", "GERMANY", "ENGLAND", "AUSTRIA", "ITALY", "RUSSIA", "TURKEY")


def test_different_first_choices_each_get_their_first_choice() -> None:
    got = allocate_home_powers(FRANCE_FIRST, ("ENGLAND", "FRANCE"), random.Random(0))
    assert (got.first, got.second, got.method, got.position) == (
        "FRANCE", "ENGLAND", "preferences", 1,
    )


def test_equal_first_choices_and_different_second_give_both_their_second() -> None:
    got = allocate_home_powers(
        ("FRANCE", "GERMANY"), ("FRANCE", "ITALY"), random.Random(0)
    )
    assert (got.first, got.second, got.position) == ("GERMANY", "ITALY", 2)


def test_first_differing_position_decides_even_deep_in_the_lists() -> None:
    a = ("TURKEY", "RUSSIA", "ITALY", "AUSTRIA", "GERMANY", "ENGLAND", "FRANCE")
    b = ("TURKEY", "RUSSIA", "ITALY", "GERMANY", "AUSTRIA", "ENGLAND", "FRANCE")
    got = allocate_home_powers(a, b, random.Random(0))
    assert (got.first, got.second, got.position) == ("AUSTRIA", "GERMANY", 4)


def test_identical_lists_go_to_a_lot_winner_first_choice_loser_second() -> None:
    got = allocate_home_powers(FRANCE_FIRST, FRANCE_FIRST, random.Random(0))
    assert got.method == "lot"
    assert {got.first, got.second} == {"FRANCE", "GERMANY"}
    winner = got.first if got.lot_winner == 0 else got.second
    assert winner == "FRANCE"


def test_the_lot_can_fall_either_way_depending_on_the_seed() -> None:
    outcomes = {
        allocate_home_powers(FRANCE_FIRST, FRANCE_FIRST, random.Random(seed)).first
        for seed in range(20)
    }
    assert outcomes == {"FRANCE", "GERMANY"}


def test_the_lot_is_reproducible_from_its_seed() -> None:
    runs = {
        allocate_home_powers(FRANCE_FIRST, FRANCE_FIRST, random.Random(42)).first
        for _ in range(5)
    }
    assert len(runs) == 1


def test_empty_lists_are_completed_alphabetically_and_go_to_the_lot() -> None:
    got = allocate_home_powers((), (), random.Random(3))
    assert got.method == "lot"
    assert {got.first, got.second} == {"AUSTRIA", "ENGLAND"}


def test_short_lists_are_completed_in_alphabetical_order() -> None:
    assert complete_preferences(["f", "Germany", "FRANCE", "nonsense"]) == (
        "FRANCE", "GERMANY", "AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY",
    )
