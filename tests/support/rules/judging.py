"""Helpers for adjudication tests: write orders as text, read results by order text.

`judge(state, "A PAR - BUR", "F BRE H")` parses each line with the real parser
(an order the parser finds illegal is passed on as the `IllegalOrder`, as the
CLI does) and adjudicates the phase. `outcome(result, "A PAR - BUR")` gives
`("fails", "bounce")`-style pairs; `placed(state)` lists the units as
`"FRANCE A BUR"` strings so tests can compare whole boards.
"""

from __future__ import annotations

from judge.rules.orders import IllegalOrder, Order
from judge.rules.parse import parse_order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.state import GameState
from support.rules.helpers import standard_map


def read(state: GameState, *lines: str) -> list[Order | IllegalOrder]:
    orders: list[Order | IllegalOrder] = []
    for line in lines:
        try:
            orders.append(parse_order(line, standard_map(), state))
        except IllegalOrder as error:
            orders.append(error)
    return orders


def judge(
    state: GameState,
    *lines: str,
    convoy_adjacent: str = "3.0",
    civil_disorder: str = "2023",
) -> PhaseResult:
    options = RuleOptions(convoy_adjacent=convoy_adjacent, civil_disorder=civil_disorder)
    return adjudicate_phase(standard_map(), state, read(state, *lines), options)


def result_for(result: PhaseResult, text: str) -> OrderResult:
    matches = [r for r in result.results if r.text == text]
    assert len(matches) == 1, f"{text!r} not uniquely in {[r.text for r in result.results]}"
    return matches[0]


def outcome(result: PhaseResult, text: str) -> tuple[str, str | None]:
    found = result_for(result, text)
    return found.outcome.value, found.reason


def placed(state: GameState) -> set[str]:
    return {f"{u.power} {u}" for u in state.units.values()}


def retreats(state: GameState) -> dict[str, tuple[str, ...]]:
    return {str(d.unit): d.retreats for d in state.dislodged.values()}
