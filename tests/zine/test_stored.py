"""Reading a phase's stored results back: both layouts, the public report only, chains."""

from __future__ import annotations

from judge.render.neutrals import neutral_on
from judge.rules.map import load_map
from judge.rules.orders import Move, Retreat
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.zine.record import PlayedPhase
from judge.zine.results import results_parts, split_by_phase
from judge.zine.stored import order_results, order_rows, public_report

A = UnitType.ARMY
ROW = {"power": "FRANCE", "order": "A PAR - BUR", "result": "succeeds", "reason": None,
       "dislodged": False}


def test_stored_results_are_read_as_order_rows() -> None:
    assert order_rows([ROW]) == [ROW]
    assert order_rows({"power": "FRANCE"}) == []


def test_only_the_public_part_of_a_stored_report_is_read() -> None:
    report = {"public": {"violations": []}, "private": {"1": {"tasks": ["secret"]}}}
    assert public_report(report) == {"violations": []}
    assert public_report({"private": {"1": {"tasks": ["secret"]}}}) == {}


def test_an_unprocessed_phase_has_no_results() -> None:
    assert order_rows(None) == [] and public_report(None) == {}


def test_a_stored_order_is_read_back_into_the_order_it_was() -> None:
    board = load_map().initial_state()
    (result,) = order_results(load_map(), board, [ROW])
    assert result.order == Move("FRANCE", A, "PAR", "BUR")
    assert result.outcome is Outcome.SUCCEEDS


def test_an_order_that_no_longer_reads_keeps_its_text_and_draws_nothing() -> None:
    row = {**ROW, "order": "A PAR - MOS", "result": "illegal", "reason": "not adjacent"}
    (result,) = order_results(load_map(), load_map().initial_state(), [row])
    assert result.order is None and result.text == "A PAR - MOS"


def test_results_are_split_where_each_chained_phase_begins() -> None:
    results = [OrderResult("X", str(i), Outcome.SUCCEEDS) for i in range(3)]
    counts = [{"phase": "F1901M", "results": 2}, {"phase": "F1901R", "results": 1}]
    assert split_by_phase(results, counts) == [("F1901M", results[:2]), ("F1901R", results[2:])]
    assert split_by_phase(results, None) == []


def test_each_phase_processed_in_a_chain_gets_its_own_part() -> None:
    game_map = load_map()
    before = GameState.from_units(Phase.parse("F1901M"), [Unit("FRANCE", A, "BUR")])
    move = Move("FRANCE", A, "BUR", "MUN")
    retreat = Retreat("GERMANY", A, "MUN", "RUH")
    after = GameState.from_units(
        Phase.parse("W1901A"), [Unit("FRANCE", A, "MUN"), Unit("GERMANY", A, "RUH")]
    )
    played = PlayedPhase(
        before=before,
        after=after,
        results=[OrderResult("FRANCE", str(move), Outcome.SUCCEEDS, None, move),
                 OrderResult("GERMANY", str(retreat), Outcome.SUCCEEDS, None, retreat)],
        report={"results_by_phase": [{"phase": "F1901M", "results": 1},
                                     {"phase": "F1901R", "results": 1}]},
    )
    parts = results_parts(game_map, played)
    assert [p.title for p in parts] == [
        "Movement results for Fall of 1901.", "Retreat results for Fall of 1901.",
    ]
    assert parts[1].orders == [
        {"power": "Germany", "lines": [{"text": "Army Munich -> Ruhr.", "markers": ""}]}
    ]


def test_a_neutral_is_neutral_until_the_phase_it_is_allotted_from() -> None:
    summary = {"originally_neutral": ["ENGLAND", "GERMANY"],
               "allotted_later": [{"power": "GERMANY", "seat": "2", "phase": "F1901M"}]}
    assert neutral_on(summary, Phase.parse("S1901M")) == {"ENGLAND", "GERMANY"}
    assert neutral_on(summary, Phase.parse("F1901M")) == {"ENGLAND"}
    assert neutral_on(summary, Phase.parse("S1902M")) == {"ENGLAND"}
    assert neutral_on({}, Phase.parse("S1902M")) == frozenset()

