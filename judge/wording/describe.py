"""Orders and results in the words of the classic judges, with full province names.

`Army Paris -> Burgundy.`, `Fleet Kiel SUPPORT Army Munich -> Burgundy.`,
`Builds an army in Paris.` and the failure markers `(*bounce*)`, `(*cut*)`...
The templates print these strings; the wording of an order is computed here from
order values and the map, with the words and patterns of one language
(`judge.wording.vocabulary`: English unless a `Wording` is given).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from judge.rules.map import GameMap
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.rules.results import OrderResult
from judge.rules.results import Outcome as Verdict
from judge.rules.state import UnitType, coast_of, province_of
from judge.wording.vocabulary import ENGLISH, ByLanguage, Wording

# njudge prints a failed convoyed move as "no convoy", whatever broke the convoy.
MARKERS = {
    "bounce": "bounce",
    "cut": "cut",
    "dislodged": "dislodged",
    "no convoy": "no convoy",
    "disrupted": "no convoy",
    "void": "void",
    "civil disorder": "civil disorder",
}


def place(game_map: GameMap, location: str, wording: Wording = ENGLISH) -> str:
    """`STP/SC` -> `St Petersburg (south coast)`; unknown ids are left as they are."""
    province = game_map.provinces.get(province_of(location))
    if province is None:
        return location
    name = wording.name(province.name)
    coast = coast_of(location)
    if coast:
        where = wording.coasts.get(coast, coast.lower())
        return wording.patterns["coast"].format(province=name, coast=where)
    return name


def power_title(power: str) -> str:
    return power.capitalize()


def power_name(power: str, wording: Wording = ENGLISH) -> str:
    """A power as one language shows it: `GERMANY` -> `Germany`, `Allemagne`."""
    return wording.name(power_title(power))


def winner_titles(winner: str | list[str] | None) -> list[str]:
    """A game's winner as stored (a power, a list for a draw, or None), as names."""
    if winner is None:
        return []
    return [power_title(w) for w in ([winner] if isinstance(winner, str) else winner)]


def winner_groups(
    winner: str | list[str] | None, holdings: Iterable[Iterable[str]] = ()
) -> list[list[str]]:
    """Each winner with every power their player holds, as names, the winning power
    first: `[["Germany", "Italy"]]` when the player of Germany and Italy won (Taskdip),
    `[["France"], ["Russia"]]` for a draw of two one-power players. A player who
    holds several of the winning powers (a draw in a game where players hold more
    than one power) is one group, named once. `holdings` is the powers of each
    player (as stored, any case)."""
    held = [[p.upper() for p in powers] for powers in holdings]
    groups: list[list[str]] = []
    named: set[str] = set()
    for name in winner_titles(winner):
        if name.upper() in named:
            continue  # their player is already named, with another winning power
        mine = next((h for h in held if name.upper() in h), [])
        others = sorted(power_title(p) for p in mine if p != name.upper())
        groups.append([name, *others])
        named.update(p.upper() for p in [name, *others])
    return groups


def unit_word(kind: UnitType | None, wording: Wording = ENGLISH) -> str:
    return wording.units[kind.value if kind else None]


def _unit(game_map: GameMap, kind: UnitType | None, location: str, wording: Wording) -> str:
    return f"{unit_word(kind, wording)} {place(game_map, location, wording)}"


def _move(game_map: GameMap, location: str, target: str, wording: Wording) -> str:
    return f"{place(game_map, location, wording)} -> {place(game_map, target, wording)}"


def describe_order(game_map: GameMap, order: Order, wording: Wording = ENGLISH) -> str:
    """One order as a sentence: `Army Paris -> Burgundy.`"""
    says = wording.patterns
    if isinstance(order, Waive):
        return says["waive"]
    if isinstance(order, Build):
        key = "build_army" if order.kind is UnitType.ARMY else "build_fleet"
        return says[key].format(place=place(game_map, order.location, wording))
    if isinstance(order, Remove):
        key = "remove_army" if order.kind is UnitType.ARMY else "remove_fleet"
        return says[key].format(place=place(game_map, order.location, wording))
    unit = _unit(game_map, order.kind, order.location, wording)
    if isinstance(order, Hold):
        return says["hold"].format(unit=unit)
    if isinstance(order, (Move, Retreat)):
        move = _move(game_map, order.location, order.target, wording)
        return says["move"].format(kind=unit_word(order.kind, wording), move=move)
    if isinstance(order, Disband):
        return says["disband"].format(unit=unit)
    if isinstance(order, SupportHold):
        supported = _unit(game_map, order.supported_kind, order.supported, wording)
        return says["support_hold"].format(unit=unit, supported=supported)
    if isinstance(order, SupportMove):
        helped = unit_word(order.supported_kind, wording)
        move = _move(game_map, order.supported, order.target, wording)
        return says["support_move"].format(unit=unit, helped=helped, move=move)
    if isinstance(order, Convoy):
        army = unit_word(UnitType.ARMY, wording)
        move = _move(game_map, order.army, order.target, wording)
        return says["convoy"].format(unit=unit, army=army, move=move)
    raise TypeError(f"not an order: {order!r}")


def worded_order(game_map: GameMap, order: Order) -> ByLanguage:
    """`describe_order` in the language of whoever reads it (a note, a listing)."""
    return ByLanguage(functools.partial(describe_order, game_map, order))


def worded_clause(game_map: GameMap, order: Order) -> ByLanguage:
    """`worded_order` without its full stop, for inside a sentence (`Withdrawn: ...`)."""
    return ByLanguage(lambda wording: describe_order(game_map, order, wording).rstrip("."))


def result_markers(result: OrderResult, wording: Wording = ENGLISH) -> str:
    """`(*bounce*)`, `(*bounce, dislodged*)`, `(*illegal*)` or ``."""
    words: list[str] = []
    if result.outcome is Verdict.ILLEGAL:
        words.append("illegal")
    elif result.outcome is Verdict.FAILS:
        words.append(MARKERS.get(result.reason or "", "void"))
    elif result.reason in MARKERS:
        words.append(MARKERS[result.reason or ""])
    if result.dislodged and "dislodged" not in words:
        words.append("dislodged")
    shown = [wording.markers.get(word, word) for word in words]
    return f"(*{', '.join(shown)}*)" if shown else ""


def describe_result(game_map: GameMap, result: OrderResult, wording: Wording = ENGLISH) -> str:
    """The order part of a results line; the player's own text for unreadable orders."""
    if result.order is not None:
        return describe_order(game_map, result.order, wording)
    return result.text if result.text.endswith(".") else f"{result.text}."
