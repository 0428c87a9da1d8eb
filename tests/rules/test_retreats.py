"""Retreat options (worked out at movement time) and the retreat phase itself."""

from __future__ import annotations

from support.rules.helpers import board
from support.rules.judging import judge, outcome, placed, retreats

from judge.rules.state import GameState


def test_no_retreat_to_the_attackers_province_6H5() -> None:
    state = board(RUSSIA="F CON, F BLA", TURKEY="F ANK")
    result = judge(state, "F CON S F BLA - ANK", "F BLA - ANK", "F ANK H")
    assert retreats(result.state) == {"F ANK": ("ARM",)}
    assert result.state.dislodged["ANK"].attacker_from == "BLA"
    assert str(result.state.phase) == "S1901R"


def test_no_retreat_into_a_standoff_6H6() -> None:
    state = board(AUSTRIA="A BUD, A TRI", GERMANY="A MUN, A SIL", ITALY="A VIE")
    result = judge(
        state, "A BUD S A TRI - VIE", "A TRI - VIE", "A MUN - BOH", "A SIL - BOH", "A VIE H"
    )
    assert retreats(result.state) == {"A VIE": ("GAL", "TYR")}


def test_a_lost_head_to_head_does_not_close_the_winners_home_6H9() -> None:
    state = board(ENGLAND="F HEL, F DEN", GERMANY="A BER, F KIE, A SIL", RUSSIA="A PRU")
    result = judge(
        state,
        "F HEL - KIE",
        "F DEN S F HEL - KIE",
        "A BER - PRU",
        "F KIE H",
        "A SIL S A BER - PRU",
        "A PRU - BER",
    )
    assert "BER" in retreats(result.state)["F KIE"]


def test_retreat_to_the_attackers_origin_after_a_convoyed_attack_6H11() -> None:
    state = board(FRANCE="A GAS, A BUR, F MAO, F WES, F LYO", ITALY="A MAR")
    result = judge(
        state,
        "A GAS - MAR VIA",
        "A BUR S A GAS - MAR",
        "F MAO C A GAS - MAR",
        "F WES C A GAS - MAR",
        "F LYO C A GAS - MAR",
        "A MAR H",
    )
    assert "GAS" in retreats(result.state)["A MAR"]


def test_fleets_retreat_along_coasts_only_6H15() -> None:
    state = board(ENGLAND="F POR", FRANCE="F SPA/SC, F MAO")
    result = judge(state, "F SPA/SC - POR", "F MAO S F SPA/SC - POR")
    # SPA/NC is in the attacker's province, MAO is held: no retreat, disbanded at once
    assert not result.state.dislodged
    assert "ENGLAND F POR" not in placed(result.state)
    assert str(result.state.phase) == "F1901M"


def test_a_standoff_on_one_coast_closes_the_province_6H16() -> None:
    state = board(FRANCE="F MAO, F GAS, F WES", ITALY="F TUN, F TYS")
    result = judge(
        state, "F MAO - SPA/NC", "F GAS - SPA/NC", "F WES H", "F TUN S F TYS - WES", "F TYS - WES"
    )
    assert retreats(result.state) == {"F WES": ("LYO", "NAF")}


def test_fleet_retreat_options_name_the_coast() -> None:
    state = board(ITALY="F WES", FRANCE="F TYS, F NAF, F TUN")
    result = judge(state, "F TYS - WES", "F NAF S F TYS - WES")
    assert retreats(result.state) == {"F WES": ("LYO", "MAO", "SPA/SC")}


def _retreat_phase() -> GameState:
    state = board(AUSTRIA="A BUD, A TRI", GERMANY="A MUN, A SIL", ITALY="A VIE, A BOH")
    result = judge(
        state, "A BUD S A TRI - VIE", "A TRI - VIE", "A MUN S A SIL - BOH", "A SIL - BOH"
    )
    assert set(result.state.dislodged) == {"VIE", "BOH"}
    return result.state


def test_two_retreats_to_one_province_both_disband_6H7() -> None:
    state = _retreat_phase()
    result = judge(state, "A BOH R TYR", "A VIE R TYR")
    assert outcome(result, "A BOH R TYR") == ("fails", "bounce")
    assert outcome(result, "A VIE R TYR") == ("fails", "bounce")
    assert not any(u.power == "ITALY" for u in result.state.units.values())
    assert str(result.state.phase) == "F1901M"


def test_a_retreat_succeeds_and_an_unordered_unit_disbands() -> None:
    state = _retreat_phase()
    result = judge(state, "A VIE R GAL")
    assert outcome(result, "A VIE R GAL") == ("succeeds", None)
    assert len(result.results) == 1
    italian = {p for p in placed(result.state) if p.startswith("ITALY")}
    assert italian == {"ITALY A GAL"}
    assert not result.state.dislodged


def test_a_disband_order_succeeds() -> None:
    state = _retreat_phase()
    result = judge(state, "A VIE D", "A BOH R TYR")
    assert outcome(result, "A VIE D") == ("succeeds", None)
    assert outcome(result, "A BOH R TYR") == ("succeeds", None)


def test_a_retreat_to_a_closed_province_is_illegal() -> None:
    state = _retreat_phase()
    result = judge(state, "A VIE R BOH")
    assert outcome(result, "A VIE R BOH")[0] == "illegal"
    assert not any(u.power == "ITALY" for u in result.state.units.values())


def test_fall_retreats_end_the_year_and_then_centres_change_owner() -> None:
    state = board(
        "F1901M",
        centers={"AUSTRIA": "TRI BUD", "ITALY": "VIE VEN"},
        AUSTRIA="A BUD, A TRI",
        ITALY="A VIE, A VEN",
    )
    result = judge(state, "A BUD S A TRI - VIE", "A TRI - VIE")
    assert str(result.state.phase) == "F1901R"
    assert result.state.centers["VIE"] == "ITALY"  # not before the season ends
    after = judge(result.state, "A VIE R BOH")
    assert str(after.state.phase) == "W1901A"
    assert after.state.centers["VIE"] == "AUSTRIA"
    assert after.state.centers["TRI"] == "AUSTRIA"  # left empty: keeps its owner


def test_a_listed_retreat_the_unit_cannot_reach_is_still_illegal() -> None:
    """Issue 31: a board from elsewhere (a `judge adjudicate` request) listed Moscow as a
    retreat for the army in Paris, and `A PAR R MOS` succeeded. The option list can only
    narrow where a unit may go, never take it further than it can move."""
    state = board("S1901R", dislodged={"FRANCE A PAR": "MOS PIC"}, GERMANY="A PAR")
    result = judge(state, "A PAR R MOS")
    assert outcome(result, "A PAR R MOS") == ("illegal", "not adjacent")
    assert placed(result.state) == {"GERMANY A PAR"}


def test_a_fleet_listed_a_coast_it_cannot_reach_may_not_retreat_there() -> None:
    state = board("S1901R", dislodged={"FRANCE F MAO": "STP/NC SPA/NC"}, ENGLAND="F MAO")
    result = judge(state, "F MAO R STP/NC")
    assert outcome(result, "F MAO R STP/NC") == ("illegal", "not adjacent")
    assert outcome(judge(state, "F MAO R SPA/NC"), "F MAO R SPA/NC") == ("succeeds", None)
