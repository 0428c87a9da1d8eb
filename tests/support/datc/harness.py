"""Run one DATC case from cases.json through the parser and the adjudicator.

`run_steps` builds each step's board, reads the orders exactly as the DATC
writes them with `parse_order` (an `IllegalOrder` is passed on to the
adjudicator, as the judge does), adjudicates, and collects every difference
from the expected results and board. It reports them all at once.

Dislodged units: the contract lists a dislodged unit with its retreats; the
engine may instead disband at once a unit that has nowhere to go, and skip the
retreat phase when no unit can retreat. Both are accepted, as long as a unit
the DATC says can retreat somewhere is offered that retreat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.rules.map import GameMap, load_map
from judge.rules.orders import IllegalOrder, Order, UnreadableOrder
from judge.rules.parse import parse_order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.state import GameState, Phase, Unit, UnitType, province_of

GAME_MAP: GameMap = load_map()


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)

    def expect(self, ok: bool, message: str) -> None:
        if not ok:
            self.problems.append(message)


def build_state(step: dict[str, Any]) -> GameState:
    units = [
        Unit(power, UnitType(text[0]), text.split()[1])
        for power, texts in step["units"].items()
        for text in texts
    ]
    centers = {c: power for power, cs in step["centers"].items() for c in cs}
    return GameState.from_units(Phase.parse(step["phase"]), units, centers)


def read_orders(
    step: dict[str, Any], state: GameState, report: Report
) -> list[tuple[dict[str, Any], Order | IllegalOrder]]:
    given: list[tuple[dict[str, Any], Order | IllegalOrder]] = []
    for power, entries in step["orders"].items():
        for entry in entries:
            try:
                order: Order | IllegalOrder = parse_order(entry["order"], GAME_MAP, state, {power})
            except IllegalOrder as illegal:
                order = illegal
            except UnreadableOrder as error:
                report.problems.append(f"parser cannot read {entry['order']!r}: {error}")
                continue
            given.append((entry, order))
    return given


def _matches(result: OrderResult, order: Order | IllegalOrder) -> bool:
    if isinstance(order, IllegalOrder):
        return result.order is None and result.text == order.canonical
    return result.order == order


def match_results(
    given: list[tuple[dict[str, Any], Order | IllegalOrder]], results: tuple[OrderResult, ...]
) -> list[OrderResult | None]:
    """The result of each given order (the engine keeps their order; we check it)."""
    unused = list(range(len(results)))
    found: list[OrderResult | None] = []
    for position, (_, order) in enumerate(given):
        pick = position if position in unused and _matches(results[position], order) else None
        if pick is None:
            pick = next((i for i in unused if _matches(results[i], order)), None)
        if pick is not None:
            unused.remove(pick)
        found.append(None if pick is None else results[pick])
    return found


def check_outcomes(
    given: list[tuple[dict[str, Any], Order | IllegalOrder]],
    results: tuple[OrderResult, ...],
    report: Report,
) -> None:
    for (entry, order), result in zip(given, match_results(given, results), strict=True):
        expected = entry["result"]
        if expected is None:
            continue
        allowed = expected if isinstance(expected, list) else [expected]
        if result is None:
            report.problems.append(f"no result for {entry['order']!r} (read as {order})")
            continue
        reason = f" ({result.reason})" if result.reason else ""
        report.expect(
            result.outcome.value in allowed,
            f"{entry['order']!r}: expected {' or '.join(allowed)}, "
            f"got {result.outcome.value}{reason} [{result.text}]",
        )


def units_by_power(units: Any) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for unit in units:
        table.setdefault(unit.power, []).append(str(unit))
    return {p: sorted(us) for p, us in sorted(table.items())}


def _sorted(units: dict[str, list[str]]) -> dict[str, list[str]]:
    return {p: sorted(us) for p, us in sorted(units.items()) if us}


def check_board(step: dict[str, Any], outcome: PhaseResult, report: Report) -> None:
    expected = step["expected"]
    state = outcome.state
    got_units = units_by_power(state.units.values())
    report.expect(
        got_units == _sorted(expected["units"]),
        f"units after: expected {_sorted(expected['units'])}, got {got_units}",
    )
    centers = {c: p for p, cs in expected["centers"].items() for c in cs}
    report.expect(
        dict(state.centers) == centers,
        f"centres after: expected {centers}, got {dict(state.centers)}",
    )
    check_dislodged(expected, state, report)
    check_next_phase(expected, state, report)


def _wanted_dislodged(expected: dict[str, Any]) -> dict[tuple[str, str], Any]:
    return {(p, u): r for p, units in expected["dislodged"].items() for u, r in units.items()}


def check_dislodged(expected: dict[str, Any], state: GameState, report: Report) -> None:
    wanted = _wanted_dislodged(expected)
    got = {(d.unit.power, str(d.unit)): d for d in state.dislodged.values()}
    extra = sorted(set(got) - set(wanted))
    report.expect(not extra, f"unexpectedly dislodged: {extra}")
    for key, spec in wanted.items():
        if key not in got:
            report.expect(
                not (spec and spec.get("include")),
                f"{key} should be dislodged with a retreat to {spec and spec.get('include')}, "
                "but it is not in the retreat phase",
            )
            continue
        offered = {province_of(r) for r in got[key].retreats}
        for province in (spec or {}).get("include", []):
            report.expect(
                province in offered,
                f"{key} should be able to retreat to {province}; offered {sorted(offered)}",
            )
        for province in (spec or {}).get("exclude", []):
            report.expect(
                province not in offered,
                f"{key} must not retreat to {province}; offered {sorted(offered)}",
            )


def check_next_phase(expected: dict[str, Any], state: GameState, report: Report) -> None:
    want = expected["next_phase"]
    if want.endswith("R") and not state.dislodged:
        want = want[:-1].replace("S", "F", 1) + "M"  # no unit could retreat: phase skipped
    report.expect(str(state.phase) == want, f"next phase: expected {want}, got {state.phase}")


def check_civil_disorder(step: dict[str, Any], outcome: PhaseResult, report: Report) -> None:
    removed = step["expected"].get("civil_disorder", [])
    if not removed:
        return
    reported = {r.text for r in outcome.results if r.reason == "civil disorder"}
    for unit in removed:
        report.expect(
            any(unit in text for text in reported),
            f"civil-disorder removal of {unit} not reported; reported {sorted(reported)}",
        )


def run_steps(steps: list[dict[str, Any]], options: dict[str, str]) -> list[str]:
    """Every problem found across the case's steps (empty when the case passes)."""
    report = Report()
    rule_options = RuleOptions(**options)
    previous: PhaseResult | None = None
    for number, step in enumerate(steps, start=1):
        before = len(report.problems)
        if step["from_previous"]:
            if previous is None or str(previous.state.phase) != step["phase"]:
                got = previous.state.phase if previous else None
                report.problems.append(
                    f"step {number}: expected a {step['phase']} phase, got {got}"
                )
                break
            state = previous.state
        else:
            state = build_state(step)
        given = read_orders(step, state, report)
        previous = adjudicate_phase(GAME_MAP, state, [o for _, o in given], rule_options)
        check_outcomes(given, previous.results, report)
        check_board(step, previous, report)
        check_civil_disorder(step, previous, report)
        report.problems[before:] = [
            f"step {number} ({step['phase']}): {p}" for p in report.problems[before:]
        ]
    return report.problems
