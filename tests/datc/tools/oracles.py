"""Second opinions used to cross-check the hand-reviewed expectations.

* TedDriggs' `datc.json` (DATC v3.0, MIT): the outcome of each order.
* godip's `datc_v2.4_06.txt` (DATC v2.4): the board before and after each case.

Neither is copied into the output; they are only compared with it. Both encode
choices of their own in places (see the README of the shared reference folder),
so a disagreement is a prompt for review, not a verdict.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from names import GODIP_IDS, TD_IDS, TD_POWERS

# ---------------------------------------------------------------- TedDriggs


@dataclass(frozen=True)
class TdOrder:
    power: str
    province: str
    verb: str  # "adjust" for build/disband, "unit" otherwise
    outcome: str | None  # "Succeeds", "Fails" or None


_TD_KEY = re.compile(r"^([A-Z]{3}):\s*([AF])\s+([a-z]{3})(?:\([a-z]{2}\))?\s*(.*)$")


def _td_order(key: str, outcome: str | None) -> TdOrder:
    match = _TD_KEY.match(key)
    if not match:
        raise ValueError(f"cannot read TedDriggs order {key!r}")
    power, _kind, place, rest = match.groups()
    province = TD_IDS.get(place.upper(), place.upper())
    verb = "adjust" if re.search(r"\b(build|disband)\b", rest, re.I) else "unit"
    return TdOrder(TD_POWERS[power], province, verb, outcome)


def _td_preferred(entries: list[dict[str, object]]) -> dict[str, object] | None:
    """The entry for the DATC's preferred rule edition (2023, else 1982, else none)."""
    plain = [e for e in entries if "variant" not in str(e["name"])]
    for edition in ("2023", "1982", None):
        for entry in plain:
            if entry.get("edition") == edition:
                return entry
    return None


def read_teddriggs(path: Path) -> dict[str, list[list[TdOrder]]]:
    """Case id -> steps (movement first, then retreat/build) -> orders."""
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    by_id: dict[str, list[dict[str, object]]] = {}
    for entry in cases:
        by_id.setdefault(str(entry["url"]).split("#")[1], []).append(entry)
    result: dict[str, list[list[TdOrder]]] = {}
    for case_id, entries in by_id.items():
        entry = _td_preferred(entries)
        if entry is None:
            continue
        steps: list[dict[str, str | None]] = []
        preceding = entry.get("preceding_main_phase")
        if isinstance(preceding, dict):
            steps.append(preceding["orders"])
        steps.append(entry.get("orders", {}))  # type: ignore[arg-type]
        result[case_id] = [[_td_order(k, v) for k, v in s.items()] for s in steps]
    return result


# ---------------------------------------------------------------- godip


@dataclass
class GodipCase:
    phase: str = ""
    sections: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def units(self, section: str) -> set[tuple[str, str]]:
        return set(self.sections.get(section, []))


def _godip_id(raw: str, seen: set[str]) -> str | None:
    case_id = raw.rstrip(".")
    if case_id == "6.F.E":
        case_id = "6.F.5"
    if case_id == "6.F.14" and case_id in seen:
        case_id = "6.F.15"
    return case_id if re.fullmatch(r"6\.[A-J]\.\d+", case_id) else None


def _godip_unit(line: str) -> tuple[str, str]:
    words = line.replace(":", " ").split()
    nation, kind, place = words[0], words[1], words[2]
    prov, _, coast = place.upper().partition("/")
    location = GODIP_IDS.get(prov, prov) + (f"/{coast}" if coast else "")
    return nation.strip().upper(), f"{kind.upper()} {location}"


def _destroyed(raw: str) -> str:
    """godip comments out dislodged units that have no retreat: `# Russia: A swe # destroyed`."""
    match = re.match(r"^\s*#+\s*([A-Za-z]+:\s*[AF]\s+[a-z/]+)", raw)
    return match.group(1) if match else ""


def read_godip(path: Path) -> dict[str, GodipCase]:
    """Case id -> its PRESTATE/POSTSTATE sections as (power, unit) pairs.

    Dislodged units that godip destroys at once (no retreat) are commented out in
    its POSTSTATE_DISLODGED; we count them as dislodged, as our contract lists
    them (with an empty list of retreats).
    """
    cases: dict[str, GodipCase] = {}
    current: GodipCase | None = None
    section = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = _destroyed(raw) if section == "POSTSTATE_DISLODGED" else ""
        line = line or raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("CASE "):
            case_id = _godip_id(line.split()[1], set(cases))
            current = GodipCase() if case_id else None
            if case_id and current is not None:
                cases[case_id] = current
        elif current is None or line == "END":
            continue
        elif line.startswith("PRESTATE_SETPHASE"):
            current.phase = line.split(",")[-1].strip()
        elif re.fullmatch(r"[A-Z_]+", line):
            section = line
            current.sections.setdefault(section, [])
        elif section in ("PRESTATE", "PRESTATE_DISLODGED", "POSTSTATE", "POSTSTATE_DISLODGED"):
            current.sections[section].append(_godip_unit(line))
    return cases
