"""Read godip's extra test files (`CASE ... PRESTATE ... ORDERS ... POSTSTATE ... END`).

The files (`dipai.txt`, `diplicity_errors.txt`, `droidippy_errors.txt`,
`real.txt`; GPL test data in `../shared/reference/datc/godip/`, never copied
here) hold 18 cases: movement phases, builds, and retreat phases. A retreat case
gives the board after the movement (`PRESTATE`, `PRESTATE_DISLODGED`) and the
movement's orders with their results (`PRESTATE_RESULTS`, `SUCCESS: Austria: A
gal-war`); the units before the movement are the ones those orders name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.rules.state import power_name

GODIP = Path(__file__).resolve().parents[4] / "shared" / "reference" / "datc" / "godip"
FILES = ("dipai.txt", "diplicity_errors.txt", "droidippy_errors.txt", "real.txt")
_SEASONS = {"spring": "S", "fall": "F"}
_KINDS = {"movement": "M", "retreat": "R", "adjustment": "A"}
_IDS = {"GOL": "LYO", "MID": "MAO", "NAT": "NAO", "NRG": "NWG"}  # godip's ids that differ


@dataclass
class GodipCase:
    name: str
    phase: str = ""
    sections: dict[str, list[str]] = field(default_factory=dict)

    def lines(self, section: str) -> list[str]:
        return self.sections.get(section, [])

    def units(self, section: str) -> set[tuple[str, str]]:
        """(power, "A PAR") for each `Power: A par` line of the section."""
        return {unit_line(line) for line in self.lines(section)}


def location(text: str) -> str:
    """`gol` -> `LYO`, `stp/sc` -> `STP/SC`."""
    province, slash, coast = text.strip().upper().partition("/")
    return _IDS.get(province, province) + slash + coast


def unit_line(line: str) -> tuple[str, str]:
    """`France: F spa/nc` -> ("FRANCE", "F SPA/NC")."""
    nation, _, rest = line.partition(":")
    kind, where = rest.split()[:2]
    return power_name(nation.strip()) or nation.strip().upper(), f"{kind.upper()} {location(where)}"


def _phase(text: str) -> str:
    """`Fall 1901, Adjustment` -> `W1901A`."""
    when, _, kind = text.partition(",")
    season, year = when.split()
    code = _KINDS[kind.strip().lower()]
    return ("W" if code == "A" else _SEASONS[season.lower()]) + year + code


def read_cases(path: Path) -> list[GodipCase]:
    cases: list[GodipCase] = []
    section = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("VARIANT_ALL"):
            continue
        word, _, rest = line.partition(" ")
        if word == "CASE":
            cases.append(GodipCase(rest.strip()))
        elif word == "PRESTATE_SETPHASE":
            cases[-1].phase = _phase(rest.strip())
        elif word == "END":
            section = ""
        elif line.isupper() and " " not in line:
            section = line
            cases[-1].sections.setdefault(section, [])
        else:
            cases[-1].sections[section].append(line)
    return cases


def all_cases() -> list[GodipCase]:
    return [case for name in FILES for case in read_cases(GODIP / name)]
