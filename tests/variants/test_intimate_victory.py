"""Who wins: invading an opponent's home centre, the tie-breaks, and the stalemate count."""

from __future__ import annotations

from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.variants.intimate.rulesets import TieBreak
from judge.variants.intimate.victory import (
    decide,
    occupation_score,
    occupied_home_centres,
    stalemate_verdict,
)

MONEY = {"FRANCE": 10, "RUSSIA": 10}


def test_a_home_unit_on_an_opponents_home_centre_wins() -> None:
    state = GameState.from_units(
        Phase.parse("S1903M"),
        [Unit("FRANCE", UnitType.ARMY, "MOS"), Unit("GERMANY", UnitType.ARMY, "WAR")],
    )
    assert occupied_home_centres(state, "FRANCE", ("MOS", "SEV", "STP", "WAR")) == ["MOS"]
    verdict = decide(TieBreak.UNTIL_NO_TIE, {"FRANCE": ["MOS"], "RUSSIA": []}, MONEY)
    assert verdict.winner == "FRANCE"


def test_a_mercenary_unit_on_an_opponents_home_centre_does_not_win() -> None:
    state = GameState.from_units(Phase.parse("S1903M"), [Unit("GERMANY", UnitType.ARMY, "WAR")])
    assert occupied_home_centres(state, "FRANCE", ("MOS", "SEV", "STP", "WAR")) == []


def test_no_invasion_no_verdict() -> None:
    verdict = decide(TieBreak.CREDITS_THEN_NEXT_FALL, {"FRANCE": [], "RUSSIA": []}, MONEY)
    assert verdict.winner is None and not verdict.tied


def test_four_russian_centres_count_as_three() -> None:
    assert occupation_score(["MOS", "SEV", "STP", "WAR"]) == 3


def test_simultaneous_invasion_more_home_centres_occupied_wins() -> None:
    for tie_break in (TieBreak.CREDITS_THEN_NEXT_FALL, TieBreak.UNTIL_NO_TIE):
        verdict = decide(tie_break, {"FRANCE": ["MOS", "WAR"], "RUSSIA": ["PAR"]}, MONEY)
        assert verdict.winner == "FRANCE"


def test_all_four_russian_centres_do_not_beat_three_french_ones() -> None:
    occupied = {"FRANCE": ["MOS", "SEV", "STP", "WAR"], "RUSSIA": ["BRE", "MAR", "PAR"]}
    assert decide(TieBreak.UNTIL_NO_TIE, occupied, MONEY).tied
    verdict = decide(TieBreak.CREDITS_THEN_NEXT_FALL, occupied, {"FRANCE": 3, "RUSSIA": 4})
    assert verdict.winner == "RUSSIA"


def test_rx03_equal_occupation_goes_to_the_larger_credit_balance() -> None:
    verdict = decide(TieBreak.CREDITS_THEN_NEXT_FALL, {"FRANCE": ["MOS"], "RUSSIA": ["PAR"]},
                     {"FRANCE": 12, "RUSSIA": 11})
    assert verdict.winner == "FRANCE"


def test_rx03_equal_occupation_and_credits_is_a_tie() -> None:
    verdict = decide(TieBreak.CREDITS_THEN_NEXT_FALL, {"FRANCE": ["MOS"], "RUSSIA": ["PAR"]},
                     MONEY)
    assert verdict.tied and verdict.winner is None


def test_2000_equal_occupation_is_a_tie_whatever_the_credits() -> None:
    verdict = decide(TieBreak.UNTIL_NO_TIE, {"FRANCE": ["MOS"], "RUSSIA": ["PAR"]},
                     {"FRANCE": 30, "RUSSIA": 1})
    assert verdict.tied


def test_propaganda_compares_points_plus_centres_not_occupation() -> None:
    occupied = {"FRANCE": ["MOS", "WAR"], "RUSSIA": ["PAR"]}
    verdict = decide(TieBreak.POINTS_PLUS_CENTRES, occupied, {"FRANCE": 40, "RUSSIA": 41})
    assert verdict.winner == "RUSSIA"
    assert decide(TieBreak.POINTS_PLUS_CENTRES, occupied, MONEY).tied


def test_stalemate_more_centres_wins_equal_draws() -> None:
    centres = {"PAR": "FRANCE", "BRE": "FRANCE", "MOS": "RUSSIA", "BEL": "GERMANY"}
    assert stalemate_verdict(centres, ("FRANCE", "RUSSIA")) == "FRANCE"
    centres["WAR"] = "RUSSIA"
    assert stalemate_verdict(centres, ("FRANCE", "RUSSIA")) == ["FRANCE", "RUSSIA"]
