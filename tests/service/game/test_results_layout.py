"""The results mail's layout, from order results to text, without a database."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from judge.rules.map import GameMap, load_map
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType
from judge.wording.describe import describe_order, result_markers
from judge.wording.report import format_time, results_data
from judge.wording.templates import render

A, F = UnitType.ARMY, UnitType.FLEET


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_map("standard")


@pytest.mark.parametrize(
    ("order", "text"),
    [
        (Move("FRANCE", A, "PAR", "BUR"), "Army Paris -> Burgundy."),
        (Hold("AUSTRIA", A, "VIE"), "Army Vienna HOLD."),
        (
            SupportMove("GERMANY", F, "KIE", "MUN", "BUR", A),
            "Fleet Kiel SUPPORT Army Munich -> Burgundy.",
        ),
        (SupportHold("GERMANY", A, "MUN", "BER", A), "Army Munich SUPPORT Army Berlin."),
        (
            Convoy("ENGLAND", F, "NTH", "LON", "NWY"),
            "Fleet North Sea CONVOY Army London -> Norway.",
        ),
        (
            Move("RUSSIA", F, "STP/SC", "BOT"),
            "Fleet St Petersburg (south coast) -> Gulf of Bothnia.",
        ),
        (Retreat("GERMANY", A, "MUN", "BOH"), "Army Munich -> Bohemia."),
        (Disband("GERMANY", A, "MUN"), "Army Munich DISBAND."),
        (Build("FRANCE", A, "PAR"), "Builds an army in Paris."),
        (Build("RUSSIA", F, "STP/NC"), "Builds a fleet in St Petersburg (north coast)."),
        (Remove("GERMANY", F, "KIE"), "Removes the fleet in Kiel."),
        (Waive("ITALY"), "Build waived."),
    ],
)
def test_orders_are_described_with_full_province_names(
    game_map: GameMap, order: object, text: str
) -> None:
    assert describe_order(game_map, order) == text  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("outcome", "reason", "dislodged", "marker"),
    [
        (Outcome.SUCCEEDS, None, False, ""),
        (Outcome.FAILS, "bounce", False, "(*bounce*)"),
        (Outcome.FAILS, "cut", False, "(*cut*)"),
        (Outcome.FAILS, "no convoy", False, "(*no convoy*)"),
        (Outcome.FAILS, "disrupted", False, "(*no convoy*)"),
        (Outcome.FAILS, "void", False, "(*void*)"),
        (Outcome.ILLEGAL, "not adjacent", False, "(*illegal*)"),
        (Outcome.SUCCEEDS, None, True, "(*dislodged*)"),
        (Outcome.FAILS, "bounce", True, "(*bounce, dislodged*)"),
        (Outcome.FAILS, "dislodged", True, "(*dislodged*)"),
    ],
)
def test_failures_carry_njudge_markers(
    outcome: Outcome, reason: str | None, dislodged: bool, marker: str
) -> None:
    result = OrderResult("FRANCE", "A PAR - BUR", outcome, reason, None, dislodged)
    assert result_markers(result) == marker


def _fall_results(game_map: GameMap) -> str:
    before = game_map.initial_state(Phase.parse("F1901M"))
    munich = Unit("GERMANY", A, "MUN")
    results = [
        OrderResult(
            "FRANCE", "A PAR - BUR", Outcome.FAILS, "bounce", Move("FRANCE", A, "PAR", "BUR")
        ),
        OrderResult("GERMANY", "A MUN H", Outcome.SUCCEEDS, None, Hold("GERMANY", A, "MUN"), True),
        OrderResult("GERMANY", "A BER H", Outcome.SUCCEEDS, None, Hold("GERMANY", A, "BER"), True),
    ]
    centers = dict(before.centers, BEL="FRANCE", HOL="FRANCE", SPA="FRANCE")
    after = GameState(
        phase=Phase.parse("F1901R"),
        units={k: v for k, v in before.units.items() if k not in ("MUN", "BER")},
        dislodged={"MUN": DislodgedUnit(munich, ("BOH", "SIL"))},
        centers=centers,
    )
    data = results_data(game_map, before, results, after)
    return render(
        "results.txt.j2",
        judge_code="CODE",
        game="g1",
        variant="Standard",
        phase="F1901R",
        deadline=format_time(datetime(2026, 12, 1, 18, 0, tzinfo=UTC)),
        public=render("_phase_results.txt.j2", **data),
        finished=False,
        winners=[],
        next_phase="Retreat for Fall of 1901",
    )


def test_a_results_mail_has_the_njudge_header_and_order_lines(game_map: GameMap) -> None:
    text = _fall_results(game_map)
    assert text.startswith(
        ":: Judge: CODE  Game: g1  Variant: Standard\n"
        ":: Deadline: F1901R Tue Dec  1 2026 18:00 UTC\n\n"
        "Movement results for Fall of 1901.\n"
    )
    assert "France: Army Paris -> Burgundy.  (*bounce*)\n" in text
    assert "Germany: Army Munich HOLD.  (*dislodged*)\n" in text


def test_dislodged_units_are_listed_with_their_retreats(game_map: GameMap) -> None:
    text = _fall_results(game_map)
    assert "The following units were dislodged:\n" in text
    assert "The Army in Munich can retreat to Bohemia or Silesia.\n" in text
    assert "The Army in Berlin with no valid retreats was destroyed.\n" in text


def test_no_ownership_before_the_fall_is_over(game_map: GameMap) -> None:
    assert "Ownership of supply centers" not in _fall_results(game_map)


def test_after_a_fall_centres_and_adjustments_are_listed(game_map: GameMap) -> None:
    before = game_map.initial_state(Phase.parse("F1901M"))
    units = dict(before.units)
    del units["BRE"]  # France: 6 centres, 2 units, but Brest is its only free home
    after = GameState(
        phase=Phase.parse("W1901A"),
        units=units,
        centers=dict(before.centers, BEL="FRANCE", HOL="FRANCE", SPA="FRANCE", KIE="ENGLAND"),
    )
    data = results_data(game_map, before, [], after)
    text = render("_phase_results.txt.j2", **data)
    assert "Ownership of supply centers:\n" in text
    assert "France:   Belgium, Brest, Holland, Marseilles, Paris, Spain.\n" in text
    assert "France:  6 Supply centers,  2 Units:  Builds   1 unit.\n" in text
    assert "Germany: 2 Supply centers,  3 Units:  Removes   1 unit.\n" in text
    assert "Austria: 3 Supply centers,  3 Units.\n" in text


def test_the_next_phase_and_its_deadline_end_the_mail(game_map: GameMap) -> None:
    text = _fall_results(game_map)
    assert text.endswith(
        "The next phase of 'g1' will be Retreat for Fall of 1901.\n"
        "The deadline for orders will be Tue Dec  1 2026 18:00 UTC.\n"
    )
