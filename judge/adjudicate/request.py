"""Read one `judge adjudicate` request (spec/adjudicate.md) into rules values.

The request is a decoded JSON object. Every problem is a `RequestError` whose
message starts with the offending field (`units.ENGLAND[1]: ...`), so the
command line can report it in one line. Orders are read with the judge's own
parser; an order that cannot be read or may not be given is not a malformed
request: it becomes an `IllegalOrder`, reported `illegal` by the adjudicator.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import IllegalOrder, Order, OrderError
from judge.rules.parse import parse_order
from judge.rules.provinces import ProvinceKind
from judge.rules.results import RuleOptions
from judge.rules.retreat_options import retreat_options
from judge.rules.rulebook import OPTION_VALUES as POINT_VALUES
from judge.rules.rulebook import RULEBOOKS, options_from_settings, rulebook_options
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

# `rulebook` presets the points it reads differently; an option named in the same
# request overrides the preset for its own point.
OPTION_VALUES: dict[str, tuple[str, ...]] = {**POINT_VALUES, "rulebook": RULEBOOKS}
_KINDS = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_COAST = re.compile(r"^(.*?)\s*(?:/\s*|\(\s*|\s+)(nc|sc|ec|wc)\s*\)?$", re.I)


class RequestError(ValueError):
    """Malformed input. The message names the offending field or order."""


SHOWN_AT_MOST = 60  # characters of a caller's value or key quoted in an error


def shown(value: Any) -> str:
    """`value` quoted for an error message, cut short: a request may hold megabytes."""
    text = repr(value)
    return text if len(text) <= SHOWN_AT_MOST else f"{text[: SHOWN_AT_MOST - 3]}..."


def key_shown(key: str) -> str:
    """A key as written in a field path (`units.FRANCE`), cut short like `shown`."""
    return key if len(key) <= SHOWN_AT_MOST else f"{key[: SHOWN_AT_MOST - 3]}..."


@dataclass(frozen=True)
class Request:
    state: GameState
    orders: list[tuple[str, Order | IllegalOrder]]  # (the power that gave it, the order)
    options: RuleOptions


def read_request(data: Any, maps: Callable[[str], GameMap]) -> Request:
    """Validate `data` and build the board, the orders and the options."""
    if not isinstance(data, dict):
        raise RequestError("request: expected a JSON object")
    game_map = maps(_variant(data.get("variant", "standard")))
    phase = _phase(data.get("phase"))
    units = _units(game_map, _required(data, "units"))
    centers = _centers(game_map, data, phase)
    dislodged = _dislodged(game_map, data.get("dislodged"), phase, units)
    state = GameState.from_units(phase, units, centers, dislodged)
    orders = _orders(game_map, state, data.get("orders", {}))
    return Request(state, orders, _options(data.get("options", {})))


# --- fields ------------------------------------------------------------------------------


def _required(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise RequestError(f"{name}: required")
    return data[name]


def _variant(value: Any) -> str:
    if not isinstance(value, str) or value.strip().lower() != "standard":
        raise RequestError(f"variant: only 'standard' is supported, got {shown(value)}")
    return "standard"


def _phase(value: Any) -> Phase:
    if not isinstance(value, str):
        raise RequestError("phase: required, a code such as S1901M")
    try:
        phase = Phase.parse(value)
    except ValueError:
        raise RequestError(f"phase: not a phase code: {shown(value)}") from None
    if phase.type is PhaseType.BID:
        raise RequestError(f"phase: {phase} is not a standard phase")
    return phase


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RequestError(f"{field}: expected an object keyed by power")
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise RequestError(f"{field}: expected a list")
    return value


def _power(key: Any, field: str) -> str:
    power = power_name(key) if isinstance(key, str) else None
    if power is None:
        raise RequestError(f"{field}.{key_shown(str(key))}: unknown power")
    return power


def _by_power(value: Any, field: str) -> list[tuple[str, str, Any]]:
    """(power, field path, value) for each entry of an object keyed by power."""
    entries = _object(value, field).items()
    return [(_power(k, field), f"{field}.{key_shown(k)}", v) for k, v in entries]


# --- locations and units -------------------------------------------------------------------


def read_location(game_map: GameMap, text: Any, field: str) -> str:
    """`stp/sc`, `St Petersburg (sc)`, `PAR`, `paris` -> `STP/SC`, `PAR`."""
    if not isinstance(text, str):
        raise RequestError(f"{field}: expected a province, got {shown(text)}")
    match = _COAST.match(text.strip())
    name, coast = (match.group(1), match.group(2).upper()) if match else (text, None)
    province = game_map.lookup(name)
    if province is None:
        raise RequestError(f"{field}: unknown province {shown(text)}")
    if coast is not None and coast not in game_map.provinces[province].coasts:
        raise RequestError(f"{field}: {province} has no coast {coast}")
    return province if coast is None else f"{province}/{coast}"


def read_unit(game_map: GameMap, power: str, text: Any, field: str) -> Unit:
    """`F STP/SC`, `army paris` -> a unit standing where it can stand."""
    words = text.split(None, 1) if isinstance(text, str) else []
    if len(words) != 2 or words[0].lower() not in _KINDS:
        raise RequestError(f"{field}: not a unit such as 'A PAR' or 'F STP/SC': {shown(text)}")
    kind = _KINDS[words[0].lower()]
    location = read_location(game_map, words[1], field)
    province = game_map.provinces[location.split("/")[0]]
    if kind is UnitType.ARMY:
        if province.kind is ProvinceKind.SEA:
            raise RequestError(f"{field}: an army cannot stand at sea: {shown(text)}")
        location = province.id
    elif province.kind is ProvinceKind.LAND:
        raise RequestError(f"{field}: a fleet cannot stand inland: {shown(text)}")
    elif province.coasts and "/" not in location:
        raise RequestError(f"{field}: say which coast of {province.id} the fleet is on")
    return Unit(power, kind, location)


def _units(game_map: GameMap, value: Any) -> list[Unit]:
    units: dict[str, Unit] = {}
    for power, field, texts in _by_power(value, "units"):
        for i, text in enumerate(_list(texts, field)):
            unit = read_unit(game_map, power, text, f"{field}[{i}]")
            if unit.province in units:
                raise RequestError(f"{field}[{i}]: a second unit in {unit.province}")
            units[unit.province] = unit
    return list(units.values())


def _fall_or_winter(phase: Phase) -> bool:
    return phase.season in (Season.FALL, Season.WINTER)


def _centers(game_map: GameMap, data: Mapping[str, Any], phase: Phase) -> dict[str, str]:
    if "centers" not in data:
        if _fall_or_winter(phase):
            raise RequestError(f"centers: required in {phase}")
        return {}
    owners: dict[str, str] = {}
    for power, field, names in _by_power(data["centers"], "centers"):
        for i, name in enumerate(_list(names, field)):
            province = read_location(game_map, name, f"{field}[{i}]").split("/")[0]
            if province not in game_map.centers:
                raise RequestError(f"{field}[{i}]: {province} is not a supply centre")
            if owners.get(province, power) != power:
                raise RequestError(
                    f"{field}[{i}]: {province} already belongs to {owners[province]}"
                )
            owners[province] = power
    return owners


def _dislodged(
    game_map: GameMap, value: Any, phase: Phase, units: list[Unit]
) -> list[DislodgedUnit]:
    """The units that must retreat, each with its retreats checked against the board.

    The board cannot say where the dislodging unit came from or which provinces
    saw a standoff, so the given list is trusted to leave those out; it may name
    nothing the unit could not retreat to on this board (see `_retreats`).
    """
    if not value:
        return []
    if phase.type is not PhaseType.RETREAT:
        raise RequestError(f"dislodged: only a retreat phase has dislodged units, not {phase}")
    board = {unit.province: unit for unit in units}
    found: dict[str, DislodgedUnit] = {}
    for power, field, entries in _by_power(value, "dislodged"):
        for text, retreats in _object(entries, field).items():
            where = f"{field}.{key_shown(text)}"
            unit = read_unit(game_map, power, text, where)
            if unit.province in found:
                raise RequestError(f"{where}: a second dislodged unit in {unit.province}")
            _check_dislodger(board, unit, where)
            places = _retreats(game_map, board, unit, _list(retreats, where), where)
            found[unit.province] = DislodgedUnit(unit, places)
    return list(found.values())


def _check_dislodger(board: Mapping[str, Unit], unit: Unit, field: str) -> None:
    """The unit that dislodged `unit` stands where `unit` stood, and is not its own."""
    there = board.get(unit.province)
    if there is None:
        raise RequestError(
            f"{field}: nothing stands in {unit.province}, so nothing dislodged {unit}; "
            "`units` holds the board after the movement phase"
        )
    if there.power == unit.power:
        raise RequestError(f"{field}: {unit.power} cannot have dislodged its own {unit}")


def _retreats(
    game_map: GameMap, board: Mapping[str, Unit], unit: Unit, given: list[Any], field: str
) -> tuple[str, ...]:
    """The given retreats, each one the rules core allows on this board.

    The core's own computation (`retreat_options`) with no standoff and no attacker's
    origin left out gives every place the unit could retreat to; a retreat outside
    it is an error, not dropped: the list is said to be the movement phase's own
    answer, so a wrong one means the board or the list is wrong. An army's coast is
    dropped; a fleet's missing coast is filled in when only one coast is open.
    """
    possible = retreat_options(game_map, unit, "", False, board, frozenset())
    places: set[str] = set()
    for i, text in enumerate(given):
        place = read_location(game_map, text, f"{field}[{i}]")
        province = place.split("/")[0]
        if unit.kind is UnitType.ARMY:
            place = province
        elif "/" not in place:
            coasts = [p for p in possible if p.startswith(f"{province}/")]
            place = coasts[0] if len(coasts) == 1 else place
        if place not in possible:
            raise RequestError(f"{field}[{i}]: {_why_not(board, unit, place, possible)}")
        places.add(place)
    return tuple(sorted(places))


def _why_not(board: Mapping[str, Unit], unit: Unit, place: str, possible: tuple[str, ...]) -> str:
    province = place.split("/")[0]
    there = board.get(province)
    if there is not None:
        return f"{unit} cannot retreat to {place}: {there.power} {there} stands there"
    if any(p.startswith(f"{province}/") for p in possible):
        return f"{unit} cannot retreat to {place}: say which coast"
    return f"{unit} cannot retreat to {place}: it cannot move there from {unit.location}"


# --- orders and options --------------------------------------------------------------------


def _orders(
    game_map: GameMap, state: GameState, value: Any
) -> list[tuple[str, Order | IllegalOrder]]:
    orders: list[tuple[str, Order | IllegalOrder]] = []
    for power, field, texts in _by_power(value, "orders"):
        for i, text in enumerate(_list(texts, field)):
            if not isinstance(text, str):
                raise RequestError(f"{field}[{i}]: an order must be a string, got {shown(text)}")
            orders.append((power, _order(game_map, state, power, text)))
    return orders


def _order(game_map: GameMap, state: GameState, power: str, text: str) -> Order | IllegalOrder:
    try:
        return parse_order(text, game_map, state, {power})
    except IllegalOrder as illegal:
        return illegal
    except OrderError as unreadable:
        return IllegalOrder(str(unreadable), text.strip(), power)


def _options(value: Any) -> RuleOptions:
    if not isinstance(value, dict):
        raise RequestError("options: expected an object")
    chosen: dict[str, str] = {}
    for key, setting in value.items():
        if key not in OPTION_VALUES:
            known = ", ".join(OPTION_VALUES)
            raise RequestError(f"options.{key_shown(key)}: unknown option; known: {known}")
        if str(setting) not in OPTION_VALUES[key]:
            allowed = " or ".join(OPTION_VALUES[key])
            raise RequestError(
                f"options.{key_shown(key)}: expected {allowed}, got {shown(setting)}"
            )
        chosen[key] = str(setting)
    base = rulebook_options(chosen.pop("rulebook", "current"))
    return options_from_settings(chosen, base)
