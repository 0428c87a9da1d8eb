"""Compare the assembled cases with TedDriggs' outcomes and godip's v2.4 boards.

Every disagreement must be listed in KNOWN with the reason we side with the
DATC 3.0 prose; an unlisted disagreement stops the build.
"""

from __future__ import annotations

from typing import Any

from oracles import GodipCase, TdOrder
from order_text import read_order

KNOWN: dict[str, str] = {
    "6.A.5": "TedDriggs marks the illegal support 'Succeeds' (per-order artefact; same board).",
    "6.A.10": "TedDriggs asserts the hold order 'Succeeds'; we do not assert holds.",
    "6.B.2": "TedDriggs fails the move; the DATC prefers a move to the only coast (4.B.2).",
    "6.B.12": "TedDriggs fails the army move with a coast; the DATC prefers to ignore it (4.B.6).",
    "6.B.15": "TedDriggs ignores coast-less supports, so England's move succeeds there; "
    "the DATC prefers that the support counts and both fleets bounce.",
    "6.B.10": "TedDriggs fails the move (exact coasts only); the DATC prefers to ignore the "
    "ordered unit's wrong coast (4.B.5) and attempt the move.",
    "6.D.9": "godip's file has fleets in Albania and Trieste; the DATC has armies.",
    "6.D.34": "godip's file mentions the dislodged Italian army (no retreat) only in a comment.",
    "6.E.1": "godip's file has an army in Kiel; the DATC has a fleet.",
    "6.F.15": "godip's file has a fleet in North Africa; the DATC convoys an army.",
    "6.H.14": "godip's retreat-phase prestate leaves the French and German attackers at home.",
    "6.H.15": "godip's retreat-phase prestate leaves the French fleet in Spain (it moved).",
    "6.G.8": "godip's file is DATC v2.4 (land-route fallback); 3.0 prefers no fallback.",
    "6.G.11": "TedDriggs uses the land-route fallback here; the DATC (3.0 and 2.4) prefers "
    "that the army uses its own fleet's convoy and fails (Szykman).",
    "6.H.1": "TedDriggs (marked ignore) lets Greece retreat; with both fleets ordered to "
    "Albania they bounce and are disbanded.",
}


def _code_matches(expected: Any, td: str | None) -> bool:
    if td is None or expected is None:
        return True
    if td == "Succeeds":
        return bool(expected == "succeeds")
    return bool(expected != "succeeds")


def td_differences(case: dict[str, Any], td_steps: list[list[TdOrder]]) -> list[str]:
    """Orders whose outcome differs from TedDriggs' (matched by power and province)."""
    found: list[str] = []
    for step, td_orders in zip(case["steps"], td_steps, strict=False):
        unused = list(td_orders)
        for power, entries in step["orders"].items():
            for entry in entries:
                province = read_order(entry["order"]).province
                match = next(
                    (t for t in unused if (t.power, t.province) == (power, province)), None
                )
                if match is None:
                    continue
                unused.remove(match)
                if not _code_matches(entry["result"], match.outcome):
                    found.append(f"{power} {entry['order']}: {entry['result']} vs {match.outcome}")
    return found


def _pairs(section: dict[str, list[str]]) -> set[tuple[str, str]]:
    return {(power, unit) for power, units in section.items() for unit in units}


def _dislodged_pairs(section: dict[str, dict[str, Any]]) -> set[tuple[str, str]]:
    return {(power, unit) for power, units in section.items() for unit in units}


def godip_differences(case: dict[str, Any], godip: GodipCase) -> list[str]:
    """Board differences with godip's v2.4 file (movement and retreat cases only)."""
    steps = case["steps"]
    if steps[0]["phase"] != "S1901M":
        return []
    first = steps[0]["expected"]
    checks: list[tuple[str, set[tuple[str, str]], set[tuple[str, str]]]] = []
    if godip.phase == "Retreat":
        checks.append(("after movement", _pairs(first["units"]), godip.units("PRESTATE")))
        checks.append(
            ("dislodged", _dislodged_pairs(first["dislodged"]), godip.units("PRESTATE_DISLODGED"))
        )
        if len(steps) > 1:
            checks.append(
                ("after retreat", _pairs(steps[1]["expected"]["units"]), godip.units("POSTSTATE"))
            )
    else:
        post = "PRESTATE" if "POSTSTATE_SAME" in godip.sections else "POSTSTATE"
        checks.append(("start", _pairs(steps[0]["units"]), godip.units("PRESTATE")))
        checks.append(("after", _pairs(first["units"]), godip.units(post)))
        checks.append(
            ("dislodged", _dislodged_pairs(first["dislodged"]), godip.units("POSTSTATE_DISLODGED"))
        )
    return [
        f"{label}: ours-only {sorted(ours - theirs)}, godip-only {sorted(theirs - ours)}"
        for label, ours, theirs in checks
        if ours != theirs
    ]
