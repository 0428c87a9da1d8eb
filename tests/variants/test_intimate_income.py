"""Income per centre, and propaganda's popularity changes (Wright rule 1.9)."""

from __future__ import annotations

from judge.rules.map import load_map
from judge.variants.intimate.income import (
    apply_changes,
    apply_percent,
    pay_income,
    popularity_changes,
)

MAP = load_map("standard")
HOMES = ("ENGLAND", "FRANCE")
START = {c: p for p, cs in MAP.home_centers.items() for c in cs}
NAMES = {pid: p.name for pid, p in MAP.provinces.items()}


def changes_for(control: dict[str, str | None], end: dict[str, str]) -> list[tuple[str, str, int]]:
    found = popularity_changes(HOMES, control, START, end, MAP.home_centers, NAMES)
    return [(c.player, c.rule, c.percent) for c in found]


def test_income_is_one_credit_per_centre_owned_by_the_home_power() -> None:
    centres = {**START, "BEL": "FRANCE", "SPA": "FRANCE", "NWY": "GERMANY"}
    money, rows = pay_income({"FRANCE": 3, "ENGLAND": 0}, centres, 1, "credits")
    assert money == {"FRANCE": 8, "ENGLAND": 3}
    assert rows[1] == {"player": "FRANCE", "old": 3, "centres": 5, "per_centre": 1,
                       "new": 8, "currency": "credits"}


def test_propaganda_income_is_four_points_per_centre() -> None:
    money, _ = pay_income({"FRANCE": 10, "ENGLAND": 0}, START, 4, "points")
    assert money == {"FRANCE": 22, "ENGLAND": 12}


def test_percentages_discard_the_fraction_of_each_change() -> None:
    assert apply_percent(44, 10) == 48  # 44 + 4.4
    assert apply_percent(45, -30) == 32  # 45 - 13.5
    assert apply_percent(39, -10) == 36  # 39 - 3.9


def test_a_controlled_mercenary_capturing_centres_raises_its_controller_10_percent_each() -> None:
    end = {**START, "SER": "AUSTRIA", "GRE": "AUSTRIA"}
    found = changes_for({"AUSTRIA": "FRANCE"}, end)
    assert found == [("FRANCE", "iii", 10), ("FRANCE", "iii", 10)]
    points, rows = apply_changes({"FRANCE": 40, "ENGLAND": 40},
                                 popularity_changes(HOMES, {"AUSTRIA": "FRANCE"}, START, end,
                                                    MAP.home_centers, NAMES))
    assert points["FRANCE"] == 48  # 40 -> 44 -> 48 (48.4 discarded)
    assert rows[0]["cause"] == "Austria, controlled by France, captured Greece"


def test_recapturing_its_own_home_centre_counts_as_a_capture() -> None:
    start = {**START, "VIE": "RUSSIA"}
    found = popularity_changes(HOMES, {"AUSTRIA": "ENGLAND"}, start, START,
                               MAP.home_centers, NAMES)
    assert [(c.player, c.rule) for c in found] == [("ENGLAND", "iii")]


def test_taking_a_home_centre_of_ones_own_mercenary_costs_30_percent() -> None:
    end = {**START, "VIE": "FRANCE"}
    assert changes_for({"AUSTRIA": "FRANCE"}, end) == [("FRANCE", "i", -30)]


def test_taking_the_home_centre_of_the_opponents_mercenary_costs_both_10_percent() -> None:
    end = {**START, "VIE": "FRANCE"}
    assert changes_for({"AUSTRIA": "ENGLAND"}, end) == [
        ("ENGLAND", "ii", -10), ("FRANCE", "ii", -10),
    ]


def test_a_loss_to_a_mercenary_costs_the_player_controlling_that_mercenary() -> None:
    end = {**START, "BUD": "RUSSIA"}
    assert changes_for({"AUSTRIA": "FRANCE", "RUSSIA": "ENGLAND"}, end) == [
        ("ENGLAND", "iii", 10), ("FRANCE", "ii", -10), ("ENGLAND", "ii", -10),
    ]


def test_a_loss_to_a_power_in_anarchy_costs_only_the_controller() -> None:
    end = {**START, "BUD": "RUSSIA"}
    assert changes_for({"AUSTRIA": "FRANCE", "RUSSIA": None}, end) == [("FRANCE", "ii", -10)]


def test_mercenaries_in_anarchy_change_nobodys_popularity() -> None:
    end = {**START, "SER": "AUSTRIA", "VIE": "FRANCE"}
    assert changes_for({"AUSTRIA": None}, end) == []


def test_a_home_centre_the_mercenary_did_not_own_is_not_its_loss() -> None:
    start = {**START, "VIE": "ENGLAND"}
    end = {**START, "VIE": "FRANCE"}
    found = popularity_changes(HOMES, {"AUSTRIA": "FRANCE"}, start, end, MAP.home_centers, NAMES)
    assert found == []


def test_changes_apply_in_order_iii_then_i_then_ii_each_on_the_current_points() -> None:
    end = {**START, "SER": "AUSTRIA", "VIE": "FRANCE", "BUD": "RUSSIA"}
    changes = popularity_changes(HOMES, {"AUSTRIA": "FRANCE"}, START, end,
                                 MAP.home_centers, NAMES)
    assert [c.rule for c in changes] == ["iii", "i", "ii"]
    points, rows = apply_changes({"FRANCE": 50, "ENGLAND": 40}, changes)
    assert [(r["old"], r["new"]) for r in rows] == [(50, 55), (55, 39), (39, 36)]
    assert points == {"FRANCE": 36, "ENGLAND": 40}
