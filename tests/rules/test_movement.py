"""Movement adjudication: strengths, supports, head-to-head, beleaguered garrisons.

Boards follow DATC 3.0 test cases where one exists (the case is named); the
DATC harness runs all of them, these pin the behaviours one at a time.
"""

from __future__ import annotations

from support.rules.helpers import board, standard_map
from support.rules.judging import judge, outcome, placed, result_for, retreats

from judge.rules.orders import Build
from judge.rules.phases import adjudicate_phase
from judge.rules.state import UnitType


def test_a_lone_move_succeeds_and_the_board_moves_on_to_fall() -> None:
    state = board(FRANCE="A PAR, F BRE")
    result = judge(state, "A PAR - BUR")
    assert outcome(result, "A PAR - BUR") == ("succeeds", None)
    assert placed(result.state) == {"FRANCE A BUR", "FRANCE F BRE"}
    assert str(result.state.phase) == "F1901M"
    assert len(result.results) == 1  # the unordered fleet holds silently


def test_equal_strength_moves_bounce_6A11() -> None:
    state = board(AUSTRIA="A VIE", ITALY="A VEN")
    result = judge(state, "A VIE - TYR", "A VEN - TYR")
    assert outcome(result, "A VIE - TYR") == ("fails", "bounce")
    assert outcome(result, "A VEN - TYR") == ("fails", "bounce")
    assert placed(result.state) == placed(state)


def test_three_way_bounce_does_not_let_the_third_in_6A12() -> None:
    state = board(AUSTRIA="A VIE", GERMANY="A MUN", ITALY="A VEN")
    result = judge(state, "A VIE - TYR", "A MUN - TYR", "A VEN - TYR")
    assert {r.outcome.value for r in result.results} == {"fails"}


def test_a_move_cuts_a_hold_support_6D2() -> None:
    state = board(AUSTRIA="F ADR, A TRI, A VIE", ITALY="A VEN, A TYR")
    result = judge(
        state, "F ADR S A TRI - VEN", "A TRI - VEN", "A VIE - TYR", "A VEN H", "A TYR S A VEN"
    )
    assert outcome(result, "A TYR S A VEN") == ("fails", "cut")
    assert outcome(result, "A TRI - VEN") == ("succeeds", None)
    held = result_for(result, "A VEN H")
    assert (held.outcome.value, held.reason, held.dislodged) == ("fails", "dislodged", True)


def test_the_attacked_unit_cannot_cut_the_support_against_itself_6D15() -> None:
    state = board(RUSSIA="F CON, F BLA", TURKEY="F ANK")
    result = judge(state, "F CON S F BLA - ANK", "F BLA - ANK", "F ANK - CON")
    assert outcome(result, "F CON S F BLA - ANK") == ("succeeds", None)
    assert outcome(result, "F BLA - ANK") == ("succeeds", None)
    assert "TURKEY F ANK" in {f"{d.unit.power} {d.unit}" for d in result.state.dislodged.values()}


def test_a_dislodged_supporter_gives_no_support_6D17() -> None:
    state = board(RUSSIA="F CON, F BLA", TURKEY="F ANK, A SMY, A ARM")
    result = judge(
        state,
        "F CON S F BLA - ANK",
        "F BLA - ANK",
        "F ANK - CON",
        "A SMY S F ANK - CON",
        "A ARM - ANK",
    )
    assert outcome(result, "F CON S F BLA - ANK") == ("fails", "dislodged")
    assert outcome(result, "F BLA - ANK") == ("fails", "bounce")
    assert outcome(result, "F ANK - CON") == ("succeeds", None)


def test_a_unit_cannot_dislodge_its_own_side_6D10() -> None:
    state = board(GERMANY="A BER, F KIE, A MUN")
    result = judge(state, "A BER H", "F KIE - BER", "A MUN S F KIE - BER")
    assert outcome(result, "F KIE - BER") == ("fails", "bounce")
    assert placed(result.state) == placed(state)


def test_support_for_a_foreign_attack_on_your_own_unit_does_not_count_6D12() -> None:
    state = board(AUSTRIA="F TRI, A VIE", ITALY="A VEN")
    result = judge(state, "F TRI H", "A VIE S A VEN - TRI", "A VEN - TRI")
    assert outcome(result, "A VEN - TRI") == ("fails", "bounce")
    assert not result.state.dislodged


def test_support_is_void_when_the_supported_unit_does_something_else_6D9() -> None:
    state = board(ITALY="A VEN, A TYR", AUSTRIA="A ALB, A TRI")
    result = judge(state, "A VEN - TRI", "A TYR S A VEN - TRI", "A ALB S A TRI - SER", "A TRI H")
    assert outcome(result, "A ALB S A TRI - SER") == ("fails", "void")
    assert outcome(result, "A VEN - TRI") == ("succeeds", None)


def test_a_moving_unit_cannot_be_supported_in_place_6D7() -> None:
    state = board(GERMANY="F BAL, F PRU", RUSSIA="F LVN, F BOT, A FIN")
    result = judge(
        state,
        "F BAL - SWE",
        "F PRU S F BAL",
        "F LVN - BAL",
        "F BOT S F LVN - BAL",
        "A FIN - SWE",
    )
    assert outcome(result, "F PRU S F BAL") == ("fails", "void")
    assert outcome(result, "F LVN - BAL") == ("succeeds", None)


def test_head_to_head_without_support_both_bounce() -> None:
    state = board(GERMANY="A BER", RUSSIA="A PRU")
    result = judge(state, "A BER - PRU", "A PRU - BER")
    assert outcome(result, "A BER - PRU") == ("fails", "bounce")
    assert outcome(result, "A PRU - BER") == ("fails", "bounce")


def test_supported_head_to_head_winner_dislodges_and_blocks_retreat_home() -> None:
    state = board(GERMANY="A BER, A SIL", RUSSIA="A PRU")
    result = judge(state, "A BER - PRU", "A SIL S A BER - PRU", "A PRU - BER")
    assert outcome(result, "A BER - PRU") == ("succeeds", None)
    beaten = result.state.dislodged["PRU"]
    assert beaten.attacker_from == "BER"
    assert "BER" not in beaten.retreats and "LVN" in beaten.retreats


def test_no_self_dislodgement_in_a_head_to_head_battle_6E2() -> None:
    state = board(GERMANY="A BER, F KIE, A MUN")
    result = judge(state, "A BER - KIE", "F KIE - BER", "A MUN S A BER - KIE")
    assert {r.outcome.value for r in result.results[:2]} == {"fails"}


def test_the_loser_of_a_head_to_head_still_defends_its_area_6E4() -> None:
    state = board(
        GERMANY="F HOL, F HEL, F SKA",
        FRANCE="F NTH, F BEL",
        ENGLAND="F EDI, F YOR, F NWG",
        AUSTRIA="A KIE, A RUH",
    )
    result = judge(
        state,
        "F HOL - NTH",
        "F HEL S F HOL - NTH",
        "F SKA S F HOL - NTH",
        "F NTH - HOL",
        "F BEL S F NTH - HOL",
        "F EDI S F NWG - NTH",
        "F YOR S F NWG - NTH",
        "F NWG - NTH",
        "A KIE S A RUH - HOL",
        "A RUH - HOL",
    )
    assert outcome(result, "A RUH - HOL") == ("fails", "bounce")
    assert not result.state.dislodged


def test_three_way_beleaguered_garrison_holds_6E13() -> None:
    state = board(
        ENGLAND="F EDI, F YOR", FRANCE="F BEL, F ENG", GERMANY="F NTH", RUSSIA="F NWG, F NWY"
    )
    result = judge(
        state,
        "F EDI S F YOR - NTH",
        "F YOR - NTH",
        "F BEL - NTH",
        "F ENG S F BEL - NTH",
        "F NTH H",
        "F NWG - NTH",
        "F NWY S F NWG - NTH",
    )
    assert outcome(result, "F NTH H") == ("succeeds", None)
    assert placed(result.state) == placed(state)


def test_no_self_dislodgement_with_beleaguered_garrison_6E7() -> None:
    state = board(ENGLAND="F NTH, F YOR", GERMANY="F HOL, F HEL", RUSSIA="F SKA, F NWY")
    result = judge(
        state,
        "F NTH H",
        "F YOR S F NWY - NTH",
        "F HOL S F HEL - NTH",
        "F HEL - NTH",
        "F SKA S F NWY - NTH",
        "F NWY - NTH",
    )
    assert not result.state.dislodged
    assert outcome(result, "F NWY - NTH") == ("fails", "bounce")


def test_friendly_head_to_head_battle_6E15() -> None:
    state = board(
        ENGLAND="F HOL, A RUH",
        FRANCE="A KIE, A MUN, A SIL",
        GERMANY="A BER, F DEN, F HEL",
        RUSSIA="F BAL, A PRU",
    )
    result = judge(
        state,
        "F HOL S A RUH - KIE",
        "A RUH - KIE",
        "A KIE - BER",
        "A MUN S A KIE - BER",
        "A SIL S A KIE - BER",
        "A BER - KIE",
        "F DEN S A BER - KIE",
        "F HEL S A BER - KIE",
        "F BAL S A PRU - BER",
        "A PRU - BER",
    )
    moves = [r for r in result.results if " - " in r.text and " S " not in r.text]
    assert {r.outcome.value for r in moves} == {"fails"}


def test_three_unit_circular_movement_succeeds_6C1() -> None:
    state = board(TURKEY="F ANK, A CON, A SMY")
    result = judge(state, "F ANK - CON", "A CON - SMY", "A SMY - ANK")
    assert {r.outcome.value for r in result.results} == {"succeeds"}
    assert placed(result.state) == {"TURKEY F CON", "TURKEY A SMY", "TURKEY A ANK"}


def test_a_bounce_breaks_the_circle_6C3() -> None:
    state = board(TURKEY="F ANK, A CON, A SMY, A BUL")
    result = judge(state, "F ANK - CON", "A CON - SMY", "A SMY - ANK", "A BUL - CON")
    assert {r.outcome.value for r in result.results} == {"fails"}


def test_circular_movement_with_a_guaranteed_move_6C2() -> None:
    state = board(TURKEY="F ANK, A CON, A SMY, A BUL")
    result = judge(state, "F ANK - CON", "A CON - SMY", "A SMY - ANK", "A BUL S F ANK - CON")
    assert {r.outcome.value for r in result.results} == {"succeeds"}


def test_an_illegal_order_is_reported_and_the_unit_holds_with_support_6D28() -> None:
    state = board(AUSTRIA="A BUD", RUSSIA="F RUM", TURKEY="F BLA, A BUL")
    result = judge(state, "A BUD S F RUM", "F RUM - HOL", "F BLA - RUM", "A BUL S F BLA - RUM")
    assert outcome(result, "F RUM - HOL")[0] == "illegal"
    assert outcome(result, "A BUD S F RUM") == ("succeeds", None)
    assert outcome(result, "F BLA - RUM") == ("fails", "bounce")
    assert not result.state.dislodged


def test_a_dislodged_unit_keeps_the_cut_it_made_6D21() -> None:
    state = board(AUSTRIA="F TRI", ITALY="A VEN, A TYR", GERMANY="A MUN", RUSSIA="A SIL, A BER")
    result = judge(
        state,
        "F TRI H",
        "A VEN - TRI",
        "A TYR S A VEN - TRI",
        "A MUN - TYR",
        "A SIL - MUN",
        "A BER S A SIL - MUN",
    )
    assert outcome(result, "A TYR S A VEN - TRI") == ("fails", "cut")
    assert set(result.state.dislodged) == {"MUN"}


def test_the_last_of_several_orders_for_a_unit_is_used() -> None:
    state = board(FRANCE="A PAR")
    result = judge(state, "A PAR - BUR", "A PAR - PIC")
    assert outcome(result, "A PAR - BUR") == ("fails", "void")
    assert outcome(result, "A PAR - PIC") == ("succeeds", None)
    assert placed(result.state) == {"FRANCE A PIC"}


def test_an_illegal_later_order_does_not_displace_a_legal_one() -> None:
    state = board(FRANCE="A PAR")
    result = judge(state, "A PAR - BUR", "A PAR - MUN")
    assert outcome(result, "A PAR - BUR") == ("succeeds", None)
    assert outcome(result, "A PAR - MUN")[0] == "illegal"


def test_an_order_of_the_wrong_phase_is_illegal() -> None:
    state = board(FRANCE="A PAR")
    result = adjudicate_phase(standard_map(), state, [Build("FRANCE", UnitType.ARMY, "MAR")])
    assert result.results[0].outcome.value == "illegal"
    assert placed(result.state) == {"FRANCE A PAR"}


def test_a_unit_whose_only_order_is_illegal_is_reported_dislodged_when_it_is() -> None:
    """Found by the property test (seed 559526): the unit holds (DATC 4.E.1) and is
    dislodged, so its illegal order's result must say so, or the results mail loses
    the unit without a word."""
    state = board(russia="F BOT, F SWE", germany="F BAL, A DEN")
    result = judge(state, "F BOT - BAL", "F SWE S F BOT - BAL", "F BAL S A DEN - BER", "A DEN H")
    illegal = result_for(result, "F BAL S A DEN - BER")
    assert illegal.outcome.value == "illegal"
    assert illegal.dislodged
    assert "F BAL" in retreats(result.state)
