"""Read the Droidippy game histories (godip's regression corpus) into judge values.

A game file is a list of phases; each has the board at its start (POSITIONS:
`Nation: army|fleet[/dislodged] prov[/coast]`, `Nation: supply prov`) and the
orders given in it (`par move bur`, `mar support par move bur`, `build Army
ber`, `remove ber`, ...; see the corpus README). This module turns a phase into
a `GameState` and its orders into order text the judge's parser reads, naming
the unit type from the board. It is shared by the replay test and
`bench/adjudicate.py`; the corpus itself stays outside the repository.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.rules.map import GameMap
from judge.rules.orders import IllegalOrder, Order, OrderError
from judge.rules.parse import parse_order
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "reference" / "games" / "droidippy"
GAMES = CORPUS / "games"

_SEASONS = {("Spring", "Movement"): "S{}M", ("Spring", "Retreat"): "S{}R",
            ("Fall", "Movement"): "F{}M", ("Fall", "Retreat"): "F{}R",
            ("Fall", "Adjustment"): "W{}A", ("Winter", "Adjustment"): "W{}A"}  # fmt: skip
_KINDS = {"army": UnitType.ARMY, "fleet": UnitType.FLEET}
_IDS = {"GOL": "LYO", "MID": "MAO", "NAT": "NAO", "NRG": "NWG"}  # godip's ids that differ


@dataclass
class DroidPhase:
    """One phase of a game file: its code, the board at its start, its orders."""

    code: str
    units: list[Unit] = field(default_factory=list)
    dislodged: list[Unit] = field(default_factory=list)
    centers: dict[str, str] = field(default_factory=dict)
    orders: list[str] = field(default_factory=list)

    @property
    def phase(self) -> Phase:
        return Phase.parse(self.code)

    def state(self, retreats: dict[str, tuple[str, ...]] | None = None) -> GameState:
        """The board; dislodged units get the given retreats (by province), else none."""
        options = retreats or {}
        dislodged = [DislodgedUnit(u, options.get(u.province, ())) for u in self.dislodged]
        return GameState.from_units(self.phase, self.units, self.centers, dislodged)


def _location(text: str) -> str:
    """`mid` -> `MAO`, `stp/sc` -> `STP/SC`."""
    province, slash, coast = text.upper().partition("/")
    return _IDS.get(province, province) + slash + coast


def _position(phase: DroidPhase, line: str) -> None:
    nation, _, rest = line.partition(":")
    what, place = rest.split()
    power = nation.strip().upper()
    if what == "supply":
        phase.centers[_location(place)] = power
        return
    kind, _, state = what.partition("/")
    unit = Unit(power, _KINDS[kind], _location(place))
    (phase.dislodged if state == "dislodged" else phase.units).append(unit)


def read_game(path: Path) -> list[DroidPhase]:
    """All phases of one game file, in order."""
    phases: list[DroidPhase] = []
    section = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("PHASE "):
            _, year, season, kind = line.split()
            phases.append(DroidPhase(_SEASONS[(season, kind)].format(year)))
        elif line in ("POSITIONS", "ORDERS"):
            section = line
        elif section == "POSITIONS":
            _position(phases[-1], line)
        else:
            phases[-1].orders.append(line)
    return phases


# --- orders -------------------------------------------------------------------------------


def _kind_at(state: GameState, location: str, dislodged: bool = False) -> str:
    """`A` or `F` for the unit at `location` (the dislodged one in a retreat phase)."""
    province = _location(location).split("/")[0]
    table = state.dislodged if dislodged else state.units
    found = table.get(province)
    unit = found.unit if isinstance(found, DislodgedUnit) else found
    return unit.kind.value if unit is not None else ""


def _power_at(state: GameState, location: str) -> str | None:
    province = _location(location).split("/")[0]
    retreating = state.dislodged.get(province)
    if retreating is not None:
        return retreating.unit.power
    unit = state.units.get(province)
    return unit.power if unit is not None else None


def order_text(state: GameState, line: str) -> tuple[str | None, str]:
    """(the ordering power, the order in the judge's syntax) for one ORDERS line."""
    words = line.split()
    if words[0] == "build":
        kind = "A" if words[1] == "Army" else "F"
        where = _location(words[2])
        return state.centers.get(where.split("/")[0]), f"{kind} {where} B"
    if words[0] == "remove":
        return _power_at(state, words[1]), f"{_kind_at(state, words[1])} {_location(words[1])} D"
    retreat = bool(state.dislodged)
    unit = f"{_kind_at(state, words[0], retreat)} {_location(words[0])}"
    return _power_at(state, words[0]), f"{unit} {_verb(state, words[1:], retreat)}"


def _verb(state: GameState, words: list[str], retreat: bool) -> str:
    verb, rest = words[0], words[1:]
    if verb == "move":
        arrow = "R" if retreat else "-"
        via = " VIA" if rest[1:3] == ["via", "convoy"] else ""
        return f"{arrow} {_location(rest[0])}{via}"
    if verb == "support":
        supported = f"{_kind_at(state, rest[0])} {_location(rest[0])}".strip()
        return f"S {supported}" + (f" - {_location(rest[2])}" if rest[1:2] == ["move"] else "")
    if verb == "convoy":
        return f"C A {_location(rest[0])} - {_location(rest[2])}"
    if verb in ("disband", "remove"):
        return "D"
    return "H"


def read_orders(
    game_map: GameMap, state: GameState, lines: list[str]
) -> list[Order | IllegalOrder]:
    """The phase's orders, read with the judge's parser (illegal ones kept as such)."""
    orders: list[Order | IllegalOrder] = []
    for line in lines:
        power, text = order_text(state, line)
        try:
            orders.append(parse_order(text, game_map, state, {power} if power else None))
        except IllegalOrder as illegal:
            orders.append(illegal)
        except OrderError as unreadable:
            orders.append(IllegalOrder(str(unreadable), text, power))
    return orders
