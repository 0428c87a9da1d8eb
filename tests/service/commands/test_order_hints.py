"""The order hints on their own: nearest provinces, bare WAIVE, excess adjustments."""

from __future__ import annotations

import pytest
from support.service.harness import JudgeHarness, body_of

from judge.language.spelling import closest, edit_distance
from judge.rules.map import load_map
from judge.rules.orders import Build, Waive
from judge.rules.state import GameState, Phase, PhaseType, Season, Unit, UnitType
from judge.service.commands.order_hints import (
    WaiveError,
    excess_adjustments,
    is_no_order,
    nearest_province,
    waive_text,
)

MAP = load_map()
WINTER = Phase(1901, Season.WINTER, PhaseType.ADJUSTMENT)


def _winter(units: dict[str, str], centers: dict[str, str]) -> GameState:
    placed = {p: Unit(power, UnitType.ARMY, p) for p, power in units.items()}
    return MAP.initial_state().with_(phase=WINTER, units=placed, centers=centers)


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("HLEP", "HELP", 1), ("LSIT", "LIST", 1), ("MOSC", "MOS", 1), ("", "ab", 2), ("ab", "ab", 0)],
)
def test_edit_distance_counts_a_swap_as_one_edit(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b) == distance


def test_closest_wants_one_clear_winner() -> None:
    assert closest("tset", [("test", "T"), ("best", "B")]) == "T"
    assert closest("aaaa", [("aaab", "X"), ("aaac", "Y")]) is None  # a tie: no guess
    assert closest("ab", [("ad", "X")]) is None  # too short to guess
    assert closest("abc", [("abd", "X")]) == "X"  # a province's three letters
    assert closest("abc", [("abd", "X"), ("xbc", "Y")]) is None


def test_a_three_letter_province_typo_gets_a_hint() -> None:
    assert nearest_province("TYL", MAP) is None  # TYR and TYS are as near
    assert nearest_province("TYL", MAP, "A VIE-TYL") == "TYR"  # only Tyrolia borders Vienna
    assert nearest_province("TYL", MAP, "F NAP-TYL") == "TYS"


@pytest.mark.parametrize(
    ("word", "meant"),
    [("MOSC", "MOS"), ("Munchen", None), ("Moskow", "MOS"), ("Sevastpol", "SEV"), ("PAR", None),
     ("Bohêmee", "BOH"), ("Bourgone", "BUR"), ("Varsovei", "WAR"), ("Bohême", None)],
)  # fmt: skip
def test_nearest_province(word: str, meant: str | None) -> None:
    assert nearest_province(word, MAP) == meant


def test_a_line_is_no_order_when_its_first_word_means_nothing_on_the_map() -> None:
    state = MAP.initial_state()
    assert is_no_order("Thanks!", MAP, state)
    assert is_no_order("Cheers, Ann", MAP, state)
    assert not is_no_order("A PAR-BUR", MAP, state)
    assert not is_no_order("A PAR-XYZ", MAP, state)  # an order with a mistake in it
    assert not is_no_order("Pari-Bur", MAP, state)  # a misspelt province is an order
    assert not is_no_order("France: A PAR H", MAP, state)


def test_a_bare_waive_goes_to_the_one_power_with_builds_due() -> None:
    state = _winter({}, {"PAR": "FRANCE", "ROM": "ITALY"})
    assert waive_text("WAIVE", MAP, state, {"FRANCE"}) == "FRANCE WAIVE"
    assert waive_text("Waive France", MAP, state, {"FRANCE", "ITALY"}) == "FRANCE WAIVE"
    assert waive_text("A PAR H", MAP, state, {"FRANCE"}) is None
    with pytest.raises(WaiveError, match="France and Italy"):
        waive_text("WAIVE", MAP, state, {"FRANCE", "ITALY"})
    only_italy = _winter({"PAR": "FRANCE"}, {"PAR": "FRANCE", "ROM": "ITALY"})
    assert waive_text("WAIVE.", MAP, only_italy, {"FRANCE", "ITALY"}) == "ITALY WAIVE"


def test_excess_adjustments_counts_builds_and_waives_against_the_builds_due() -> None:
    state = _winter({}, {"PAR": "FRANCE"})
    one = [Build("FRANCE", UnitType.ARMY, "PAR")]
    assert excess_adjustments(MAP, state, "FRANCE", one) is None
    excess = excess_adjustments(MAP, state, "FRANCE", [*one, Waive("FRANCE")])
    assert excess is not None and (excess.due, excess.sent, excess.kind) == (1, 2, "build")


def test_a_player_who_mistypes_a_three_letter_province_is_offered_the_one_meant(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    text = " ".join(body_of(judge.orders("Austria", "A VIE-TYL")).split())
    assert "(did you mean TYR?)" in text, text
