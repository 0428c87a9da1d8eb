"""Write the `judge adjudicate` answer (spec/adjudicate.md) for one phase.

`results` lists the given orders per power, in the order given, plus the
removals civil disorder added in an adjustment phase. `dislodged` lists every
unit dislodged in a movement phase with its retreats; a unit the rules core
disbanded at once because it had nowhere to go is listed with an empty list,
as the contract asks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from judge.rules.idle import Advance
from judge.rules.orders import IllegalOrder, Move, Order
from judge.rules.results import OrderResult, Outcome, PhaseResult
from judge.rules.state import POWERS, GameState, PhaseType, Unit


def _power_order(powers: Iterable[str]) -> list[str]:
    present = set(powers)
    return [p for p in POWERS if p in present] + sorted(present - set(POWERS))


def result_entry(result: OrderResult) -> dict[str, str]:
    entry = {"order": result.text, "result": result.outcome.value}
    if result.outcome is not Outcome.SUCCEEDS:
        entry["reason"] = result.reason or (
            "illegal order" if result.outcome is Outcome.ILLEGAL else "void"
        )
    elif result.reason:
        entry["reason"] = result.reason  # e.g. "civil disorder"
    return entry


def results_by_power(
    given: Sequence[tuple[str, Order | IllegalOrder]], results: Sequence[OrderResult]
) -> dict[str, list[dict[str, str]]]:
    """The result of each given order under the power that gave it, then the extras."""
    table: dict[str, list[dict[str, str]]] = {}
    for (power, _), result in zip(given, results, strict=False):
        table.setdefault(power, []).append(result_entry(result))
    for result in results[len(given) :]:
        table.setdefault(result.power, []).append(result_entry(result))
    return {p: table[p] for p in _power_order(table)}


def units_by_power(units: Iterable[Unit]) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for unit in sorted(units, key=lambda u: u.location):
        table.setdefault(unit.power, []).append(str(unit))
    return {p: table[p] for p in _power_order(table)}


def _moved_away(results: Sequence[OrderResult]) -> set[str]:
    return {
        r.order.location
        for r in results
        if isinstance(r.order, Move) and r.outcome is Outcome.SUCCEEDS
    }


def dislodged_by_power(before: GameState, outcome: PhaseResult) -> dict[str, dict[str, list[str]]]:
    """Every unit dislodged by a movement phase, with its retreat options."""
    after = outcome.state
    table: dict[str, dict[str, list[str]]] = {}
    for dislodged in after.dislodged.values():
        table.setdefault(dislodged.unit.power, {})[str(dislodged.unit)] = list(dislodged.retreats)
    if before.phase.type is PhaseType.MOVEMENT:
        moved = _moved_away(outcome.results)
        for unit in before.units.values():
            gone = after.units.get(unit.province) != unit and unit.province not in after.dislodged
            if gone and unit.location not in moved:
                table.setdefault(unit.power, {})[str(unit)] = []
    return {p: dict(sorted(table[p].items())) for p in _power_order(table)}


def centers_by_power(state: GameState) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for center, power in sorted(state.centers.items()):
        table.setdefault(power, []).append(center)
    return {p: table[p] for p in _power_order(table)}


def response(
    before: GameState,
    given: Sequence[tuple[str, Order | IllegalOrder]],
    advance: Advance,
) -> dict[str, Any]:
    """The answer object, with exactly the contract's fields.

    `next_phase` is the next phase anybody can act in; when phases were passed
    over on the way (a winter in which no build can be made and nobody removes),
    `skipped` lists them in order (spec/adjudicate.md, third wave). An idle phase
    changes nothing on the board, so units and centres are those the ordered
    phase left.
    """
    after = advance.state
    outcome = PhaseResult(advance.phase, advance.results, after)
    answer: dict[str, Any] = {
        "phase": str(before.phase),
        "results": results_by_power(given, outcome.results),
        "units": units_by_power(after.units.values()),
        "dislodged": dislodged_by_power(before, outcome),
        "centers": centers_by_power(after),
        "next_phase": str(after.phase),
    }
    if advance.skipped:
        answer["skipped"] = [str(phase) for phase in advance.skipped]
    return answer
