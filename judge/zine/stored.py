"""A processed phase's stored results and report, read back into values.

`phases.results` holds the order results as a list of `{"power", "order",
"result", "reason", "dislodged"}`; `phases.report` the variant's report,
`{"public": {...}, "private": {seat: {...}}}`. Only `report["public"]` is ever
read here: the private part is for one seat's eyes and never reaches a zine.

`judge.store.state_json.results_to_json` writes the per-order layout, so
processing, the tests and the benchmark write exactly what is read here. An order's text is its
canonical form, so it is read again with the rules parser on the board it was
given on, which gives back the `Order` value the results lines and the map
arrows are drawn from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import Order, OrderError
from judge.rules.parse import parse_order
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import GameState


def order_rows(stored: Any) -> list[Mapping[str, Any]]:
    """The per-order rows of a phase's stored results (none before it was processed)."""
    if not isinstance(stored, list):
        return []
    return [row for row in stored if isinstance(row, Mapping)]


def public_report(report: Any) -> Mapping[str, Any]:
    """The public part of the variant's report stored with the phase, or `{}`."""
    public = report.get("public") if isinstance(report, Mapping) else None
    return public if isinstance(public, Mapping) else {}



def order_results(game_map: GameMap, before: GameState, stored: Any) -> list[OrderResult]:
    """The phase's order results, in the order they were stored."""
    return [_result(game_map, before, row) for row in order_rows(stored)]


def _result(game_map: GameMap, before: GameState, row: Mapping[str, Any]) -> OrderResult:
    power = str(row.get("power", ""))
    text = str(row.get("order", ""))
    try:
        outcome = Outcome(str(row.get("result")))
    except ValueError:
        outcome = Outcome.FAILS
    reason = row.get("reason")
    return OrderResult(
        power=power,
        text=text,
        outcome=outcome,
        reason=None if reason is None else str(reason),
        order=_order(game_map, before, power, text),
        dislodged=bool(row.get("dislodged")),
    )


def _order(game_map: GameMap, before: GameState, power: str, text: str) -> Order | None:
    """The order value, or None for a text that no longer reads (an illegal order)."""
    try:
        return parse_order(text, game_map, before, (power,) if power else None)
    except OrderError:
        return None
