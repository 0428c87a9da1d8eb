"""A scripted standard game through 1902, with a dislodgement, a retreat and builds.

Spring 1901 sets up a French attack on Munich, supported from Tyrolia by Italy.
In the fall the German army in Munich is dislodged (2 against 1) and retreats to
the Ruhr; in the winter France builds. Powers without a script hold, and waive
their builds. `orders_for(phase, power, status)` gives the lines one power sends.
"""

from __future__ import annotations

from typing import Any

SCRIPT: dict[str, dict[str, list[str]]] = {
    "S1901M": {
        "France": ["A PAR-BUR", "A MAR H", "F BRE-MAO"],
        "Germany": ["A MUN H", "F KIE-DEN", "A BER-KIE"],
        "Italy": ["A VEN-TYR", "A ROM-VEN", "F NAP-ION"],
        "England": ["F LON-NTH", "F EDI-NWG", "A LVP-YOR"],
    },
    "F1901M": {
        "France": ["A BUR-MUN", "F MAO-POR", "A MAR-SPA"],
        "Italy": ["A TYR S A BUR-MUN", "F ION-TUN", "A VEN H"],
        "Germany": ["A MUN H", "F DEN H", "A KIE-HOL"],
        "England": ["F NTH-NWY", "F NWG H", "A YOR H"],
    },
    "F1901R": {"Germany": ["A MUN R RUH"]},
    "W1901A": {
        "France": ["BUILD A PAR", "BUILD F BRE", "BUILD A MAR"],
        "Germany": ["BUILD A BER"],
        "Italy": ["BUILD F NAP"],
        "England": ["BUILD F LON"],
    },
    "S1902M": {
        "France": ["A MUN-BOH", "F POR-MAO", "A SPA H", "A PAR-PIC", "F BRE-ENG", "A MAR H"],
    },
}


def owes_orders(phase: str, power: str, status: dict[str, Any]) -> bool:
    """Whether `power` has something to order in `phase`, seen from `judge status`."""
    entry = status["powers"][power.upper()]
    if phase.endswith("M"):
        return bool(entry["units"])
    if phase.endswith("A"):
        return len(entry["centers"]) != len(entry["units"])
    return power in SCRIPT.get(phase, {})


def orders_for(phase: str, power: str, status: dict[str, Any]) -> list[str]:
    """The scripted lines, else holds (movement) or a waive/removals (adjustments)."""
    scripted = SCRIPT.get(phase, {}).get(power)
    if scripted is not None:
        return scripted
    entry = status["powers"][power.upper()]
    if phase.endswith("M"):
        return [f"{unit} H" for unit in entry["units"]]
    surplus = len(entry["units"]) - len(entry["centers"])
    if surplus > 0:
        return [f"REMOVE {unit}" for unit in entry["units"][:surplus]]
    return ["WAIVE"]
