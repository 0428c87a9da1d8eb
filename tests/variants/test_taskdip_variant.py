"""The Taskdip variant's hooks with the real adjudicator: start, control, neutrals, secrecy."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from judge.rules.map import load_map
from judge.rules.orders import Convoy, Hold, Move, Order, Retreat, SupportHold, SupportMove
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType
from judge.variants.base import Seat, Snapshot, Submission, VariantError
from judge.variants.registry import default_registry
from judge.variants.taskdip.data import TaskCard, TaskdipData, fall_record
from judge.variants.taskdip.tasks import TABLE
from judge.variants.taskdip.variant import TaskdipVariant

MAP = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET
START_OWNERS = {c: p for p, cs in MAP.home_centers.items() for c in cs}
Holdings = Mapping[str, tuple[str, ...]]
TWO: Holdings = {"1": ("ITALY", "FRANCE"), "2": ("GERMANY", "TURKEY")}
CARDS = {"ITALY": "Nine", "FRANCE": "Nine", "GERMANY": "Nine", "TURKEY": "Nine"}


def variant() -> TaskdipVariant:
    return TaskdipVariant(MAP)


def snapshot(
    phase: str = "S1901M",
    players: Holdings | None = None,
    units: Sequence[Unit] | None = None,
    centers: Mapping[str, str] | None = None,
    original: Holdings | None = None,
    cards: Mapping[str, str] | None = None,
    dislodged: Sequence[DislodgedUnit] = (),
) -> Snapshot:
    players = players or TWO
    state = GameState.from_units(
        Phase.parse(phase),
        units if units is not None else MAP.initial_state().units.values(),
        centers if centers is not None else START_OWNERS,
        dislodged,
    )
    data = TaskdipData(
        players=players,
        original=original or players,
        tasks={p: TaskCard(c) for p, c in (cards or CARDS).items()},
        fall=fall_record(None, state.centers, players),
    )
    return Snapshot(state, data.to_data(), variant().default_rules())


def send(**orders: Sequence[Order]) -> dict[str, Submission]:
    return {seat.lstrip("s"): Submission(tuple(given)) for seat, given in orders.items()}


def process(snap: Snapshot, **orders: Sequence[Order]) -> Any:
    return variant().process(snap, send(**orders), random.Random(1))


def every_task_text() -> list[str]:
    return [t.describe() for row in TABLE.values() for t in row.values()]


def assert_no_secret(public: Any) -> None:
    text = json.dumps(public)
    assert '"tasks"' not in text and '"card"' not in text
    assert not [t for t in every_task_text() if t in text]


# --- start ------------------------------------------------------------------------------


def test_the_registry_knows_taskdip() -> None:
    assert isinstance(default_registry().get("taskdip"), TaskdipVariant)


def test_set_players_is_the_players_rule_flag() -> None:
    v = variant()
    assert v.players_needed(v.default_rules()) == 2
    assert v.players_needed({"players": v.check_rule("players", "5")}) == 5
    with pytest.raises(VariantError):
        v.check_rule("players", "8")


@pytest.mark.parametrize("count", [1, 8])
def test_start_refuses_fewer_than_two_or_more_than_seven_players(count: int) -> None:
    with pytest.raises(VariantError, match="2 to 7"):
        variant().start([Seat(str(n)) for n in range(count)], {}, random.Random(0))


def test_start_allots_two_powers_each_to_two_players_and_leaves_three_neutral() -> None:
    started = variant().start([Seat("1"), Seat("2")], {}, random.Random(9))
    snap = started.snapshot
    assert str(snap.phase) == "S1901M"
    assert all(len(powers) == 2 for powers in started.holdings.values())
    assert len(started.public_notes["neutral"]) == 3
    for power in started.public_notes["neutral"]:
        assert variant().controller_of(snap, power) is None
    assert snap.rules["players"] == "2"


def test_each_seat_is_told_only_its_own_tasks_at_the_start() -> None:
    started = variant().start([Seat("1"), Seat("2"), Seat("3")], {}, random.Random(4))
    for seat, powers in started.holdings.items():
        note = started.private_notes[seat]
        assert [t["power"] for t in note["tasks"]] == list(powers)
        assert all(t["task"].startswith("Control ") for t in note["tasks"])
    assert_no_secret(started.public_notes)
    assert_no_secret(variant().public_summary(started.snapshot))


def test_the_start_note_lists_redrawn_cards() -> None:
    for seed in range(40):
        started = variant().start([Seat("1"), Seat("2")], {}, random.Random(seed))
        redraws = [t for n in started.private_notes.values() for t in n["tasks"] if t["redrawn"]]
        if redraws:
            assert redraws[0]["redrawn"][0]["card"] in TABLE[redraws[0]["power"]]
            return
    pytest.fail("no seed in 0..39 produced a redraw")


# --- control ----------------------------------------------------------------------------


def test_neutral_powers_owe_nothing_and_have_no_controller() -> None:
    v, snap = variant(), snapshot()
    assert v.owing(snap) == {
        "1": frozenset({"ITALY", "FRANCE"}),
        "2": frozenset({"GERMANY", "TURKEY"}),
    }
    assert v.controller_of(snap, "AUSTRIA") is None
    assert v.controller_of(snap, "ITALY") == "ITALY"
    assert v.orderable_powers(snap, "1") == frozenset({"ITALY", "FRANCE"})


def test_orders_for_neutral_or_foreign_units_are_refused() -> None:
    v, snap = variant(), snapshot()
    assert "neutral" in (v.check_order(snap, "1", Hold("AUSTRIA", A, "VIE")) or "")
    assert "another player" in (v.check_order(snap, "1", Hold("GERMANY", A, "MUN")) or "")
    assert v.check_order(snap, "1", Hold("FRANCE", A, "PAR")) is None


def test_orders_smuggled_in_for_a_neutral_unit_are_ignored() -> None:
    outcome = process(snapshot(), s1=[Move("AUSTRIA", A, "VIE", "GAL")])
    assert outcome.snapshot.state.units["VIE"].power == "AUSTRIA"
    assert outcome.results == ()


def test_a_players_two_powers_are_separate_one_may_dislodge_the_other() -> None:
    units = [
        Unit("AUSTRIA", F, "TRI"),
        Unit("ITALY", A, "VEN"),
        Unit("ITALY", A, "TYR"),
    ]
    snap = snapshot(
        players={"1": ("AUSTRIA", "ITALY"), "2": ("GERMANY", "TURKEY")},
        units=units,
        cards={"AUSTRIA": "Nine", "ITALY": "Nine", "GERMANY": "Nine", "TURKEY": "Nine"},
    )
    outcome = process(
        snap,
        s1=[Move("ITALY", A, "VEN", "TRI"), SupportMove("ITALY", A, "TYR", "VEN", "TRI", A)],
    )
    state = outcome.snapshot.state
    assert state.units["TRI"].power == "ITALY"
    assert "TRI" in state.dislodged and state.dislodged["TRI"].unit.power == "AUSTRIA"
    assert "violations" not in outcome.report["public"]


# --- neutrality ---------------------------------------------------------------------------


def neutral_trieste(supported: bool) -> Any:
    units = [
        Unit("AUSTRIA", F, "TRI"),
        Unit("ITALY", A, "VEN"),
        Unit("TURKEY", A, "ALB"),
        Unit("TURKEY", A, "SER"),
    ]
    italian: list[Order] = [SupportHold("ITALY", A, "VEN", "TRI", F)] if supported else []
    turkish: list[Order] = [
        Move("TURKEY", A, "ALB", "TRI"),
        SupportMove("TURKEY", A, "SER", "ALB", "TRI", A),
    ]
    return process(snapshot(units=units), s1=italian, s2=turkish)


def test_an_allotted_power_may_support_a_neutral_unit_in_holding() -> None:
    outcome = neutral_trieste(supported=True)
    assert outcome.snapshot.state.units["TRI"] == Unit("AUSTRIA", F, "TRI")
    assert [r.outcome.value for r in outcome.results] == ["succeeds", "fails", "succeeds"]


def test_without_the_support_the_neutral_unit_is_dislodged() -> None:
    outcome = neutral_trieste(supported=False)
    assert outcome.snapshot.state.units["TRI"].power == "TURKEY"
    assert outcome.snapshot.state.dislodged["TRI"].unit.power == "AUSTRIA"


def test_a_violated_neutral_goes_to_the_respecting_player_from_the_next_phase() -> None:
    outcome = neutral_trieste(supported=True)
    public = outcome.report["public"]
    assert [v["seat"] for v in public["violations"]] == ["2", "2"]
    assert [(a["power"], a["seat"], a["decided_by"]) for a in public["allotments"]] == [
        ("AUSTRIA", "1", "only_respecter")
    ]
    assert (
        "From F1901M on, Austria is played by the player of Italy and France"
        in (public["allotments"][0]["text"])
    )
    after = outcome.snapshot
    assert variant().holdings(after)["1"] == ("ITALY", "FRANCE", "AUSTRIA")
    assert variant().controller_of(after, "AUSTRIA") == "AUSTRIA"
    assert "AUSTRIA" in variant().owing(after)["1"]
    assert "AUSTRIA" not in TaskdipData.from_data(after.data).tasks


def test_the_new_owner_orders_the_retreat_of_the_dislodged_neutral_unit() -> None:
    outcome = neutral_trieste(supported=False)
    after = outcome.snapshot
    assert str(after.phase) == "S1901R"
    assert variant().owing(after) == {"1": frozenset({"AUSTRIA"})}


def test_a_bounced_move_into_neutral_land_is_a_violation() -> None:
    outcome = process(snapshot(), s1=[Move("ITALY", A, "VEN", "TRI")])
    assert outcome.results[0].outcome.value == "fails"
    assert outcome.report["public"]["allotments"][0]["seat"] == "2"


def test_a_convoy_into_neutral_land_is_a_violation_for_fleet_and_army() -> None:
    units = [Unit("ITALY", A, "APU"), Unit("ITALY", F, "ADR"), Unit("AUSTRIA", F, "TRI")]
    orders: list[Order] = [
        Move("ITALY", A, "APU", "TRI", via_convoy=True),
        Convoy("ITALY", F, "ADR", "APU", "TRI"),
    ]
    outcome = process(snapshot(units=units), s1=orders)
    public = outcome.report["public"]
    assert [v["order"] for v in public["violations"]] == [str(o) for o in orders]
    assert public["allotments"][0]["seat"] == "2"


def test_a_violation_in_the_fall_uses_the_previous_counts_and_records_the_new_ones() -> None:
    outcome = process(snapshot("F1901M"), s1=[Move("ITALY", A, "VEN", "TRI")])
    data = TaskdipData.from_data(outcome.snapshot.data)
    assert outcome.report["public"]["allotments"][0]["seat"] == "2"
    assert data.fall.phase == "F1901M"
    assert data.fall.holdings == dict(TWO)
    assert "AUSTRIA" in data.players["2"]


def test_when_both_players_violate_the_fewest_centres_decide() -> None:
    centers = {**START_OWNERS, "SPA": "FRANCE", "POR": "FRANCE"}
    orders_1: list[Order] = [Move("ITALY", A, "VEN", "TRI")]
    orders_2: list[Order] = [Move("GERMANY", A, "MUN", "TYR")]
    outcome = process(snapshot(centers=centers), s1=orders_1, s2=orders_2)
    allotment = outcome.report["public"]["allotments"][0]
    assert allotment["candidates"] == ["1", "2"]
    assert (allotment["seat"], allotment["decided_by"]) == ("2", "fewest_centres")
    assert allotment["text"].count("Every player violated") == 1


def test_a_retreat_into_neutral_land_is_a_violation() -> None:
    units = [Unit("FRANCE", A, "MUN")]
    dislodged = [DislodgedUnit(Unit("GERMANY", A, "BOH"), ("GAL", "SIL", "VIE"), "MUN")]
    snap = snapshot("F1901R", units=units, dislodged=dislodged)
    outcome = process(snap, s2=[Retreat("GERMANY", A, "BOH", "GAL")])
    public = outcome.report["public"]
    assert [(v["neutral"], v["seat"]) for v in public["violations"]] == [("AUSTRIA", "2")]
    assert public["allotments"][0]["seat"] == "1"
    assert "AUSTRIA" in variant().holdings(outcome.snapshot)["1"]


def test_neutrals_do_not_build() -> None:
    units = [u for u in MAP.initial_state().units.values() if u.province != "VIE"]
    snap = snapshot("W1901A", units=units)
    assert variant().owing(snap) == {}
    outcome = process(snap)
    assert str(outcome.snapshot.phase) == "S1902M"
    assert "VIE" not in outcome.snapshot.state.units


def test_neutrals_do_not_remove_even_with_more_units_than_centres() -> None:
    centers = {c: p for c, p in START_OWNERS.items() if c not in ("VIE", "TRI")}
    centers.update({"VIE": "ITALY", "TRI": "ITALY"})
    units = list(MAP.initial_state().units.values())
    snap = snapshot("W1901A", units=units, centers=centers)
    outcome = process(snap, s1=[])
    austrian = [u for u in outcome.snapshot.state.units.values() if u.power == "AUSTRIA"]
    assert len(austrian) == 3
    assert all(r.power != "AUSTRIA" for r in outcome.results)


# --- victory and secrecy --------------------------------------------------------------------


def test_an_eighteen_centre_win_by_a_later_allotted_power_ends_the_game() -> None:
    ordered = sorted(MAP.centers)
    centers = {c: ("AUSTRIA" if i < 18 else "ENGLAND") for i, c in enumerate(ordered)}
    players = {"1": ("ITALY", "FRANCE", "AUSTRIA"), "2": ("GERMANY", "TURKEY")}
    snap = snapshot("F1905M", players=players, original=TWO, units=[], centers=centers)
    outcome = process(snap)
    assert outcome.finished and outcome.winner == "AUSTRIA"
    assert outcome.report["public"]["victory"][0]["reason"] == "centres"
    revealed = outcome.report["public"]["tasks"]
    assert {t["power"] for t in revealed} == {"ITALY", "FRANCE", "GERMANY", "TURKEY"}


def test_the_two_power_home_centre_win_is_checked_after_the_fall() -> None:
    taken = {c: "ITALY" for c in (*MAP.home_centers["GERMANY"], *MAP.home_centers["TURKEY"])}
    units = [Unit("ITALY", A, c) for c in taken]
    cards = {**CARDS, "ITALY": "Seven"}  # Nine would be fulfilled first (Turkish centres)
    snap = snapshot("F1903M", units=units, centers={**START_OWNERS}, cards=cards)
    outcome = process(snap)
    assert outcome.winner == "ITALY"
    assert outcome.report["public"]["victory"][0]["reason"] == "home_centres"


def test_no_victory_is_checked_after_a_spring() -> None:
    taken = {c: "ITALY" for c in (*MAP.home_centers["GERMANY"], *MAP.home_centers["TURKEY"])}
    snap = snapshot("S1903M", centers={**START_OWNERS, **taken}, units=[])
    assert not process(snap).finished


def test_players_qualifying_in_the_same_fall_share_a_draw() -> None:
    # Italy's Nine: the three Turkish home centres; Germany's Nine: 3 Russian + Bel Den Hol Nwy Swe.
    units = [
        *(Unit("ITALY", A, c) for c in ("ANK", "CON", "SMY")),
        *(Unit("GERMANY", A, c) for c in ("MOS", "SEV", "WAR", "BEL", "DEN", "HOL", "NWY", "SWE")),
    ]
    outcome = process(snapshot("F1904M", units=units))
    assert outcome.finished
    assert outcome.winner == ["ITALY", "GERMANY"]
    assert [v["reason"] for v in outcome.report["public"]["victory"]] == ["task", "task"]


def test_public_report_and_summary_hold_no_task_until_the_end() -> None:
    outcome = neutral_trieste(supported=True)
    assert not outcome.finished
    assert_no_secret(outcome.report["public"])
    assert_no_secret(variant().public_summary(outcome.snapshot))
    private = outcome.report["private"]
    assert [t["power"] for t in private["1"]["tasks"]] == ["ITALY", "FRANCE"]
    assert [t["power"] for t in private["2"]["tasks"]] == ["GERMANY", "TURKEY"]


def test_the_final_report_reveals_every_task() -> None:
    units = [Unit("ITALY", A, c) for c in ("ANK", "CON", "SMY")]
    outcome = process(snapshot("F1904M", units=units))
    revealed = {t["power"]: t for t in outcome.report["public"]["tasks"]}
    assert revealed["ITALY"]["fulfilled"] is True
    assert revealed["GERMANY"]["fulfilled"] is False
    assert revealed["TURKEY"]["task"] == TABLE["TURKEY"]["Nine"].describe()


def test_a_concession_ends_a_two_player_game_only() -> None:
    v = variant()
    assert v.concede(snapshot(), "1") == "GERMANY"
    four = {"1": ("ITALY",), "2": ("FRANCE",), "3": ("GERMANY",), "4": ("TURKEY",)}
    assert v.concede(snapshot(players=four), "1") is None
    assert v.winner_when_alone(snapshot(players=four), {"4"}) == "TURKEY"


def test_a_player_whose_opponents_have_all_resigned_wins() -> None:
    four = {"1": ("ITALY",), "2": ("FRANCE",), "3": ("GERMANY",), "4": ("TURKEY",)}
    assert variant().winner_when_alone(snapshot(players=four), {"2"}) == "FRANCE"
    assert variant().winner_when_alone(snapshot(), {"1"}) == "ITALY"


def test_the_game_goes_on_while_two_players_remain() -> None:
    four = {"1": ("ITALY",), "2": ("FRANCE",), "3": ("GERMANY",), "4": ("TURKEY",)}
    assert variant().winner_when_alone(snapshot(players=four), {"2", "4"}) is None
    assert variant().winner_when_alone(snapshot(players=four), {"1", "2", "3", "4"}) is None


def test_nobody_wins_when_every_player_has_left() -> None:
    assert variant().winner_when_alone(snapshot(), set()) is None
