"""Table 1 of the Taskdip rules, cell by cell: a position that fulfils each task, a near miss.

The positions below were written by hand from `rules/taskdip.txt`, not derived
from the data, so they double-check every one of the 35 cells.
"""

from __future__ import annotations

import pytest

from judge.rules.map import load_map
from judge.variants.taskdip.tasks import ALL_CENTRES, CARDS, HOME_CENTRES, TABLE, task_for

BALKANS = {"BUL", "GRE", "RUM", "SER"}

# power, card, centres that fulfil the task, centres that just miss it
CELLS: list[tuple[str, str, set[str], set[str]]] = [
    (
        "AUSTRIA",
        "Joker",
        {"NAP", "ROM", "VEN", *BALKANS},
        {"NAP", "ROM", "VEN", "BUL", "GRE", "RUM"},
    ),
    ("AUSTRIA", "Ten", {"KIE", "MUN", *BALKANS}, {"BER", *BALKANS, "BUD"}),
    ("AUSTRIA", "Nine", {"MOS", "STP", "WAR", *BALKANS}, {"MOS", "STP", *BALKANS}),
    ("AUSTRIA", "Eight", {"SEV", "BER", "ROM"}, {"SEV", "STP", "BER", "KIE"}),
    ("AUSTRIA", "Seven", {"NAP", "VEN", "ANK", "SMY"}, {"NAP", "ROM", "VEN", "BUL"}),
    ("ENGLAND", "Joker", {"BRE", "MAR", "PAR", "BER", "MUN"}, {"BRE", "MAR", "BER", "MUN", "LON"}),
    (
        "ENGLAND",
        "Ten",
        {"STP", "DEN", "SWE", "NWY", "HOL", "BEL", "SPA", "POR", "TUN"},
        {"MOS", "DEN", "SWE", "NWY", "HOL", "BEL", "SPA", "POR", "TUN"},
    ),
    (
        "ENGLAND",
        "Nine",
        {"BER", "KIE", "MUN", "DEN", "NWY", "SWE", "BEL", "HOL"},
        {"BER", "MUN", "DEN", "NWY", "SWE", "BEL", "HOL"},
    ),
    (
        "ENGLAND",
        "Eight",
        {"BRE", "MAR", "PAR", "BEL", "HOL", "POR", "SPA"},
        {"BRE", "MAR", "PAR", "BEL", "HOL", "SPA"},
    ),
    ("ENGLAND", "Seven", {"VEN"}, {"TRI", "TUN"}),
    ("FRANCE", "Joker", {"EDI", "LVP", "BER", "KIE", "MUN"}, {"EDI", "LON", "LVP", "BER"}),
    (
        "FRANCE",
        "Ten",
        {"EDI", "LON", "LVP", "BEL", "HOL", "POR", "SPA", "TUN"},
        {"EDI", "LON", "LVP", "BEL", "HOL", "POR", "SPA"},
    ),
    ("FRANCE", "Nine", {"NAP", "ROM", "VEN", "EDI", "LON"}, {"NAP", "ROM", "EDI", "LON", "TRI"}),
    ("FRANCE", "Eight", {"NAP", "ROM", "BER", "KIE", "MUN"}, {"NAP", "ROM", "VEN", "BER"}),
    ("FRANCE", "Seven", {"RUM"}, {"BUD", "TRI", "CON"}),
    (
        "GERMANY",
        "Joker",
        {"BRE", "MAR", "PAR", "BEL", "HOL", "POR", "SPA"},
        {"BRE", "PAR", "BEL", "HOL", "POR", "SPA"},
    ),
    (
        "GERMANY",
        "Ten",
        {"EDI", "LON", "LVP", "BEL", "DEN", "HOL", "NWY", "SWE"},
        {"EDI", "LON", "LVP", "BEL", "HOL", "NWY", "SWE"},
    ),
    (
        "GERMANY",
        "Nine",
        {"MOS", "SEV", "WAR", "BEL", "DEN", "HOL", "NWY", "SWE"},
        {"MOS", "SEV", "BEL", "DEN", "HOL", "NWY", "SWE"},
    ),
    ("GERMANY", "Eight", {"TUN"}, {"NAP", "ROM"}),
    ("GERMANY", "Seven", {"BUL", "GRE", "RUM", "SER"}, {"BUD", "VIE", "BUL"}),
    ("ITALY", "Joker", {"BUD", "TRI", "VIE", *BALKANS}, {"TRI", "VIE", *BALKANS}),
    ("ITALY", "Ten", {"MAR", "PAR", "POR", "SPA", "TUN"}, {"BRE", "POR", "SPA", "TUN"}),
    ("ITALY", "Nine", {"ANK", "CON", "SMY"}, {"ANK", "CON"}),
    ("ITALY", "Eight", {"LVP"}, {"BEL", "HOL"}),
    ("ITALY", "Seven", {"STP"}, {"SWE"}),
    (
        "RUSSIA",
        "Joker",
        {"BER", "KIE", "MUN", "DEN", "NWY", "SWE"},
        {"BER", "KIE", "MUN", "DEN", "SWE"},
    ),
    ("RUSSIA", "Ten", {"EDI", "LVP", "DEN", "NWY", "SWE"}, {"EDI", "DEN", "NWY", "SWE"}),
    ("RUSSIA", "Nine", {"BER", "MUN", "BUD", "TRI", "VIE"}, {"BER", "MUN", "BUD", "TRI"}),
    (
        "RUSSIA",
        "Eight",
        {"ANK", "CON", "SMY", *BALKANS},
        {"ANK", "CON", "SMY", "BUL", "RUM", "SER"},
    ),
    ("RUSSIA", "Seven", {"BUD", "TRI", "VIE", *BALKANS}, {"BUD", "TRI", *BALKANS}),
    ("TURKEY", "Joker", {"SEV", "MOS", "WAR", *BALKANS}, {"SEV", "MOS", *BALKANS}),
    ("TURKEY", "Ten", {"BUD", "TRI", "VIE", "SEV", *BALKANS}, {"BUD", "TRI", "VIE", *BALKANS}),
    ("TURKEY", "Nine", {"NAP", "ROM", "VEN", "TUN", *BALKANS}, {"NAP", "ROM", "VEN", *BALKANS}),
    ("TURKEY", "Eight", {"MOS", "STP", "TUN", *BALKANS}, {"MOS", "TUN", *BALKANS}),
    ("TURKEY", "Seven", {"SPA"}, {"MAR", "BRE"}),
]


def cell_id(cell: tuple[str, str, set[str], set[str]]) -> str:
    return f"{cell[0]}-{cell[1]}"


def test_the_table_has_five_cards_for_each_of_the_seven_powers() -> None:
    assert sorted(TABLE) == sorted(HOME_CENTRES)
    assert all(tuple(row) == CARDS for row in TABLE.values())
    assert len(CELLS) == 35
    assert {(p, c) for p, c, _, _ in CELLS} == {(p, c) for p in TABLE for c in CARDS}


@pytest.mark.parametrize("cell", CELLS, ids=cell_id)
def test_task_is_fulfilled_by_the_position(cell: tuple[str, str, set[str], set[str]]) -> None:
    power, card, fulfils, _ = cell
    assert task_for(power, card).holds(fulfils)


@pytest.mark.parametrize("cell", CELLS, ids=cell_id)
def test_task_is_not_fulfilled_by_the_near_miss(cell: tuple[str, str, set[str], set[str]]) -> None:
    power, card, _, misses = cell
    assert not task_for(power, card).holds(misses)


@pytest.mark.parametrize("cell", CELLS, ids=cell_id)
def test_task_description_names_every_centre(cell: tuple[str, str, set[str], set[str]]) -> None:
    task = task_for(cell[0], cell[1])
    words = task.describe()
    assert words.startswith("Control ")
    assert all(c.title() in words for c in task.centres)


def test_home_centres_match_the_standard_map() -> None:
    game_map = load_map("standard")
    assert {p: set(cs) for p, cs in HOME_CENTRES.items()} == {
        p: set(cs) for p, cs in game_map.home_centers.items()
    }
    assert game_map.centers == ALL_CENTRES


def test_three_russian_home_centres_means_any_three_of_four() -> None:
    task = task_for("TURKEY", "Joker")
    for left_out in HOME_CENTRES["RUSSIA"]:
        russian = set(HOME_CENTRES["RUSSIA"]) - {left_out}
        assert task.holds(russian | BALKANS)


def test_five_of_six_home_centres_means_any_five() -> None:
    task = task_for("ENGLAND", "Joker")
    six = set(HOME_CENTRES["FRANCE"]) | set(HOME_CENTRES["GERMANY"])
    assert all(task.holds(six - {c}) for c in six)


def test_a_task_needs_a_home_centre_when_it_cannot_be_fulfilled_without_one() -> None:
    germany = HOME_CENTRES["GERMANY"]
    assert task_for("ENGLAND", "Joker").requires_any(germany)
    assert task_for("AUSTRIA", "Ten").requires_any(germany)
    assert not task_for("AUSTRIA", "Nine").requires_any(germany)


def test_four_of_seven_with_the_balkans_does_not_need_an_austrian_centre() -> None:
    task = task_for("GERMANY", "Seven")
    assert not task.requires_any(HOME_CENTRES["AUSTRIA"])
    assert task.mentions_any(HOME_CENTRES["AUSTRIA"])


def test_the_rule_texts_example_task_needs_an_italian_centre() -> None:
    assert task_for("AUSTRIA", "Eight").requires_any(HOME_CENTRES["ITALY"])
    assert not task_for("AUSTRIA", "Nine").requires_any(HOME_CENTRES["ITALY"])
