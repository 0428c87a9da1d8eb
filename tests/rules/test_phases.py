"""The phase sequence: which phase comes next, and when centres change owner."""

from __future__ import annotations

import pytest
from support.rules.helpers import board, standard_map
from support.rules.judging import judge, placed

from judge.rules.phases import adjudicate_phase, next_phase_after
from judge.rules.results import RuleOptions
from judge.rules.state import Phase


def test_spring_captures_do_not_change_centre_owners() -> None:
    state = board(centers={"FRANCE": "PAR", "GERMANY": "MUN"}, FRANCE="A BUR")
    result = judge(state, "A BUR - MUN")
    assert str(result.state.phase) == "F1901M"
    assert result.state.centers == {"PAR": "FRANCE", "MUN": "GERMANY"}


def test_fall_captures_change_owners_and_lead_to_winter() -> None:
    state = board("F1901M", centers={"FRANCE": "PAR", "GERMANY": "MUN KIE"}, FRANCE="A BUR")
    result = judge(state, "A BUR - MUN")
    assert str(result.state.phase) == "W1901A"
    assert result.state.centers == {"PAR": "FRANCE", "MUN": "FRANCE", "KIE": "GERMANY"}


def test_a_neutral_centre_is_taken_by_standing_on_it_in_fall() -> None:
    state = board("F1901M", centers={"FRANCE": "PAR MAR BRE"}, FRANCE="A SPA, A PAR, A MAR")
    result = judge(state, "A SPA H")
    assert result.state.centers["SPA"] == "FRANCE"
    assert str(result.state.phase) == "W1901A"  # four centres, three units


def test_fall_without_adjustments_goes_to_next_spring() -> None:
    state = board(
        "F1901M", centers={"FRANCE": "PAR", "GERMANY": "MUN"}, FRANCE="A PAR", GERMANY="A RUH"
    )
    result = judge(state, "A PAR H")
    assert str(result.state.phase) == "S1902M"
    assert result.state.centers == {"PAR": "FRANCE", "MUN": "GERMANY"}  # empty: kept


def test_a_power_with_a_build_due_but_no_free_home_still_gets_winter() -> None:
    state = board("F1901M", centers={"FRANCE": "PAR SPA"}, FRANCE="A PAR")
    result = judge(state, "A PAR H")  # PAR is occupied, BRE and MAR are not French
    assert str(result.state.phase) == "W1901A"


def test_dislodgement_with_a_retreat_leads_to_the_retreat_phase() -> None:
    state = board(GERMANY="A BER, A SIL", RUSSIA="A PRU")
    result = judge(state, "A BER - PRU", "A SIL S A BER - PRU")
    assert str(result.state.phase) == "S1901R"
    assert set(result.state.dislodged) == {"PRU"}


def test_a_retreat_phase_where_nobody_can_retreat_is_skipped() -> None:
    state = board(ENGLAND="F POR", FRANCE="F SPA/SC, F MAO")
    result = judge(state, "F SPA/SC - POR", "F MAO S F SPA/SC - POR")
    assert str(result.state.phase) == "F1901M"
    assert placed(result.state) == {"FRANCE F POR", "FRANCE F MAO"}


def test_winter_leads_to_the_next_spring() -> None:
    state = board("W1901A", centers={"FRANCE": "PAR BRE"}, FRANCE="A PAR")
    result = judge(state, "BUILD F BRE")
    assert str(result.state.phase) == "S1902M"
    assert placed(result.state) == {"FRANCE A PAR", "FRANCE F BRE"}


def test_next_phase_after_accepts_a_state_labelled_with_the_finished_phase() -> None:
    after_fall = board("F1905R", centers={"ITALY": "ROM"}, ITALY="A VEN")
    following = next_phase_after(standard_map(), after_fall)
    assert following.phase == Phase.parse("W1905A")
    assert following.centers["VEN"] == "ITALY"
    assert next_phase_after(standard_map(), board("W1905A")).phase == Phase.parse("S1906M")


def test_bid_phases_are_not_adjudicated_here() -> None:
    with pytest.raises(ValueError):
        adjudicate_phase(standard_map(), board("S1901B"), [])


def test_the_opening_position_runs_a_whole_year() -> None:
    state = standard_map().initial_state()
    spring = judge(
        state,
        "A PAR - BUR",
        "A MAR - SPA",
        "F BRE - MAO",
        "A MUN - RUH",
        "F KIE - DEN",
        "A BER - KIE",
    )
    assert str(spring.state.phase) == "F1901M"
    fall = judge(spring.state, "A RUH - BEL", "F MAO - POR", "A BUR - MUN")
    assert str(fall.state.phase) == "W1901A"
    owners = fall.state.centers
    assert (owners["SPA"], owners["POR"], owners["DEN"], owners["BEL"]) == (
        "FRANCE",
        "FRANCE",
        "GERMANY",
        "GERMANY",
    )
    assert owners["MUN"] == "FRANCE"


def test_unknown_option_values_are_refused() -> None:
    with pytest.raises(ValueError):
        adjudicate_phase(standard_map(), board(), [], RuleOptions(convoy_adjacent="1982"))
    with pytest.raises(ValueError):
        adjudicate_phase(standard_map(), board(), [], RuleOptions(civil_disorder="1982"))
    with pytest.raises(ValueError, match="multi_route_convoy"):
        adjudicate_phase(standard_map(), board(), [], RuleOptions(multi_route_convoy="some"))
    with pytest.raises(ValueError, match="paradox_rule"):
        adjudicate_phase(standard_map(), board(), [], RuleOptions(paradox_rule="1982"))
