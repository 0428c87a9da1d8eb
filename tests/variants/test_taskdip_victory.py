"""Taskdip victory: a task, 18 centres, two powers' home centres, draws, resignations."""

from __future__ import annotations

from collections.abc import Mapping

from judge.rules.map import load_map
from judge.variants.taskdip.data import TaskCard, TaskdipData, fall_record
from judge.variants.taskdip.victory import (
    CENTRES,
    HOME_CENTRES,
    TASK,
    find_wins,
    resignation_winner,
    winner_value,
)

MAP = load_map("standard")
HOMES = MAP.home_centers
START = {c: p for p, cs in HOMES.items() for c in cs}


Holdings = Mapping[str, tuple[str, ...]]


def data(
    players: Holdings | None = None,
    original: Holdings | None = None,
    cards: Mapping[str, str] | None = None,
) -> TaskdipData:
    players = players or {"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY", "GERMANY")}
    original = original or players
    cards = cards or {"AUSTRIA": "Nine", "ITALY": "Eight", "TURKEY": "Seven", "GERMANY": "Nine"}
    return TaskdipData(
        players=players,
        original=original,
        tasks={p: TaskCard(c) for p, c in cards.items()},
        fall=fall_record(None, START, players),
    )


def owners(base: dict[str, str], **changes: str) -> dict[str, str]:
    return {**base, **{c.upper(): p for c, p in changes.items()}}


def test_nobody_wins_at_the_start() -> None:
    assert find_wins(START, data(), HOMES) == []


def test_a_fulfilled_task_wins() -> None:
    # Turkey's Seven: one Iberian centre.
    wins = find_wins(owners(START, spa="TURKEY"), data(), HOMES)
    assert [(w.seat, w.power, w.reason) for w in wins] == [("2", "TURKEY", TASK)]
    assert winner_value(wins) == "TURKEY"


def test_the_task_must_be_fulfilled_by_the_power_it_was_assigned_to() -> None:
    # Germany (same player as Turkey) owning Spain does not fulfil Turkey's task.
    assert find_wins(owners(START, spa="GERMANY"), data(), HOMES) == []


def test_a_task_of_a_later_allotted_power_does_not_exist() -> None:
    later = data(
        players={"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY", "GERMANY", "ENGLAND")},
        original={"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY", "GERMANY")},
    )
    assert find_wins(owners(START, nap="ENGLAND"), later, HOMES) == []


def russia_owns(count: int) -> dict[str, str]:
    """Russia owns `count` centres, neutral England all the others."""
    ordered = sorted(MAP.centers)
    return {c: ("RUSSIA" if i < count else "ENGLAND") for i, c in enumerate(ordered)}


LATER_RUSSIA: Holdings = {"1": ("AUSTRIA", "ITALY", "RUSSIA"), "2": ("TURKEY", "GERMANY")}
ORIGINAL: Holdings = {"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY", "GERMANY")}


def test_eighteen_centres_by_a_later_allotted_power_win() -> None:
    wins = find_wins(russia_owns(18), data(LATER_RUSSIA, ORIGINAL), HOMES)
    assert [(w.seat, w.power, w.reason) for w in wins] == [("1", "RUSSIA", CENTRES)]
    assert wins[0].detail == {"count": 18}


def test_seventeen_centres_do_not_win() -> None:
    assert find_wins(russia_owns(17), data(LATER_RUSSIA, ORIGINAL), HOMES) == []


def test_every_home_centre_of_two_adversary_powers_wins() -> None:
    # Austria owns every Turkish and German home centre: both powers are player 2's.
    taken = {c: "AUSTRIA" for c in (*HOMES["TURKEY"], *HOMES["GERMANY"])}
    wins = find_wins(owners(START, **taken), data(), HOMES)
    assert [(w.seat, w.power, w.reason) for w in wins] == [("1", "AUSTRIA", HOME_CENTRES)]
    assert sorted(wins[0].detail["powers"]) == ["GERMANY", "TURKEY"]


def test_one_power_must_own_both_sets_of_home_centres() -> None:
    taken = {
        **{c: "AUSTRIA" for c in HOMES["TURKEY"]},
        **{c: "ITALY" for c in HOMES["GERMANY"]},
    }
    assert find_wins(owners(START, **taken), data(), HOMES) == []


def test_home_centres_of_a_neutral_power_do_not_count() -> None:
    taken = {c: "AUSTRIA" for c in (*HOMES["TURKEY"], *HOMES["RUSSIA"])}
    assert find_wins(owners(START, **taken), data(), HOMES) == []


def test_home_centres_of_a_power_later_allotted_to_an_adversary_count() -> None:
    later = data(
        players={"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY", "GERMANY", "RUSSIA")},
        original={"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY", "GERMANY")},
    )
    taken = {c: "AUSTRIA" for c in (*HOMES["TURKEY"], *HOMES["RUSSIA"])}
    wins = find_wins(owners(START, **taken), later, HOMES)
    assert [(w.seat, w.reason) for w in wins] == [("1", HOME_CENTRES)]


def four_players() -> TaskdipData:
    seats = {"1": ("AUSTRIA",), "2": ("TURKEY",), "3": ("GERMANY",), "4": ("FRANCE",)}
    cards = {"AUSTRIA": "Nine", "TURKEY": "Nine", "GERMANY": "Nine", "FRANCE": "Nine"}
    return data(players=seats, cards=cards)


def test_two_powers_of_different_adversaries_count_by_default() -> None:
    taken = {c: "AUSTRIA" for c in (*HOMES["TURKEY"], *HOMES["GERMANY"])}
    wins = find_wins(owners(START, **taken), four_players(), HOMES)
    assert [(w.seat, w.reason) for w in wins] == [("1", HOME_CENTRES)]


def test_one_adversary_flag_wants_both_powers_from_one_adversary() -> None:
    taken = {c: "AUSTRIA" for c in (*HOMES["TURKEY"], *HOMES["GERMANY"])}
    assert find_wins(owners(START, **taken), four_players(), HOMES, "one_adversary") == []
    wins = find_wins(owners(START, **taken), data(), HOMES, "one_adversary")
    assert [w.reason for w in wins] == [HOME_CENTRES]


def test_players_qualifying_at_the_same_fall_share_a_draw() -> None:
    # Turkey's Seven (Spain) and Italy's Eight (an English home centre) together.
    wins = find_wins(owners(START, spa="TURKEY", lon="ITALY"), data(), HOMES)
    assert [(w.seat, w.power) for w in wins] == [("1", "ITALY"), ("2", "TURKEY")]
    assert winner_value(wins) == ["ITALY", "TURKEY"]


def test_a_player_whose_opponents_all_resigned_wins() -> None:
    three = data(
        players={"1": ("AUSTRIA",), "2": ("TURKEY",), "3": ("GERMANY",), "4": ("ITALY",)},
        cards={"AUSTRIA": "Nine", "TURKEY": "Nine", "GERMANY": "Nine", "ITALY": "Nine"},
    )
    assert resignation_winner(three, {"1", "2", "4"}) == "GERMANY"
    assert resignation_winner(three, {"1", "2"}) is None
    assert resignation_winner(data(), {"1"}) == "TURKEY"
