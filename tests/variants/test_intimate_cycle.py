"""Intimate phases run through the real adjudicator: the year cycle, anarchy, defaults,
income, the bid phase and its skipping, and victory with each ruleset's tie-break."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from judge.rules.map import load_map
from judge.rules.orders import Order
from judge.rules.parse import parse_order
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.variants.base import Outcome, Seat, Snapshot, Submission
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.rulesets import RULESETS
from judge.variants.intimate.variant import IntimateVariant

MAP = load_map("standard")
HOME_OWNERS = {c: p for p, cs in MAP.home_centers.items() for c in cs}
MERCS = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
RNG = random.Random(0)


def variant(name: str = "intimate") -> IntimateVariant:
    return IntimateVariant(MAP, RULESETS[name])


def unit(text: str) -> Unit:
    power, kind, location = text.split()
    return Unit(power, UnitType(kind), location)


def board(
    phase: str,
    units: list[str],
    centers: Mapping[str, str],
    control: Mapping[str, str | None] | None = None,
    credits: Mapping[str, int] | None = None,
    ruleset: str = "intimate",
    **data: Any,
) -> Snapshot:
    state = GameState.from_units(Phase.parse(phase), [unit(u) for u in units], centers)
    value = IntimateData(
        ruleset=ruleset,
        homes={"1": "FRANCE", "2": "ENGLAND"},
        credits=dict(credits or {"FRANCE": 10, "ENGLAND": 10}),
        control={**anarchy(MERCS), **(control or {})},
        year_start_centers=dict(state.centers),
    ).with_(**data)
    return Snapshot(state, value.to_data(), {})


def orders(v: IntimateVariant, snap: Snapshot, seat: str, *lines: str) -> Submission:
    mine = v.orderable_powers(snap, seat)
    parsed: list[Order] = [parse_order(line, MAP, snap.state, mine) for line in lines]
    return Submission(orders=tuple(parsed))


def play(v: IntimateVariant, snap: Snapshot, **by_seat: tuple[str, ...]) -> Outcome:
    subs = {seat: orders(v, snap, seat, *lines) for seat, lines in by_seat.items()}
    return v.process(snap, subs, RNG)


def data_of(snap: Snapshot) -> IntimateData:
    return IntimateData.from_data(snap.data)


# --- the year ---------------------------------------------------------------------------


def test_a_whole_year_runs_bids_spring_fall_winter_and_the_next_bids() -> None:
    v = variant()
    snap = v.start([Seat("1", ("FRANCE",)), Seat("2", ("ENGLAND",))], {}, RNG).snapshot
    seen = [str(snap.phase)]
    snap = v.process(snap, {"1": Submission(extra={"bids": {"GERMANY": 5}}),
                            "2": Submission(extra={"bids": {"RUSSIA": 2}})}, RNG).snapshot
    seen.append(str(snap.phase))
    snap = play(v, snap, **{"1": ("A PAR-BUR", "A MUN-RUH", "F KIE-DEN"),
                            "2": ("F LON-NTH", "A WAR-GAL")}).snapshot
    seen.append(str(snap.phase))
    fall = play(v, snap, **{"1": ("A BUR-BEL", "A RUH-HOL", "F DEN H"),
                            "2": ("F NTH-NWY",)})
    snap = fall.snapshot
    seen.append(str(snap.phase))
    assert [(r["player"], r["old"], r["centres"], r["new"])
            for r in fall.report["public"]["income"]] == [
        ("ENGLAND", 18, 4, 22), ("FRANCE", 15, 4, 19),
    ]
    winter = v.process(snap, {}, RNG)
    snap = winter.snapshot
    seen.append(str(snap.phase))
    assert seen == ["S1901B", "S1901M", "F1901M", "W1901A", "S1902B"]
    assert {str(u) for u in snap.state.units_of("GERMANY")} >= {"A KIE", "A MUN"}
    assert winter.report["public"]["default_orders"][0]["reason"] == "missing build"
    assert set(data_of(snap).control.values()) == {None}
    assert data_of(snap).year_start_centers["HOL"] == "GERMANY"
    assert data_of(snap).control_history["1901"]["GERMANY"] == "FRANCE"


def test_the_bid_phase_is_skipped_once_no_mercenary_owns_a_centre() -> None:
    v = variant()
    snap = board("F1905M", ["FRANCE A PAR", "ENGLAND F LON"],
                 {"PAR": "FRANCE", "LON": "ENGLAND"},
                 control_history={"1905": anarchy(MERCS)})
    out = v.process(snap, {}, RNG)
    assert str(out.snapshot.phase) == "S1906M"
    assert out.report["public"]["bidding_skipped"] is True


def test_the_bid_phase_comes_while_a_mercenary_still_owns_a_centre() -> None:
    snap = board("F1905M", ["FRANCE A PAR", "ENGLAND F LON"],
                 {"PAR": "FRANCE", "LON": "ENGLAND", "CON": "TURKEY"})
    out = variant().process(snap, {}, RNG)
    assert str(out.snapshot.phase) == "S1906B"
    assert out.report["public"]["auto_processed"] == ["W1905A"]  # Turkey: anarchy, no build
    assert out.snapshot.state.units_of("TURKEY") == []


# --- anarchy ------------------------------------------------------------------------------


def test_a_dislodged_anarchy_unit_is_disbanded_without_a_retreat_phase() -> None:
    v = variant()
    snap = board("S1902M", ["FRANCE A BUL", "FRANCE A GRE", "AUSTRIA A SER", "ENGLAND F LON"],
                 {**HOME_OWNERS, "BUL": "FRANCE", "GRE": "FRANCE"})
    out = play(v, snap, **{"1": ("A BUL-SER", "A GRE S A BUL-SER")})
    assert str(out.snapshot.phase) == "F1902M"
    assert out.snapshot.state.units_of("AUSTRIA") == []
    assert out.report["public"]["auto_processed"] == ["S1902R"]


def test_anarchy_units_hold_and_cannot_be_ordered() -> None:
    v = variant()
    snap = board("S1902M", ["FRANCE A BUR", "GERMANY A MUN"], HOME_OWNERS)
    german = Submission(orders=(parse_order("A MUN-RUH", MAP, snap.state),))
    out = v.process(snap, {"1": german}, RNG)
    assert out.snapshot.state.unit_in("MUN") is not None


def test_anarchy_gets_no_builds_and_the_empty_winter_is_skipped() -> None:
    v = variant()
    snap = board("F1902M", ["FRANCE A PAR", "ENGLAND F LON", "ITALY A ROM", "ITALY A TUN"],
                 {"PAR": "FRANCE", "LON": "ENGLAND", "ROM": "ITALY", "NAP": "ITALY",
                  "VEN": "ITALY"})
    out = play(v, snap, **{"1": ("A PAR H",)})
    assert str(out.snapshot.phase) == "S1903B"
    assert len(out.snapshot.state.units_of("ITALY")) == 2
    assert out.report["public"]["auto_processed"] == ["W1902A"]


def test_anarchy_removals_follow_civil_disorder() -> None:
    v = variant()
    snap = board("W1902A", ["FRANCE A PAR", "ENGLAND F LON", "ITALY A ROM", "ITALY A APU"],
                 {"PAR": "FRANCE", "LON": "ENGLAND", "ROM": "ITALY"})
    out = v.process(snap, {}, RNG)
    assert len(out.snapshot.state.units_of("ITALY")) == 1
    assert any(r.reason == "civil disorder" for r in out.results)


# --- propaganda retreats ------------------------------------------------------------------


def retreat_board(ruleset: str = "propaganda") -> Snapshot:
    """France dislodges England's Austrian army from Serbia next."""
    units = ["FRANCE A BUL", "FRANCE A GRE", "AUSTRIA A SER", "ENGLAND F LON"]
    return board("S1902M", units, {**HOME_OWNERS, "BUL": "FRANCE", "GRE": "FRANCE"},
                 control={"AUSTRIA": "ENGLAND"}, ruleset=ruleset)


ATTACK_SERBIA = ("A BUL-SER", "A GRE S A BUL-SER")


def test_propaganda_mercenary_without_retreat_order_retreats_to_first_place_by_id() -> None:
    v = variant("propaganda")
    snap = play(v, retreat_board(), **{"1": ATTACK_SERBIA}).snapshot
    assert str(snap.phase) == "S1902R"
    assert v.owing(snap) == {"2": frozenset({"AUSTRIA"})}
    out = v.process(snap, {}, RNG)
    assert str(out.snapshot.state.unit_in("ALB")) == "A ALB"
    assert out.report["public"]["default_orders"][0]["order"] == "A SER R ALB"


def test_propaganda_mercenary_may_be_ordered_to_disband() -> None:
    v = variant("propaganda")
    snap = play(v, retreat_board(), **{"1": ATTACK_SERBIA}).snapshot
    out = play(v, snap, **{"2": ("A SER D",)})
    assert out.snapshot.state.units_of("AUSTRIA") == []


def test_propaganda_home_unit_without_retreat_order_disbands() -> None:
    v = variant("propaganda")
    units = ["ENGLAND A BUL", "ENGLAND A GRE", "FRANCE A SER", "AUSTRIA A VIE"]
    snap = board("S1902M", units, HOME_OWNERS, control={"AUSTRIA": "FRANCE"},
                 ruleset="propaganda")
    snap = play(v, snap, **{"2": ATTACK_SERBIA}).snapshot
    assert str(snap.phase) == "S1902R"
    out = v.process(snap, {}, RNG)
    assert out.snapshot.state.units_of("FRANCE") == []


def test_intimate_mercenary_without_retreat_order_disbands() -> None:
    v = variant("intimate")
    snap = play(v, retreat_board("intimate"), **{"1": ATTACK_SERBIA}).snapshot
    assert v.owing(snap) == {"2": frozenset({"AUSTRIA"})}
    out = v.process(snap, {}, RNG)
    assert out.snapshot.state.units_of("AUSTRIA") == []


# --- propaganda year end ------------------------------------------------------------------


def test_propaganda_pays_four_per_centre_at_year_end_then_popularity_changes() -> None:
    v = variant("propaganda")
    units = ["FRANCE A PAR", "ENGLAND F LON", "AUSTRIA A GRE"]
    snap = board("F1902M", units, {"PAR": "FRANCE", "LON": "ENGLAND"},
                 control={"AUSTRIA": "FRANCE"}, credits={"FRANCE": 40, "ENGLAND": 40},
                 ruleset="propaganda")
    out = play(v, snap, **{"1": ("A PAR H", "A GRE H")})
    public = out.report["public"]
    assert [(r["player"], r["old"], r["new"]) for r in public["income"]] == [
        ("ENGLAND", 40, 44), ("FRANCE", 40, 44),
    ]
    assert [(r["player"], r["rule"], r["old"], r["new"]) for r in public["popularity"]] == [
        ("FRANCE", "iii", 44, 48),
    ]
    assert data_of(out.snapshot).credits == {"FRANCE": 48, "ENGLAND": 44}
    assert str(out.snapshot.phase) == "S1903B"


def test_propaganda_pays_nothing_after_the_fall_before_the_winter() -> None:
    v = variant("propaganda")
    units = ["FRANCE A PAR", "ENGLAND F LON"]
    snap = board("F1902M", units, {"PAR": "FRANCE", "LON": "ENGLAND", "BRE": "FRANCE"},
                 ruleset="propaganda")
    out = v.process(snap, {}, RNG)
    assert str(out.snapshot.phase) == "W1902A"
    assert "income" not in out.report["public"]
    winter = v.process(out.snapshot, {}, RNG)
    assert [r["new"] for r in winter.report["public"]["income"]] == [14, 18]


# --- victory ------------------------------------------------------------------------------

INVASION = ["FRANCE A YOR", "ENGLAND A PIC"]
BOTH_HOMES = {c: o for c, o in HOME_OWNERS.items() if o in ("FRANCE", "ENGLAND")}


def test_a_home_unit_entering_an_enemy_home_centre_wins_at_once() -> None:
    v = variant()
    snap = board("S1905M", INVASION, BOTH_HOMES)
    out = play(v, snap, **{"1": ("A YOR-LON",)})
    assert out.winner == "FRANCE" and out.finished
    assert "France occupies London" in out.report["public"]["victory"]["text"]


def test_eighteen_centres_do_not_end_the_game() -> None:
    centres = {c: "FRANCE" for c in sorted(MAP.centers)[:18]}
    snap = board("S1905M", ["FRANCE A PAR", "ENGLAND F NTH"], centres)
    out = variant().process(snap, {}, RNG)
    assert out.winner is None and not out.finished


def test_rx03_simultaneous_invasion_goes_to_the_larger_credit_balance() -> None:
    snap = board("S1905M", INVASION, BOTH_HOMES, credits={"FRANCE": 11, "ENGLAND": 10})
    out = play(variant(), snap, **{"1": ("A YOR-LON",), "2": ("A PIC-PAR",)})
    assert out.winner == "FRANCE"


def test_rx03_tie_plays_on_to_the_next_fall_and_is_decided_again_there() -> None:
    v = variant()
    centres = {**BOTH_HOMES, "BEL": "FRANCE"}
    snap = board("S1905M", INVASION, centres)
    spring = play(v, snap, **{"1": ("A YOR-LON",), "2": ("A PIC-PAR",)})
    assert spring.winner is None
    assert data_of(spring.snapshot).recheck_fall == 1905
    assert "decided again after fall 1905" in spring.report["public"]["victory"]["text"]
    fall = v.process(spring.snapshot, {}, RNG)
    assert fall.winner == "FRANCE"  # 10 + 4 (LON, BRE, MAR, BEL) beats 10 + 3


def test_rx03_during_the_wait_a_lone_invasion_does_not_end_the_game_before_fall() -> None:
    v = variant()
    snap = board("S1906M", ["FRANCE A LON", "ENGLAND A PIC"], BOTH_HOMES, recheck_fall=1906)
    spring = play(v, snap, **{"2": ("A PIC-BEL",)})
    assert spring.winner is None
    fall = v.process(spring.snapshot, {}, RNG)
    assert fall.winner == "FRANCE"


def test_rx03_tie_again_at_the_fall_waits_for_the_following_fall() -> None:
    v = variant()
    snap = board("F1905M", ["FRANCE A LON", "ENGLAND A PAR"], BOTH_HOMES, recheck_fall=1905)
    out = v.process(snap, {}, RNG)
    assert out.winner is None
    assert data_of(out.snapshot).recheck_fall == 1906


def test_rx03_fall_tie_break_counts_the_income_of_that_fall_before_retreats() -> None:
    v = variant()
    units = [*INVASION, "GERMANY A MUN", "GERMANY A BOH", "ITALY A TYR", "ITALY A VEN"]
    centres = {**BOTH_HOMES, "BEL": "FRANCE"}
    snap = board("F1905M", units, centres, control={"GERMANY": "FRANCE"})
    out = play(v, snap, **{"1": ("A YOR-LON", "A MUN-TYR", "A BOH S A MUN-TYR"),
                           "2": ("A PIC-PAR",)})
    assert str(out.snapshot.phase) == "F1905R"  # decided before the retreats
    assert out.winner == "FRANCE"  # 10 + 4 (LON, BRE, MAR, BEL) beats 10 + 3


def test_2000_simultaneous_tie_plays_on_until_there_is_no_tie() -> None:
    v = variant("intimate-2000")
    snap = board("S1905M", ["FRANCE A YOR", "FRANCE A WAL", "ENGLAND A PIC"], BOTH_HOMES,
                 credits={"FRANCE": 30, "ENGLAND": 1}, ruleset="intimate-2000")
    spring = play(v, snap, **{"1": ("A YOR-LON",), "2": ("A PIC-PAR",)})
    assert spring.winner is None
    assert data_of(spring.snapshot).recheck_fall is None
    fall = play(v, spring.snapshot, **{"1": ("A WAL-LVP",)})
    assert fall.winner == "FRANCE"


def test_propaganda_simultaneous_invasion_goes_to_points_plus_four_per_centre() -> None:
    v = variant("propaganda")
    centres = {**BOTH_HOMES, "NWY": "ENGLAND", "BEL": "ENGLAND"}
    snap = board("S1905M", ["FRANCE A YOR", "FRANCE A WAL", "ENGLAND A PIC"], centres,
                 credits={"FRANCE": 45, "ENGLAND": 40}, ruleset="propaganda")
    out = play(v, snap, **{"1": ("A YOR-LON", "A WAL-LVP"), "2": ("A PIC-PAR",)})
    assert out.winner == "ENGLAND"  # 40 + 4 x 5 = 60 beats 45 + 4 x 3 = 57
