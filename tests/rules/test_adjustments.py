"""Winter adjustments: builds, removals, waives and civil-disorder removals."""

from __future__ import annotations

from support.rules.helpers import board, standard_map
from support.rules.judging import judge, outcome, placed

from judge.rules.orders import Waive
from judge.rules.phases import adjudicate_phase

GERMAN_HOMES = {"GERMANY": "BER KIE MUN DEN"}


def test_builds_are_used_one_by_one_until_the_allowance_is_spent_6I1() -> None:
    state = board("W1901A", centers=GERMAN_HOMES, GERMANY="F DEN, A RUH, A PRU")
    result = judge(state, "BUILD A WAR", "BUILD A KIE", "BUILD A MUN")
    assert result.results[0].outcome.value == "illegal"  # not a German home centre
    texts = {r.text: (r.outcome.value, r.reason) for r in result.results}
    assert texts["A KIE B"] == ("succeeds", None)
    assert texts["A MUN B"] == ("fails", "no builds left")
    assert "GERMANY A KIE" in placed(result.state)
    assert str(result.state.phase) == "S1902M"


def test_only_one_build_in_a_centre_6I7() -> None:
    state = board("W1901A", centers={"RUSSIA": "MOS STP SEV WAR"}, RUSSIA="F SEV, F STP/NC")
    result = judge(state, "BUILD A MOS", "BUILD A MOS")
    outcomes = [(r.outcome.value, r.reason) for r in result.results]
    assert outcomes == [("succeeds", None), ("fails", "already built there")]


def test_a_fleet_on_a_two_coast_centre_needs_a_coast_6B14() -> None:
    state = board("W1901A", centers={"RUSSIA": "MOS STP SEV WAR"}, RUSSIA="A MOS")
    result = judge(state, "BUILD F STP")
    assert result.results[0].outcome.value == "illegal"
    result = judge(state, "BUILD F STP/NC")
    assert outcome(result, "F STP/NC B") == ("succeeds", None)
    assert "RUSSIA F STP/NC" in placed(result.state)


def test_builds_only_in_owned_free_home_centres_6I3_6I5_6I6() -> None:
    state = board(
        "W1901A",
        centers={"GERMANY": "KIE MUN WAR HOL", "RUSSIA": "BER"},
        GERMANY="A KIE",
    )
    for order in ("BUILD A KIE", "BUILD A BER", "BUILD A WAR"):
        assert judge(state, order).results[0].outcome.value == "illegal", order
    assert judge(state, "BUILD A MUN").results[0].outcome.value == "succeeds"


def test_a_waive_uses_a_build() -> None:
    state = board("W1901A", centers=GERMAN_HOMES, GERMANY="F DEN, A RUH, A PRU")
    result = adjudicate_phase(standard_map(), state, [Waive("GERMANY")])
    assert (result.results[0].outcome.value, result.results[0].reason) == ("succeeds", None)
    assert placed(result.state) == placed(state)


def test_removals_beyond_the_deficit_fail_6J1() -> None:
    state = board("W1901A", centers={"FRANCE": "PAR"}, FRANCE="A PIC, A PAR")
    result = judge(state, "REMOVE A PIC", "REMOVE A PAR")
    assert outcome(result, "A PIC D") == ("succeeds", None)
    assert outcome(result, "A PAR D") == ("fails", "no removals left")
    assert placed(result.state) == {"FRANCE A PAR"}


def test_a_missing_removal_is_made_by_civil_disorder_6J2() -> None:
    state = board("W1901A", centers={"FRANCE": "PAR"}, FRANCE="A PAR, F LYO, A RUH")
    result = judge(state, "REMOVE A PAR", "REMOVE A PAR")
    assert [(r.text, r.outcome.value, r.reason) for r in result.results] == [
        ("A PAR D", "fails", "void"),  # the earlier of two orders to one unit
        ("A PAR D", "succeeds", None),
        ("F LYO D", "succeeds", "civil disorder"),
    ]


def _disorder(state_kwargs: dict[str, str], centers: str, rule: str) -> list[str]:
    state = board("W1901A", centers={"RUSSIA": centers}, **state_kwargs)
    result = judge(state, civil_disorder=rule)
    return [r.text for r in result.results if r.reason == "civil disorder"]


def test_civil_disorder_2023_removes_the_farthest_from_owned_centres_6J3() -> None:
    # DATC 3.1 6.J.3: "Russia has armies in Livonia and Prussia." "The army in Prussia
    # is removed."
    assert _disorder({"RUSSIA": "A LVN, A PRU"}, "STP", "2023") == ["A PRU D"]


def test_civil_disorder_2023_keeps_units_on_supply_centres_while_others_can_go() -> None:
    # 2023 rulebook, quoted by DATC 3.1 4.D.8: "(a) No unit on a supply center is to be
    # removed unless there are no viable options". DATC 3.0's 6.J.3 (armies in Livonia
    # and Sweden, "The army in Sweden is removed") broke it; 3.1 moved the army to
    # Prussia. Sweden is farther from St Petersburg, yet Livonia goes.
    assert _disorder({"RUSSIA": "A LVN, A SWE"}, "STP", "2023") == ["A LVN D"]
    # With every unit on a centre, (b) decides among them.
    assert _disorder({"RUSSIA": "A SWE, A NWY, A STP"}, "STP MOS", "2023") == ["A SWE D"]


def test_civil_disorder_2023_ties_go_by_english_name_6J4() -> None:
    assert _disorder({"RUSSIA": "A LVN, A UKR"}, "MOS", "2023") == ["A LVN D"]


def test_civil_disorder_2023_fleets_before_armies_6J7() -> None:
    units = {"RUSSIA": "A BOH, F SKA, F NTH"}
    assert _disorder(units, "STP WAR", "2023") == ["F NTH D"]


def test_civil_disorder_2023_both_unit_types_cross_land_and_sea_6J8() -> None:
    assert _disorder({"RUSSIA": "A TYR, F BAL"}, "WAR", "2023") == ["A TYR D"]


def test_civil_disorder_2023_counts_to_owned_not_home_centres_6J11() -> None:
    state = board("W1901A", centers={"ITALY": "WAR"}, ITALY="A WAR, A TUS")
    result = judge(state)
    assert [r.text for r in result.results] == ["A TUS D"]


def test_civil_disorder_2000_counts_to_home_centres() -> None:
    state = board("W1901A", centers={"ITALY": "WAR"}, ITALY="A WAR, A TUS")
    result = judge(state, civil_disorder="2000")
    assert [r.text for r in result.results] == ["A WAR D"]


def test_civil_disorder_2023_ties_use_the_english_name_not_the_id() -> None:
    # Both fleets are one move from St Petersburg and off every centre; "Finland" <
    # "Gulf of Bothnia", where godip's ids sort the other way ("bot" < "fin").
    assert _disorder({"RUSSIA": "F BOT, F FIN"}, "STP", "2023") == ["F FIN D"]
    assert _disorder({"RUSSIA": "F BOT, F FIN"}, "STP", "2000") == ["F FIN D"]
    assert _disorder({"RUSSIA": "F BOT, F FIN"}, "STP", "godip") == ["F BOT D"]


def test_civil_disorder_ties_1971_and_2000_by_name_godip_by_id() -> None:
    # F GRE and F LYO are both two fleet moves from Naples and from Rome (home).
    # 1971: "the names of the space ..., the earliest in alphabetical order coming
    # off first"; 2000: "in alphabetical order by the provinces in which they are
    # located" (DATC 3.1 4.D.8).
    state = board("W1901A", centers={"ITALY": "NAP"}, ITALY="F GRE, F LYO")
    for rule in ("1971", "2000"):
        written = judge(state, civil_disorder=rule)
        assert [r.text for r in written.results] == ["F GRE D"], rule  # Greece < Gulf of Lyon
    godip = judge(state, civil_disorder="godip")
    assert [r.text for r in godip.results] == ["F LYO D"]  # godip's id "gol" < "gre"


def test_civil_disorder_2000_fleets_before_armies() -> None:
    # 2000: "If units are equally distant, then remove Fleets before Armies".
    state = board("W1901A", centers={"ITALY": "NAP"}, ITALY="A APU, F ION")
    for rule in ("2000", "godip"):
        assert [r.text for r in judge(state, civil_disorder=rule).results] == ["F ION D"]


def test_the_winter_phase_is_skipped_when_nobody_adjusts() -> None:
    state = board("F1901M", centers={"FRANCE": "PAR"}, FRANCE="A PAR")
    result = judge(state, "A PAR H")
    assert str(result.state.phase) == "S1902M"
