"""The Intimate variant's hooks: start, bids, control, order refusals, flags, endings."""

from __future__ import annotations

import random

import pytest

from judge.rules.map import load_map
from judge.rules.orders import Build, Hold, Move, Waive
from judge.rules.results import RuleOptions
from judge.rules.rulebook import rulebook_options
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.variants.base import Refused, Seat, Snapshot, Submission, VariantError
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.rulesets import RULESETS
from judge.variants.intimate.variant import IntimateVariant, stalemate_winner
from judge.variants.registry import default_registry
from judge.wording.readers import DEFAULT_READER
from judge.wording.templates import render_macro

MAP = load_map("standard")
HOME_OWNERS = {c: p for p, cs in MAP.home_centers.items() for c in cs}
MERCS = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
A = UnitType.ARMY


def said(refusal: object) -> str:
    """A variant's refusal as the English reply says it."""
    assert isinstance(refusal, Refused), refusal
    return render_macro("notes.txt.j2", refusal.key, DEFAULT_READER, **refusal.params)


def variant(name: str = "intimate") -> IntimateVariant:
    return IntimateVariant(MAP, RULESETS[name])


def started(name: str = "intimate") -> tuple[IntimateVariant, Snapshot]:
    v = variant(name)
    seats = [Seat("1", ("FRANCE",)), Seat("2", ("ENGLAND",))]
    return v, v.start(seats, {}, random.Random(7)).snapshot


def board(
    phase: str,
    control: dict[str, str | None],
    units: list[Unit] | None = None,
    centers: dict[str, str] | None = None,
    rules: dict[str, str] | None = None,
) -> Snapshot:
    state = GameState.from_units(
        Phase.parse(phase),
        units if units is not None else MAP.initial_state().units.values(),
        centers if centers is not None else HOME_OWNERS,
    )
    data = IntimateData(
        ruleset="intimate",
        homes={"1": "FRANCE", "2": "ENGLAND"},
        credits={"FRANCE": 20, "ENGLAND": 20},
        control={**anarchy(MERCS), **control},
        year_start_centers=dict(state.centers),
    )
    return Snapshot(state, data.to_data(), rules or {})


# --- start ------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 3])
def test_start_needs_exactly_two_players(count: int) -> None:
    seats = [Seat(str(i)) for i in range(count)]
    with pytest.raises(VariantError, match="exactly 2 players"):
        variant().start(seats, {}, random.Random(0))


def test_start_gives_home_powers_credits_and_the_first_bid_phase() -> None:
    v = variant()
    start = v.start([Seat("1", ("AUSTRIA",)), Seat("2", ("GERMANY",))], {}, random.Random(0))
    assert str(start.snapshot.phase) == "S1901B"
    assert start.holdings == {"1": ("AUSTRIA",), "2": ("GERMANY",)}
    assert start.private_notes["1"] == {
        "home_power": "AUSTRIA", "opponent": "GERMANY", "credits": 24, "currency": "credits",
    }
    assert start.private_notes["2"]["credits"] == 22
    assert start.public_notes["home_powers"] == {"1": "AUSTRIA", "2": "GERMANY"}


@pytest.mark.parametrize(
    ("ruleset", "power", "money"),
    [("intimate", "ENGLAND", 20), ("intimate-2000", "ITALY", 24), ("propaganda", "GERMANY", 45),
     ("propaganda", "AUSTRIA", 50), ("propaganda", "TURKEY", 40)],
)
def test_starting_money_follows_the_ruleset(ruleset: str, power: str, money: int) -> None:
    seats = [Seat("1", (power,)), Seat("2", ("FRANCE",) if power != "FRANCE" else ("RUSSIA",))]
    start = variant(ruleset).start(seats, {}, random.Random(0))
    assert start.private_notes["1"]["credits"] == money


def test_the_registry_knows_the_three_rulesets() -> None:
    registry = default_registry()
    for name in ("intimate", "intimate-2000", "propaganda"):
        assert registry.get(name).name == name


# --- rule flags ---------------------------------------------------------------------------


def test_default_flags_include_anarchy_mercenary_builds_and_datc_choices() -> None:
    assert variant().default_rules() == {
        "convoy_adjacent": "3.0", "civil_disorder": "2023", "rulebook": "current",
        "anarchy_builds": "none", "mercenary_default_builds": "alphabetical",
        "stalemate": "eliminated",
    }
    assert variant("intimate-2000").default_rules()["civil_disorder"] == "2000"
    assert variant("propaganda").default_rules()["rulebook"] == "1971"


def test_propaganda_is_adjudicated_by_the_1971_rulebook_unless_set_otherwise() -> None:
    assert variant("propaganda").rule_options({}) == rulebook_options("1971")
    assert variant("propaganda").rule_options({"rulebook": "current"}) == RuleOptions()
    assert variant("intimate").rule_options({}) == RuleOptions()
    assert variant("intimate").rule_options({"rulebook": "1971"}) == rulebook_options("1971")


def test_a_game_stored_with_the_old_rulebook_2000_keeps_the_current_rules() -> None:
    assert variant("propaganda").rule_options({"rulebook": "2000"}) == RuleOptions()


def test_rulebook_values_are_checked() -> None:
    assert variant("propaganda").check_rule("RULEBOOK", "1971") == "1971"
    assert variant("intimate").check_rule("rulebook", "Current") == "current"
    with pytest.raises(VariantError, match="rule rulebook must be one of current, 1971"):
        variant("propaganda").check_rule("rulebook", "1982")
    with pytest.raises(VariantError, match="rule rulebook must be one of current, 1971"):
        variant("propaganda").start([Seat("1"), Seat("2")], {"rulebook": "2000"},
                                    random.Random(0))


def test_rule_options_use_the_variants_civil_disorder_default() -> None:
    assert variant("intimate-2000").rule_options({}).civil_disorder == "2000"


# --- the bid phase ------------------------------------------------------------------------


def test_both_players_owe_bids_in_the_bid_phase() -> None:
    v, snap = started()
    assert v.owing(snap) == {"1": frozenset({"FRANCE"}), "2": frozenset({"ENGLAND"})}


def test_orders_are_refused_in_the_bid_phase() -> None:
    v, snap = started()
    refusal = v.check_order(snap, "1", Hold("FRANCE", A, "PAR"))
    assert refusal is not None and "bid phase" in said(refusal)


def test_check_extra_accepts_a_bid_for_a_mercenary() -> None:
    v, snap = started()
    assert v.check_extra(snap, "1", "bid", ("AUSTRIA", 5)) is None


def test_check_extra_accepts_a_mapping_of_bids_and_bid_none() -> None:
    v, snap = started()
    assert v.check_extra(snap, "1", "bids", {"AUSTRIA": 5, "TURKEY": 0}) is None
    assert v.check_extra(snap, "1", "bids", {}) is None
    refusal = v.check_extra(snap, "1", "bids", {"AUSTRIA": 5, "ENGLAND": 1})
    assert refusal is not None and "home power" in said(refusal)


@pytest.mark.parametrize(
    ("key", "value", "fragment"),
    [("bid", ("ENGLAND", 5), "home power"), ("bid", ("AUSTRIA", -2), "whole number"),
     ("task", "x", "not used")],
)
def test_check_extra_refuses(key: str, value: object, fragment: str) -> None:
    v, snap = started()
    refusal = v.check_extra(snap, "1", key, value)
    assert refusal is not None and fragment in said(refusal)


def test_bids_are_refused_outside_the_bid_phase() -> None:
    refusal = variant().check_extra(board("S1901M", {}), "1", "bid", ("AUSTRIA", 5))
    assert refusal is not None and "only in a bid phase" in said(refusal)


def test_bid_acknowledgement_uses_the_seats_treasury() -> None:
    v, snap = started("propaganda")
    ack = v.bid_acknowledgement(snap, "2", {"AUSTRIA": 30, "ITALY": 11})
    assert ack["treasury"] == 40 and ack["total"] == 41 and ack["warning"]


def test_processing_bids_sets_control_credits_and_the_spring_moves() -> None:
    v, snap = started()
    out = v.process(snap, {
        "1": Submission(extra={"bids": {"GERMANY": 5}}),
        "2": Submission(extra={"bids": {"GERMANY": 3, "RUSSIA": 2}}),
    }, random.Random(0))
    after = out.snapshot
    assert str(after.phase) == "S1901M"
    assert v.controller_of(after, "GERMANY") == "FRANCE"
    assert v.controller_of(after, "RUSSIA") == "ENGLAND"
    assert v.controller_of(after, "ITALY") is None
    assert v.public_summary(after)["credits_by_power"] == {"FRANCE": 15, "ENGLAND": 18}
    assert out.report["public"]["bidding"]["control"][1] == {
        "power": "GERMANY", "controller": "FRANCE",
    }
    assert out.results == () and out.winner is None


def test_a_seat_that_sent_nothing_or_bid_none_bids_nothing() -> None:
    v, snap = started()
    out = v.process(snap, {"1": Submission(extra={"bids": {}})}, random.Random(0))
    assert set(v.public_summary(out.snapshot)["controllers"].values()) >= {None}
    assert out.report["public"]["bidding"]["bids"] == []


# --- control and orders -------------------------------------------------------------------


def test_controller_is_the_home_power_itself_a_player_or_none() -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE"})
    assert v.controller_of(snap, "FRANCE") == "FRANCE"
    assert v.controller_of(snap, "AUSTRIA") == "FRANCE"
    assert v.controller_of(snap, "ITALY") is None


def test_orderable_powers_are_the_home_power_and_this_years_mercenaries() -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE", "ITALY": "ENGLAND"})
    assert v.orderable_powers(snap, "1") == {"FRANCE", "AUSTRIA"}
    assert v.orderable_powers(snap, "2") == {"ENGLAND", "ITALY"}
    assert v.orderable_powers(snap, "9") == frozenset()


def test_holdings_are_the_home_powers_only() -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE"})
    assert v.holdings(snap) == {"1": ("FRANCE",), "2": ("ENGLAND",)}


def test_movement_duties_are_owed_for_controlled_powers_not_anarchy() -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE"})
    assert v.owing(snap) == {"1": frozenset({"FRANCE", "AUSTRIA"}), "2": frozenset({"ENGLAND"})}


@pytest.mark.parametrize(
    ("power", "message"),
    [("ITALY", "You do not control Italy this year."),
     ("GERMANY", "You do not control Germany this year: it is in anarchy."),
     ("ENGLAND", "You do not control England: it is your opponent's home power.")],
)
def test_orders_for_units_the_seat_does_not_control_are_refused(power: str, message: str) -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE", "ITALY": "ENGLAND"})
    assert said(v.check_order(snap, "1", Move(power, A, "XXX", "YYY"))) == message


def test_orders_for_controlled_units_are_accepted() -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE"})
    assert v.check_order(snap, "1", Move("AUSTRIA", A, "VIE", "GAL")) is None
    assert v.check_order(snap, "1", Move("FRANCE", A, "PAR", "BUR")) is None


def winter_with_german_builds(rules: dict[str, str] | None = None) -> Snapshot:
    units = [Unit("GERMANY", A, "BER"), Unit("FRANCE", A, "PAR")]
    centers = {**HOME_OWNERS, "DEN": "GERMANY"}
    return board("W1902A", {"GERMANY": "FRANCE"}, units, centers, rules)


def test_a_mercenary_with_builds_due_cannot_waive() -> None:
    v, snap = variant(), winter_with_german_builds()
    refusal = v.check_order(snap, "1", Waive("GERMANY"))
    assert refusal is not None and "cannot waive" in said(refusal)
    assert v.check_order(snap, "1", Waive("FRANCE")) is None
    assert v.check_order(snap, "1", Build("GERMANY", A, "KIE")) is None


def test_the_waive_flag_lets_a_mercenary_waive() -> None:
    v = variant()
    snap = winter_with_german_builds({"mercenary_default_builds": "waive"})
    assert v.check_order(snap, "1", Waive("GERMANY")) is None


# --- endings and status -------------------------------------------------------------------


def test_a_concession_makes_the_other_home_power_win() -> None:
    v, snap = started()
    assert v.concede(snap, "1") == "ENGLAND"
    assert v.concede(snap, "2") == "FRANCE"


def test_stalemate_is_won_by_more_centres_and_drawn_on_equal_counts() -> None:
    snap = board("S1910M", {}, [], {"PAR": "FRANCE", "BRE": "FRANCE", "LON": "ENGLAND"})
    assert stalemate_winner(snap) == "FRANCE"
    assert variant().stalemate_winner(board("S1910M", {}, [], HOME_OWNERS)) == [
        "ENGLAND", "FRANCE",
    ]


def test_public_summary_gives_credits_and_controllers() -> None:
    v, snap = variant(), board("S1902M", {"AUSTRIA": "FRANCE"})
    summary = v.public_summary(snap)
    assert summary["credits"] == {"1": 20, "2": 20}
    assert summary["credits_by_power"] == {"FRANCE": 20, "ENGLAND": 20}
    assert summary["controllers"]["AUSTRIA"] == "FRANCE"
    assert summary["controllers"]["ENGLAND"] == "ENGLAND"
    assert summary["controllers"]["TURKEY"] is None
    assert v.credits_of(snap, "2") == 20
