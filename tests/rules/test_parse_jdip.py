"""The parser against jDip's test data, read from the shared reference folder.

Two files are used, both GPL test data that stay outside this repository:

* `jdip/orders.txt`, jDip's order-parser suite: each `ORD:` line must read as
  its `RES:` line says (or be refused where it says `FAIL`).
* `jdip/datc_v2.4_06.txt`, the DATC v2.4 cases in jDip's free-form spelling
  (`F Kiel-Munich`, `A liverpool`, `SUPPORTS`, `spain(nc)`): every order of
  every case must be readable on its starting board, and exactly the orders
  the DATC calls impossible must be refused as illegal.

The tests skip, saying so, when the reference folder is absent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from support.rules.helpers import standard_map

from judge.rules.orders import IllegalOrder, UnreadableOrder
from judge.rules.parse import parse_order
from judge.rules.state import (
    DislodgedUnit,
    GameState,
    Phase,
    PhaseType,
    Season,
    Unit,
    UnitType,
    power_name,
)

REFERENCE = (Path(__file__).resolve().parents[2] / ".." / "shared" / "reference").resolve()
JDIP = REFERENCE / "datc" / "jdip"

pytestmark = pytest.mark.skipif(
    not JDIP.is_dir(), reason=f"reference test data not found at {JDIP}"
)


def _read(name: str) -> str:
    return (JDIP / name).read_text("utf-8", errors="replace").replace("\r", "")


def _unit(line: str) -> Unit:
    """`France: F North Africa`, `Russia: F stp/sc`, `France: F spain(nc)` -> Unit."""
    nation, rest = line.split(":", 1)
    kind, name = rest.strip().split(None, 1)
    coast = None
    match = re.fullmatch(r"(.*?)\s*[/(]\s*(nc|sc|ec)\)?", name.strip(), re.IGNORECASE)
    if match:
        name, coast = match.group(1), match.group(2).upper()
    province = standard_map().lookup(name)
    assert province is not None, line
    return Unit(
        _nation(nation), UnitType(kind.upper()), f"{province}/{coast}" if coast else province
    )


def _nation(text: str) -> str:
    # The DATC file misspells one nation ("Germnay") in its harness lines; that
    # prefix is the test harness's, not part of an order.
    word = text.strip().upper()
    return {"GERMNAY": "GERMANY"}.get(word) or power_name(word) or word


# --- orders.txt ---------------------------------------------------------------------------

# jDip guesses at misspelt names by likeness; this judge refuses them and names the
# word instead, so a player can correct the order rather than have it misread. These
# cases are therefore expected to be unreadable here. "b:" is jDip's letter for
# Britain; here a lone B means "build", so it is not a power letter.
_REFUSED_ON_PURPOSE = {
    "b: a lon holds": ":",
    "britaine: a lon holds": "britaine",
    "bretain: a lon holds": "bretain",
    "ingland: a lon holds": "ingland",
    "a burgandy holds": "burgandy",
    "a bargandy holds": "bargandy",
    "a bergendee holds": "bergendee",
    "a bargdrly holds": "bargdrly",
}


def _expected(result: str) -> tuple[str, str] | None:
    """jDip's `RES:` value as (power, canonical order text); None for FAIL."""
    if result == "FAIL":
        return None
    verb, args = re.fullmatch(r"(\w+)\((.*)\)", result).groups()  # type: ignore[union-attr]
    parts = [a.strip() for a in args.split(",")]
    power, location, kind = parts[0].upper(), parts[1].split("/")[0].upper(), parts[2][0].upper()
    if verb == "hold":
        return power, f"{kind} {location} H"
    if verb == "move":
        via = " VIA" if parts[4] == "true" else ""
        return power, f"{kind} {location} - {parts[3].upper()}{via}"
    supported, other_kind, target = parts[3].upper(), parts[4][0].upper(), parts[5].upper()
    if target == supported:
        return power, f"{kind} {location} S {other_kind} {supported}"
    return power, f"{kind} {location} S {other_kind} {supported} - {target}"


@cache
def _orders_suite() -> tuple[GameState, list[tuple[str, str]]]:
    text = _read("orders.txt")
    units: list[Unit] = []
    dislodged: list[DislodgedUnit] = []
    section = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line in ("SETUP", "SETUPDISLODGED", "END"):
            section = None if line == "END" else line
        elif section and line:
            unit = _unit(line)
            if section == "SETUP":
                units.append(unit)
            else:
                dislodged.append(DislodgedUnit(unit, ()))
    state = GameState.from_units(Phase.parse("S1901M"), units, dislodged=dislodged)
    cases = re.findall(r"^ORD:\s*(.*?)\s*(?:#.*)?\nRES:\s*(.*?)\s*(?:#.*)?$", text, re.MULTILINE)
    return state, cases


def _orders_cases() -> list[tuple[str, str]]:
    if not JDIP.is_dir():
        return []
    return _orders_suite()[1]


def test_orders_suite_is_complete() -> None:
    assert len(_orders_cases()) == 59


@pytest.mark.parametrize(("text", "result"), _orders_cases())
def test_jdip_order_suite(text: str, result: str) -> None:
    state = _orders_suite()[0]
    if text in _REFUSED_ON_PURPOSE:
        with pytest.raises(UnreadableOrder) as unread:
            parse_order(text, standard_map(), state)
        assert unread.value.word == _REFUSED_ON_PURPOSE[text]
        return
    expected = _expected(result)
    if expected is None:
        with pytest.raises((UnreadableOrder, IllegalOrder)):
            parse_order(text, standard_map(), state)
        return
    order = parse_order(text, standard_map(), state)
    assert (order.power, str(order)) == expected


# --- datc_v2.4_06.txt ---------------------------------------------------------------------


@dataclass
class _Case:
    name: str
    phase: str = "Spring 1901, Movement"
    units: list[str] = field(default_factory=list)
    dislodged: list[str] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)

    def state(self) -> GameState:
        season_year, kind = self.phase.split(",")
        season, year = season_year.split()
        phase = Phase(int(year), Season(season[0].upper()), PhaseType(kind.strip()[0].upper()))
        units = [_unit(line) for line in self.units]
        occupied = {u.province for u in units}
        # The file gives no retreat options; every empty neighbour stands in for them.
        # That is enough to read the orders; which retreats succeed is not tested here.
        retreating = []
        for line in self.dislodged:
            unit = _unit(line)
            neighbours = (
                standard_map().army_neighbours(unit.province)
                if unit.kind is UnitType.ARMY
                else standard_map().fleet_neighbours(unit.location)
            )
            options = tuple(sorted(n for n in neighbours if n.split("/")[0] not in occupied))
            retreating.append(DislodgedUnit(unit, options))
        owners = {_unit(line).province: _unit(line).power for line in self.owners}
        return GameState.from_units(phase, units, owners, retreating)


_SECTIONS = {
    "PRESTATE": "units",
    "PRESTATE_DISLODGED": "dislodged",
    "PRESTATE_SUPPLYCENTER_OWNERS": "owners",
    "ORDERS": "orders",
}


@cache
def _datc_cases() -> tuple[_Case, ...]:
    cases: list[_Case] = []
    section: str | None = None
    for raw in _read("datc_v2.4_06.txt").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("CASE "):
            cases.append(_Case(line[5:].split()[0]))
            section = None
        elif line.startswith("PRESTATE_SETPHASE"):
            cases[-1].phase = line.split(None, 1)[1]
        elif re.fullmatch(r"[A-Z_]+", line):
            section = _SECTIONS.get(line)
        elif section and cases:
            getattr(cases[-1], section).append(line)
    return tuple(cases)


# The orders the DATC (or, for 6.D.9, 6.D.22 and 6.F.15, jDip's own version of the
# case) makes impossible, so the parser must refuse them as illegal. Everything else
# in the file must be read and accepted. 6.F.14 appears twice: the second is 6.F.15.
_ILLEGAL = {
    ("6.A.1", "England: F nth-pic"),
    ("6.A.2", "England: A lvp-iri"),
    ("6.A.3", "Germany: F Kiel-Munich"),
    ("6.A.4", "Germany: F Kiel-Kiel"),
    ("6.A.5", "England: F nth convoys A Yorkshire - yorkshire"),
    ("6.A.5", "England: A Yorkshire-Yorkshire"),
    ("6.A.5", "England: A liverpool supports A Yorkshire-Yorkshire"),
    ("6.A.5.old", "England: F nth convoys A Yorkshire - yorkshire"),
    ("6.A.5.old", "England: A Yorkshire-Yorkshire"),
    ("6.A.5.old", "England: A liverpool supports A Yorkshire-Yorkshire"),
    ("6.A.6", "Germany: F london-nth"),
    ("6.A.7", "England: F london-belgium"),
    ("6.A.7.modified", "England: F london-belgium"),
    ("6.A.8", "Austria: F trieste supports F trieste"),
    ("6.A.9", "Italy: F Rome-Venice"),
    ("6.A.10", "Italy: F Rome Supports A Apulia-Venice"),
    ("6.A.10.old", "Austria: A budapest SUPPORTS F trieste-venice"),
    ("6.B.1", "France: F portugal-spain"),
    ("6.B.3", "France: F gascony-spain(sc)"),
    ("6.B.5", "France: F spain(nc) supports F marseilles-gol"),
    ("6.B.11", "France: F spa/sc-gol"),
    ("6.B.14", "Russia: Build F stp"),
    ("6.D.9", "Austria: F alb S A tri-ser"),
    ("6.D.22", "Germany: F kie-mun"),
    ("6.D.22", "Germany: A bur S A mun-kie"),
    ("6.D.23", "France: F spa/nc-gol"),
    ("6.D.23", "France: F mar S F spa/nc-gol"),
    ("6.D.24", "France: A mar-gol"),
    ("6.D.24", "France: F spa/sc S A mar-gol"),
    ("6.D.28", "Russia: F rum-hol"),
    ("6.D.29", "Russia: F rum-bul(sc)"),
    ("6.D.30", "Russia: F con-bul"),
    ("6.D.31", "Turkey: F bla S A rum-arm"),
    ("6.D.32", "Germany: A yor-hol"),
    ("6.D.34", "Italy:   A pru S A lvn-pru"),
    ("6.E.14", "Russia: F edi-lvp"),
    # 6.F.1: only the coastal convoy is named impossible by the DATC; with it gone,
    # no route is left, so the army's move and the sea convoys cannot be valid either.
    ("6.F.1", "Turkey: A gre-sev"),
    ("6.F.1", "Turkey: F aeg C A gre-sev"),
    ("6.F.1", "Turkey: F con C A gre-sev"),
    ("6.F.1", "Turkey: F bla C A gre-sev"),
    # 6.F.12: the Irish Sea is on no route that the English Channel does not already make.
    ("6.F.12", "England: F iri C A lon-bel"),
    ("6.F.14", "Italy: F naf-wal"),
    ("6.G.7", "Russia: F gob C A swe-norway"),
    ("6.H.1", "Austria: A ser S F tri-alb"),
    ("6.H.2", "Russia: F hol S F edi-nth"),
    ("6.H.3", "England: A hol-yor"),
    ("6.H.3", "England: F nth C A hol-yor"),
    ("6.H.4", "England: F nth-nor"),
    ("6.H.5.mod", "Turkey: F ank-con"),  # Constantinople is occupied
    ("6.H.13", "England: A pic-lon"),
    ("6.I.1", "Germany: Build A war"),
    ("6.I.2", "Russia: Build F mos"),
    ("6.I.3", "Germany: Build F ber"),
    ("6.I.4", "Russia: Build F stp/nc"),
    ("6.I.5", "Germany: Build A ber"),
    ("6.I.6", "Germany: Build A war"),
    ("6.J.1", "France: Remove gol"),
    # Zach.A/B are adjustment phases, where hold orders have no unit to order.
    ("Zach.A", "Italy: A ven H"),
    ("Zach.A", "Russia: A rom H"),
    ("Zach.A", "France: A nap H"),
    ("Zach.B", "Italy: A ven H"),
    ("Zach.B", "Italy: A rom H"),
    ("Zach.B", "Italy: A nap H"),
}


def test_datc_file_has_all_cases() -> None:
    assert len(_datc_cases()) == 168


def test_every_datc_order_is_read_and_only_impossible_ones_are_refused() -> None:
    refused: set[tuple[str, str]] = set()
    for case in _datc_cases():
        state = case.state()
        for line in case.orders:
            nation, text = line.split(":", 1)
            power = _nation(nation)
            try:
                order = parse_order(text, standard_map(), state, {power})
            except UnreadableOrder as error:
                pytest.fail(f"{case.name}: {line!r}: {error}")
            except IllegalOrder:
                refused.add((case.name, line))
            else:
                assert order.power == power, (case.name, line)
    assert refused == _ILLEGAL
