"""The judge's own orders: mercenary default builds and propaganda default retreats."""

from __future__ import annotations

from judge.rules.map import load_map
from judge.rules.orders import Build, Disband, Order, Retreat, Waive
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType
from judge.variants.intimate.defaults import (
    default_builds,
    default_retreats,
    default_unit,
    drop_waives,
)

MAP = load_map("standard")
HOME_OWNERS = {c: p for p, cs in MAP.home_centers.items() for c in cs}
A, F = UnitType.ARMY, UnitType.FLEET


def winter(units: list[Unit], extra: dict[str, str]) -> GameState:
    return GameState.from_units(Phase.parse("W1901A"), units, {**HOME_OWNERS, **extra})


def test_missing_builds_are_armies_in_free_home_centres_in_alphabetical_order() -> None:
    state = winter([Unit("GERMANY", A, "BER"), Unit("GERMANY", F, "DEN")],
                   {"DEN": "GERMANY", "HOL": "GERMANY"})
    assert default_builds(MAP, state, "GERMANY", []) == [
        Build("GERMANY", A, "KIE"), Build("GERMANY", A, "MUN"),
    ]


def test_only_the_builds_still_missing_are_added_elsewhere() -> None:
    state = winter([Unit("GERMANY", A, "BER")], {"DEN": "GERMANY", "HOL": "GERMANY"})
    ordered = [Build("GERMANY", F, "KIE")]
    assert default_builds(MAP, state, "GERMANY", ordered) == [Build("GERMANY", A, "MUN")]


def test_england_builds_fleets_in_order_of_province_name_not_id() -> None:
    # Liverpool comes before London by name, after it by id.
    state = winter([Unit("ENGLAND", F, "EDI")], {"NWY": "ENGLAND", "BEL": "ENGLAND"})
    assert default_builds(MAP, state, "ENGLAND", []) == [
        Build("ENGLAND", F, "LVP"), Build("ENGLAND", F, "LON"),
    ]


def test_builds_are_capped_by_the_free_home_centres() -> None:
    state = winter([Unit("ITALY", A, "ROM"), Unit("ITALY", A, "NAP")],
                   {"TUN": "ITALY", "GRE": "ITALY", "ALB": "ITALY"})
    assert default_builds(MAP, state, "ITALY", []) == [Build("ITALY", A, "VEN")]


def test_no_builds_due_means_no_default_builds() -> None:
    state = winter([Unit("ITALY", A, "ROM")], {})
    state = state.with_(centers={**HOME_OWNERS, "VEN": "AUSTRIA", "NAP": "AUSTRIA"})
    assert default_builds(MAP, state, "ITALY", []) == []


def test_a_default_fleet_on_a_split_coast_centre_takes_the_first_coast_alphabetically() -> None:
    assert default_unit(MAP, "ENGLAND", "STP") == (F, "STP/NC")
    assert default_unit(MAP, "RUSSIA", "STP") == (A, "STP")


def test_waives_are_dropped_only_for_the_powers_that_must_build() -> None:
    orders = [Waive("GERMANY"), Waive("FRANCE")]
    assert drop_waives(orders, frozenset({"GERMANY"})) == [Waive("FRANCE")]


def retreat_state() -> GameState:
    dislodged = [
        DislodgedUnit(Unit("AUSTRIA", A, "SER"), ("GRE", "ALB", "BUL")),
        DislodgedUnit(Unit("ITALY", A, "TYR"), ("PIE", "BOH")),
        DislodgedUnit(Unit("FRANCE", A, "BUR"), ("PIC",)),
        DislodgedUnit(Unit("TURKEY", F, "AEG"), ()),
    ]
    return GameState.from_units(Phase.parse("S1902R"), [], HOME_OWNERS, dislodged)


def test_a_mercenary_without_retreat_order_goes_to_the_first_legal_retreat_by_id() -> None:
    got = default_retreats(MAP, retreat_state(), frozenset({"AUSTRIA", "TURKEY"}), [])
    assert got == [Retreat("AUSTRIA", A, "SER", "ALB")]


def test_a_mercenary_unit_with_a_retreat_or_disband_order_keeps_it() -> None:
    orders: list[Order] = [Disband("AUSTRIA", A, "SER"), Retreat("ITALY", A, "TYR", "PIE")]
    assert default_retreats(MAP, retreat_state(), frozenset({"AUSTRIA", "ITALY"}), orders) == []


def test_home_and_anarchy_units_get_no_default_retreat() -> None:
    got = default_retreats(MAP, retreat_state(), frozenset({"ITALY"}), [])
    assert got == [Retreat("ITALY", A, "TYR", "BOH")]
