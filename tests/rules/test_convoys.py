"""Convoys: routes, disruption, paradoxes (Szykman) and convoys to adjacent provinces."""

from __future__ import annotations

from support.rules.helpers import board
from support.rules.judging import judge, outcome, placed, result_for, retreats


def test_a_convoy_carries_the_army() -> None:
    state = board(ENGLAND="A LON, F NTH")
    result = judge(state, "A LON - BEL", "F NTH C A LON - BEL")
    assert outcome(result, "A LON - BEL") == ("succeeds", None)
    assert outcome(result, "F NTH C A LON - BEL") == ("succeeds", None)
    assert placed(result.state) == {"ENGLAND A BEL", "ENGLAND F NTH"}


def test_a_two_fleet_chain_carries_the_army() -> None:
    state = board(ENGLAND="A LON, F ENG, F MAO")
    result = judge(state, "A LON - POR", "F ENG C A LON - POR", "F MAO C A LON - POR")
    assert outcome(result, "A LON - POR") == ("succeeds", None)


def test_an_attacked_convoy_is_not_disrupted_6F4() -> None:
    state = board(ENGLAND="F NTH, A LON", GERMANY="F SKA")
    result = judge(state, "F NTH C A LON - HOL", "A LON - HOL", "F SKA - NTH")
    assert outcome(result, "A LON - HOL") == ("succeeds", None)


def test_a_dislodged_convoy_disrupts_the_move_and_causes_no_bounce_6F8() -> None:
    state = board(ENGLAND="F NTH, A LON", GERMANY="F HEL, F SKA, A BEL")
    result = judge(
        state,
        "F NTH C A LON - HOL",
        "A LON - HOL",
        "F HEL S F SKA - NTH",
        "F SKA - NTH",
        "A BEL - HOL",
    )
    assert outcome(result, "A LON - HOL") == ("fails", "disrupted")
    assert outcome(result, "F NTH C A LON - HOL") == ("fails", "dislodged")
    assert outcome(result, "A BEL - HOL") == ("succeeds", None)


def test_a_dislodged_convoy_leaves_the_landing_open_for_retreat_6F7() -> None:
    state = board(ENGLAND="F NTH, A LON", GERMANY="F HEL, F SKA")
    result = judge(
        state, "F NTH C A LON - HOL", "A LON - HOL", "F HEL S F SKA - NTH", "F SKA - NTH"
    )
    assert "HOL" in retreats(result.state)["F NTH"]


def test_a_move_with_no_convoy_ordered_fails_with_no_convoy_6D8() -> None:
    state = board(AUSTRIA="F ION, A SER, A ALB", TURKEY="A GRE, A BUL")
    result = judge(
        state, "F ION H", "A SER S A ALB - GRE", "A ALB - GRE", "A GRE - NAP", "A BUL S A GRE"
    )
    assert outcome(result, "A GRE - NAP") == ("fails", "no convoy")
    assert outcome(result, "A BUL S A GRE") == ("fails", "void")
    assert outcome(result, "A ALB - GRE") == ("succeeds", None)


def test_one_surviving_route_is_enough_6F9() -> None:
    state = board(ENGLAND="F ENG, F NTH, A LON", FRANCE="F BRE, F MAO")
    result = judge(
        state,
        "F ENG C A LON - BEL",
        "F NTH C A LON - BEL",
        "A LON - BEL",
        "F BRE S F MAO - ENG",
        "F MAO - ENG",
    )
    assert outcome(result, "A LON - BEL") == ("succeeds", None)
    assert outcome(result, "F ENG C A LON - BEL") == ("fails", "dislodged")


def test_simple_convoy_paradox_szykman_6F14() -> None:
    state = board(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG")
    result = judge(
        state, "F LON S F WAL - ENG", "F WAL - ENG", "A BRE - LON", "F ENG C A BRE - LON"
    )
    assert outcome(result, "F LON S F WAL - ENG") == ("succeeds", None)
    assert outcome(result, "F WAL - ENG") == ("succeeds", None)
    assert outcome(result, "A BRE - LON") == ("fails", "disrupted")
    assert outcome(result, "F ENG C A BRE - LON") == ("fails", "paradox")
    assert "F ENG" in retreats(result.state)


def test_pandins_paradox_6F16() -> None:
    state = board(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG", GERMANY="F NTH, F BEL")
    result = judge(
        state,
        "F LON S F WAL - ENG",
        "F WAL - ENG",
        "A BRE - LON",
        "F ENG C A BRE - LON",
        "F NTH S F BEL - ENG",
        "F BEL - ENG",
    )
    assert outcome(result, "F LON S F WAL - ENG") == ("succeeds", None)
    assert outcome(result, "F WAL - ENG") == ("fails", "bounce")
    assert outcome(result, "F BEL - ENG") == ("fails", "bounce")
    assert placed(result.state) == placed(state)


def test_pandins_extended_paradox_szykman_fails_the_convoy_6F17() -> None:
    state = board(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG, F YOR", GERMANY="F NTH, F BEL")
    result = judge(
        state,
        "F LON S F WAL - ENG",
        "F WAL - ENG",
        "A BRE - LON",
        "F ENG C A BRE - LON",
        "F YOR S A BRE - LON",
        "F NTH S F BEL - ENG",
        "F BEL - ENG",
    )
    assert outcome(result, "A BRE - LON") == ("fails", "disrupted")
    assert not result.state.dislodged


def test_second_order_paradox_with_no_resolution_6F24() -> None:
    state = board(
        ENGLAND="F EDI, F LON, F IRI, F MAO",
        FRANCE="A BRE, F ENG, F BEL",
        RUSSIA="A NWY, F NTH",
    )
    result = judge(
        state,
        "F EDI - NTH",
        "F LON S F EDI - NTH",
        "F IRI - ENG",
        "F MAO S F IRI - ENG",
        "A BRE - LON",
        "F ENG C A BRE - LON",
        "F BEL S F ENG",
        "A NWY - BEL",
        "F NTH C A NWY - BEL",
    )
    assert outcome(result, "F EDI - NTH") == ("succeeds", None)
    assert outcome(result, "F IRI - ENG") == ("fails", "bounce")
    assert outcome(result, "A BRE - LON")[0] == "fails"
    assert outcome(result, "A NWY - BEL")[0] == "fails"


def test_multi_route_paradox_is_no_paradox_6F19() -> None:
    state = board(FRANCE="A TUN, F TYS, F ION", ITALY="F NAP, F ROM")
    result = judge(
        state,
        "A TUN - NAP",
        "F TYS C A TUN - NAP",
        "F ION C A TUN - NAP",
        "F NAP S F ROM - TYS",
        "F ROM - TYS",
    )
    assert outcome(result, "F NAP S F ROM - TYS") == ("fails", "cut")
    assert outcome(result, "F ROM - TYS") == ("fails", "bounce")


def test_two_armies_swap_by_convoy_6C6() -> None:
    state = board(ENGLAND="F NTH, A LON", FRANCE="F ENG, A BEL")
    result = judge(
        state, "F NTH C A LON - BEL", "A LON - BEL", "F ENG C A BEL - LON", "A BEL - LON"
    )
    assert placed(result.state) == {
        "ENGLAND F NTH",
        "ENGLAND A BEL",
        "FRANCE F ENG",
        "FRANCE A LON",
    }


# --- convoying to an adjacent province (DATC 4.A.3) -----------------------------------


def test_own_fleet_shows_intent_and_the_armies_swap_6G1() -> None:
    for rule in ("3.0", "2.4"):
        state = board(ENGLAND="A NWY, F SKA", RUSSIA="A SWE")
        result = judge(
            state, "A NWY - SWE", "F SKA C A NWY - SWE", "A SWE - NWY", convoy_adjacent=rule
        )
        assert placed(result.state) == {"ENGLAND A SWE", "ENGLAND F SKA", "RUSSIA A NWY"}, rule


def test_a_foreign_fleet_cannot_kidnap_an_army_6G2() -> None:
    for rule in ("3.0", "2.4"):
        state = board(ENGLAND="A NWY", RUSSIA="F SWE", GERMANY="F SKA")
        result = judge(
            state, "A NWY - SWE", "F SWE - NWY", "F SKA C A NWY - SWE", convoy_adjacent=rule
        )
        assert outcome(result, "A NWY - SWE") == ("fails", "bounce")
        assert outcome(result, "F SKA C A NWY - SWE") == ("fails", "void")


def test_via_convoy_without_a_convoy_fails_under_3_0_6G8() -> None:
    state = board(FRANCE="A BEL", ENGLAND="F NTH, A HOL")
    result = judge(state, "A BEL - HOL VIA", "F NTH - HEL", "A HOL - KIE")
    assert outcome(result, "A BEL - HOL VIA") == ("fails", "no convoy")


def test_via_convoy_without_a_convoy_goes_by_land_under_2_4_6G8() -> None:
    state = board(FRANCE="A BEL", ENGLAND="F NTH, A HOL")
    result = judge(state, "A BEL - HOL VIA", "F NTH - HEL", "A HOL - KIE", convoy_adjacent="2.4")
    assert outcome(result, "A BEL - HOL VIA") == ("succeeds", None)
    assert "FRANCE A HOL" in placed(result.state)


def _disrupted_via_convoy(rule: str) -> tuple[str, str | None]:
    state = board(FRANCE="F BRE, A PIC, A BUR, F MAO", ENGLAND="F ENG")
    result = judge(
        state,
        "F BRE - ENG",
        "A PIC - BEL VIA",
        "A BUR S A PIC - BEL",
        "F MAO S F BRE - ENG",
        "F ENG C A PIC - BEL",
        convoy_adjacent=rule,
    )
    return outcome(result, "A PIC - BEL VIA")


def test_disrupted_explicit_convoy_has_no_land_fallback_under_3_0_6G20() -> None:
    assert _disrupted_via_convoy("3.0") == ("fails", "disrupted")


def test_disrupted_explicit_convoy_falls_back_to_land_under_2_4_6G20() -> None:
    assert _disrupted_via_convoy("2.4") == ("succeeds", None)


def test_an_unwanted_foreign_convoy_is_ignored_and_the_army_walks_6G3() -> None:
    state = board(FRANCE="F BRE, A PIC, A BUR, F MAO", ENGLAND="F ENG")
    result = judge(
        state,
        "F BRE - ENG",
        "A PIC - BEL",
        "A BUR S A PIC - BEL",
        "F MAO S F BRE - ENG",
        "F ENG C A PIC - BEL",
    )
    assert outcome(result, "A PIC - BEL") == ("succeeds", None)


def test_convoy_paradox_to_an_adjacent_province_6G11() -> None:
    for rule in ("3.0", "2.4"):
        state = board(ENGLAND="F NWY, F NTH", RUSSIA="A SWE, F SKA, F BAR")
        result = judge(
            state,
            "F NWY S F NTH - SKA",
            "F NTH - SKA",
            "A SWE - NWY",
            "F SKA C A SWE - NWY",
            "F BAR S A SWE - NWY",
            convoy_adjacent=rule,
        )
        assert outcome(result, "F NTH - SKA") == ("succeeds", None), rule
        assert outcome(result, "A SWE - NWY")[0] == "fails", rule


def test_a_convoyed_attack_from_the_target_does_not_cut_support_6G13() -> None:
    state = board(AUSTRIA="F ADR, A TRI", ITALY="A VEN, F ALB")
    result = judge(
        state, "F ADR C A TRI - VEN", "A TRI - VEN VIA", "A VEN S F ALB - TRI", "F ALB - TRI"
    )
    assert outcome(result, "A VEN S F ALB - TRI") == ("succeeds", None)
    assert "TRI" in result.state.dislodged


def test_a_dislodged_convoyed_unit_still_bounces_a_third_unit_6G10() -> None:
    state = board(
        ENGLAND="A NWY, F DEN, F FIN",
        GERMANY="F SKA",
        RUSSIA="A SWE, F BAR",
        FRANCE="F NWG, F NTH",
    )
    result = judge(
        state,
        "A NWY - SWE VIA",
        "F DEN S A NWY - SWE",
        "F FIN S A NWY - SWE",
        "F SKA C A NWY - SWE",
        "A SWE - NWY",
        "F BAR S A SWE - NWY",
        "F NWG - NWY",
        "F NTH S F NWG - NWY",
    )
    assert outcome(result, "A NWY - SWE VIA") == ("succeeds", None)
    assert outcome(result, "F NWG - NWY") == ("fails", "bounce")
    assert result_for(result, "A SWE - NWY").dislodged  # with nowhere to go: disbanded
