"""Turn one raw DATC case plus its review entry into the data the tests read."""

from __future__ import annotations

import copy
from typing import Any

from board import Placed, Units, after_adjustment, after_movement, after_retreat, by_power
from datc_html import RawCase
from order_text import read_order

RESULT = {
    "S": "succeeds",
    "F": "fails",
    "I": "illegal",
    "X": ["fails", "illegal"],
    "-": None,
    "s": None,
    "f": None,
}
DEFAULT_OPTIONS = {"convoy_adjacent": "3.0", "civil_disorder": "2023"}


def codes(text: str, count: int, where: str) -> list[str]:
    found = [c for c in text if not c.isspace()]
    if len(found) != count or any(c not in RESULT for c in found):
        raise ValueError(f"{where}: {len(found)} codes for {count} orders: {text!r}")
    return found


def _unit_table(units: dict[str, list[str]]) -> Units:
    table: Units = {}
    for power, names in units.items():
        for unit in names:
            table[unit.split()[1].split("/")[0]] = (power, unit)
    return table


def _implied(orders: list[tuple[str, str]]) -> Units:
    table: Units = {}
    for power, text in orders:
        order = read_order(text)
        location = order.location if order.kind == "F" else order.province
        table[order.province] = (power, f"{order.kind} {location}")
    return table


def _placed(orders: list[tuple[str, str]], codes_: list[str]) -> list[Placed]:
    return [Placed(p, read_order(t), c) for (p, t), c in zip(orders, codes_, strict=True)]


def _orders_json(
    orders: list[tuple[str, str]], codes_: list[str], originals: dict[str, str]
) -> dict[str, list[dict[str, Any]]]:
    result: dict[str, list[dict[str, Any]]] = {}
    for (power, text), code in zip(orders, codes_, strict=True):
        entry: dict[str, Any] = {"order": text, "result": RESULT[code]}
        if text in originals:
            entry["datc_text"] = originals[text]
        result.setdefault(power, []).append(entry)
    return result


def _dislodged_json(dislodged: Units, retreats: dict[str, Any]) -> dict[str, dict[str, Any]]:
    result: dict[str, dict[str, Any]] = {}
    for power, unit in sorted(dislodged.values()):
        result.setdefault(power, {})[unit] = retreats.get(unit)
    unknown = set(retreats) - {u for _, u in dislodged.values()}
    if unknown:
        raise ValueError(f"retreats given for units not dislodged: {sorted(unknown)}")
    return result


def _fixed(
    raw: list[tuple[str, str]], fix: dict[str, str]
) -> tuple[list[tuple[str, str]], dict[str, str]]:
    fixed = [(p, fix.get(t, t)) for p, t in raw]
    originals = {fix[t]: t for _, t in raw if t in fix}
    return fixed, originals


def movement_steps(raw: RawCase, review: dict[str, Any]) -> list[dict[str, Any]]:
    """The movement step, and the retreat step where the DATC gives retreat orders."""
    fix = review.get("fix", {})
    orders, originals = _fixed(raw.blocks[0], fix)
    results = review["results"]
    move_codes = codes(results[0], len(orders), raw.id)
    start = {**_implied(orders), **_unit_table(review.get("units", {}))}
    placed = _placed(orders, move_codes)
    units, dislodged = after_movement(start, placed, review.get("arrive", {}))
    steps = [
        {
            "phase": "S1901M",
            "from_previous": False,
            "units": by_power(start),
            "centers": {},
            "orders": _orders_json(orders, move_codes, originals),
            "expected": {
                "units": by_power(units),
                "dislodged": _dislodged_json(dislodged, review.get("retreats", {})),
                "centers": {},
                "next_phase": "S1901R" if dislodged else "F1901M",
            },
        }
    ]
    if len(raw.blocks) > 1:
        steps.append(_retreat_step(raw, results, units, dislodged))
    return steps


def _retreat_step(
    raw: RawCase, results: list[str], units: Units, dislodged: Units
) -> dict[str, Any]:
    orders = raw.blocks[1]
    retreat_codes = codes(results[1], len(orders), raw.id + " retreat")
    after = after_retreat(units, dislodged, _placed(orders, retreat_codes))
    return {
        "phase": "S1901R",
        "from_previous": True,
        "orders": _orders_json(orders, retreat_codes, {}),
        "expected": {
            "units": by_power(after),
            "dislodged": {},
            "centers": {},
            "next_phase": "F1901M",
        },
    }


def adjustment_steps(raw: RawCase, review: dict[str, Any]) -> list[dict[str, Any]]:
    """One step per scenario (6.J.9 has two), each from a fresh board."""
    scenarios = review.get("scenarios") or [review]
    orders = raw.blocks[0] if raw.blocks else []
    steps = []
    for scenario in scenarios:
        step_codes = codes(review.get("results", [""])[0], len(orders), raw.id)
        start = _unit_table(scenario["units"])
        cd = list(scenario.get("civil_disorder", []))
        after = after_adjustment(start, _placed(orders, step_codes), cd)
        centers = {p: sorted(cs) for p, cs in sorted(scenario["centers"].items())}
        steps.append(
            {
                "phase": "W1901A",
                "from_previous": False,
                "units": by_power(start),
                "centers": centers,
                "orders": _orders_json(orders, step_codes, {}),
                "expected": {
                    "units": by_power(after),
                    "dislodged": {},
                    "centers": centers,
                    "next_phase": "S1902M",
                    "civil_disorder": cd,
                },
            }
        )
    return steps


def steps_for(raw: RawCase, review: dict[str, Any]) -> list[dict[str, Any]]:
    if review.get("phase") == "W1901A":
        return adjustment_steps(raw, review)
    return movement_steps(raw, review)


def variant_name(options: dict[str, str]) -> str:
    return "_".join(f"{k}_{v.replace('.', '_')}" for k, v in sorted(options.items()))


def assemble(raw: RawCase, review: dict[str, Any]) -> dict[str, Any]:
    """The JSON object for one case, with its option variants."""
    case: dict[str, Any] = {"id": raw.id, "title": raw.title, "prose": raw.prose}
    if "note" in review:
        case["note"] = review["note"]
    case["options"] = dict(DEFAULT_OPTIONS)
    case["steps"] = steps_for(raw, review)
    case["variants"] = []
    for variant in review.get("variants", []):
        merged = copy.deepcopy(review)
        merged.update({k: v for k, v in variant.items() if k != "options"})
        if "scenarios" in review and "civil_disorder" not in variant:
            merged["scenarios"] = review["scenarios"]
        entry: dict[str, Any] = {
            "name": variant_name(variant["options"]),
            "options": {**DEFAULT_OPTIONS, **variant["options"]},
        }
        if "note" in variant:
            entry["note"] = variant["note"]
        entry["steps"] = steps_for(raw, merged)
        case["variants"].append(entry)
    return case
