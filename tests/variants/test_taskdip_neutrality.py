"""Violations of neutrality (which orders count) and who receives a violated neutral."""

from __future__ import annotations

import random

import pytest

from judge.rules.map import load_map
from judge.rules.orders import Convoy, Hold, Move, Order, Retreat, SupportHold, SupportMove
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import UnitType
from judge.variants.taskdip.data import FallRecord
from judge.variants.taskdip.neutrality import (
    FEWEST_CENTRES,
    LOT,
    ONLY_RESPECTER,
    SMALLEST_BIGGEST_POWER,
    allot_violated,
    find_violations,
    violators_by_power,
)

MAP = load_map("standard")
A, F = UnitType.ARMY, UnitType.FLEET
SEATS = {"ITALY": "1", "FRANCE": "1", "GERMANY": "2", "TURKEY": "2"}
NEUTRAL = ("AUSTRIA", "ENGLAND", "RUSSIA")


def result(
    order: Order, outcome: Outcome = Outcome.SUCCEEDS, reason: str | None = None
) -> OrderResult:
    return OrderResult(order.power, str(order), outcome, reason, order)


def violations(*results: OrderResult) -> list[tuple[str, str, str]]:
    found = find_violations(MAP, results, NEUTRAL, SEATS.get)
    return [(v.neutral, v.seat, v.order) for v in found]


# --- what counts ------------------------------------------------------------------------


def test_a_move_into_a_neutral_home_centre_violates_even_when_it_bounces() -> None:
    move = Move("ITALY", A, "VEN", "TRI")
    assert violations(result(move, Outcome.FAILS, "bounce")) == [("AUSTRIA", "1", str(move))]


def test_a_move_into_a_neutral_province_that_is_not_a_centre_violates() -> None:
    move = Move("GERMANY", A, "MUN", "TYR")
    assert violations(result(move)) == [("AUSTRIA", "2", str(move))]


@pytest.mark.parametrize(
    ("province", "neutral"), [("SIL", None), ("CLY", "ENGLAND"), ("FIN", "RUSSIA")]
)
def test_home_territory_is_the_land_inside_the_border(province: str, neutral: str | None) -> None:
    move = Move("GERMANY", A, "BER", province)
    found = violations(result(move))
    assert [v[0] for v in found] == ([neutral] if neutral else [])


def test_supporting_a_move_into_neutral_land_violates_even_when_the_support_is_cut() -> None:
    support = SupportMove("TURKEY", A, "SER", "ALB", "TRI", A)
    assert violations(result(support, Outcome.FAILS, "cut")) == [("AUSTRIA", "2", str(support))]


def test_a_void_support_into_neutral_land_still_violates() -> None:
    support = SupportMove("FRANCE", A, "BUR", "MUN", "RUH", A)
    assert violations(result(support, Outcome.FAILS, "void")) == []  # Germany is not neutral
    support = SupportMove("ITALY", A, "VEN", "TRI", "TYR", A)
    assert violations(result(support, Outcome.FAILS, "void")) == [("AUSTRIA", "1", str(support))]


def test_a_convoy_into_neutral_land_violates() -> None:
    convoy = Convoy("ITALY", F, "ADR", "APU", "TRI")
    assert violations(result(convoy)) == [("AUSTRIA", "1", str(convoy))]


def test_a_retreat_into_neutral_land_violates() -> None:
    retreat = Retreat("GERMANY", A, "MUN", "BOH")
    assert violations(result(retreat)) == [("AUSTRIA", "2", str(retreat))]


def test_supporting_a_neutral_unit_in_holding_does_not_violate() -> None:
    support = SupportHold("ITALY", A, "VEN", "TRI", F)
    assert violations(result(support), result(Hold("ITALY", A, "ROM"))) == []


def test_an_illegal_order_does_not_violate() -> None:
    move = Move("ITALY", A, "ROM", "TRI")
    assert violations(result(move, Outcome.ILLEGAL, "not adjacent")) == []


def test_an_order_replaced_by_a_later_one_does_not_violate() -> None:
    first = Move("ITALY", A, "VEN", "TRI")
    second = Move("ITALY", A, "VEN", "PIE")
    assert violations(result(first, Outcome.FAILS, "void"), result(second)) == []


def test_orders_of_neutral_powers_are_not_violations() -> None:
    move = Move("RUSSIA", A, "WAR", "GAL")  # a neutral never moves; defensive
    assert violations(result(move)) == []


def test_violators_are_grouped_by_neutral_power() -> None:
    found = find_violations(
        MAP,
        [
            result(Move("GERMANY", A, "MUN", "TYR")),
            result(Move("ITALY", A, "VEN", "TRI")),
            result(Move("GERMANY", A, "BER", "PRU")),  # own territory: fine
            result(Move("TURKEY", F, "BLA", "SEV")),
        ],
        NEUTRAL,
        SEATS.get,
    )
    assert violators_by_power(found) == {"AUSTRIA": ("1", "2"), "RUSSIA": ("2",)}


# --- who receives the power ---------------------------------------------------------------


def fall(holdings: dict[str, tuple[str, ...]], centres: dict[str, int]) -> FallRecord:
    return FallRecord("F1903M", centres, holdings)


def test_with_two_players_the_one_who_respected_the_neutrality_gets_the_power() -> None:
    record = fall({"1": ("ITALY",), "2": ("GERMANY",)}, {"ITALY": 1, "GERMANY": 9})
    chosen = allot_violated("AUSTRIA", ["2"], ["1", "2"], record, random.Random(0))
    assert (chosen.seat, chosen.decided_by) == ("1", ONLY_RESPECTER)


def test_among_respecting_players_the_fewest_centres_in_total_wins() -> None:
    record = fall(
        {"1": ("ITALY",), "2": ("GERMANY",), "3": ("FRANCE",)},
        {"ITALY": 1, "GERMANY": 4, "FRANCE": 6},
    )
    chosen = allot_violated("AUSTRIA", ["1"], ["1", "2", "3"], record, random.Random(0))
    assert (chosen.seat, chosen.decided_by) == ("2", FEWEST_CENTRES)
    assert chosen.candidates == ("2", "3")
    assert chosen.totals == {"2": 4, "3": 6}


def test_a_player_out_of_the_game_is_a_candidate_and_has_the_fewest() -> None:
    record = fall(
        {"1": ("ITALY",), "2": ("GERMANY",), "3": ("FRANCE",)}, {"GERMANY": 4, "FRANCE": 6}
    )
    chosen = allot_violated("AUSTRIA", ["2"], ["1", "2", "3"], record, random.Random(0))
    assert (chosen.seat, chosen.decided_by) == ("1", FEWEST_CENTRES)


def test_equal_totals_go_to_the_player_whose_biggest_power_is_smallest() -> None:
    # The rule text's example: A has Russia 6 + Italy 2, B Germany 5 + Turkey 3: B gets it.
    record = fall(
        {"A": ("RUSSIA", "ITALY"), "B": ("GERMANY", "TURKEY")},
        {"RUSSIA": 6, "ITALY": 2, "GERMANY": 5, "TURKEY": 3},
    )
    chosen = allot_violated("ENGLAND", ["A", "B"], ["A", "B"], record, random.Random(0))
    assert (chosen.seat, chosen.decided_by) == ("B", SMALLEST_BIGGEST_POWER)
    assert chosen.biggest == {"A": 6, "B": 5}


def test_when_every_player_violated_all_are_candidates() -> None:
    record = fall({"1": ("ITALY",), "2": ("GERMANY",)}, {"ITALY": 5, "GERMANY": 3})
    chosen = allot_violated("AUSTRIA", ["1", "2"], ["1", "2"], record, random.Random(0))
    assert chosen.candidates == ("1", "2")
    assert (chosen.seat, chosen.decided_by) == ("2", FEWEST_CENTRES)


def test_a_complete_tie_is_decided_by_the_seeded_lot() -> None:
    record = fall(
        {"1": ("ITALY", "FRANCE"), "2": ("GERMANY", "TURKEY")},
        {"ITALY": 4, "FRANCE": 3, "GERMANY": 4, "TURKEY": 3},
    )
    seats = {
        allot_violated("AUSTRIA", [], ["1", "2"], record, random.Random(seed)).seat
        for seed in range(20)
    }
    chosen = allot_violated("AUSTRIA", [], ["1", "2"], record, random.Random(5))
    assert chosen.decided_by == LOT
    assert seats == {"1", "2"}
    assert chosen == allot_violated("AUSTRIA", [], ["1", "2"], record, random.Random(5))
