"""`GameState` to JSON and back, for the `phases.state` column.

The layout is plain and stable, so old rows stay readable:

    {"phase": "F1901R",
     "units": {"PAR": ["FRANCE", "A", "PAR"], "STP": ["RUSSIA", "F", "STP/SC"]},
     "dislodged": {"SER": {"unit": ["AUSTRIA", "A", "SER"],
                           "retreats": ["ALB", "GRE"], "attacker_from": "BUL"}},
     "centers": {"PAR": "FRANCE"}}

Keys are province ids; a unit's location keeps its coast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.rules.results import OrderResult
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType


class StateFormatError(ValueError):
    """Stored state JSON that does not have the expected shape."""


def state_to_json(state: GameState) -> dict[str, Any]:
    return {
        "phase": state.phase.code,
        "units": {key: _unit_to_json(unit) for key, unit in sorted(state.units.items())},
        "dislodged": {
            key: _dislodged_to_json(entry) for key, entry in sorted(state.dislodged.items())
        },
        "centers": dict(sorted(state.centers.items())),
    }


def state_from_json(data: Any) -> GameState:
    if not isinstance(data, dict):
        raise StateFormatError("a state must be a JSON object")
    try:
        phase = Phase.parse(_text(data.get("phase"), "phase"))
    except ValueError as exc:
        raise StateFormatError(str(exc)) from exc
    return GameState(
        phase=phase,
        units={key: _unit_from_json(value) for key, value in _mapping(data, "units").items()},
        dislodged={
            key: _dislodged_from_json(value)
            for key, value in _mapping(data, "dislodged").items()
        },
        centers={
            key: _text(owner, f"centers.{key}")
            for key, owner in _mapping(data, "centers").items()
        },
    )


def _unit_to_json(unit: Unit) -> list[str]:
    return [unit.power, unit.kind.value, unit.location]


def _dislodged_to_json(entry: DislodgedUnit) -> dict[str, Any]:
    return {
        "unit": _unit_to_json(entry.unit),
        "retreats": list(entry.retreats),
        "attacker_from": entry.attacker_from,
    }


def _unit_from_json(value: Any) -> Unit:
    if not (isinstance(value, list) and len(value) == 3):
        raise StateFormatError(f"a unit must be [power, type, location], got {value!r}")
    power, kind, location = (_text(part, "unit") for part in value)
    try:
        unit_type = UnitType(kind)
    except ValueError as exc:
        raise StateFormatError(f"unknown unit type {kind!r}") from exc
    return Unit(power, unit_type, location)


def _dislodged_from_json(value: Any) -> DislodgedUnit:
    if not isinstance(value, dict):
        raise StateFormatError(f"a dislodged unit must be an object, got {value!r}")
    retreats = value.get("retreats", [])
    if not isinstance(retreats, list):
        raise StateFormatError("dislodged retreats must be a list")
    attacker = value.get("attacker_from")
    return DislodgedUnit(
        unit=_unit_from_json(value.get("unit")),
        retreats=tuple(_text(r, "retreats") for r in retreats),
        attacker_from=None if attacker is None else _text(attacker, "attacker_from"),
    )


def _mapping(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise StateFormatError(f"{key} must be a JSON object")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise StateFormatError(f"{where}: expected a string, got {value!r}")
    return value


def results_to_json(results: Sequence[OrderResult]) -> list[dict[str, Any]]:
    """A phase's order results as stored in `phases.results` (read back by the zine)."""
    return [
        {
            "power": r.power,
            "order": r.text,
            "result": r.outcome.value,
            "reason": r.reason,
            "dislodged": r.dislodged,
        }
        for r in results
    ]
