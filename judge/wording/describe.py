"""Orders and results in the words of the classic judges, with full province names.

`Army Paris -> Burgundy.`, `Fleet Kiel SUPPORT Army Munich -> Burgundy.`,
`Builds an army in Paris.` and the failure markers `(*bounce*)`, `(*cut*)`...
The templates print these strings; the wording of an order lives here because it
is computed from order values and the map, not typed by a person.
"""

from __future__ import annotations

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

COAST_WORDS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}

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


def place(game_map: GameMap, location: str) -> str:
    """`STP/SC` -> `St Petersburg (south coast)`; unknown ids are left as they are."""
    province = game_map.provinces.get(province_of(location))
    if province is None:
        return location
    coast = coast_of(location)
    if coast:
        return f"{province.name} ({COAST_WORDS.get(coast, coast.lower())})"
    return province.name


def power_title(power: str) -> str:
    return power.capitalize()


def winner_titles(winner: str | list[str] | None) -> list[str]:
    """A game's winner as stored (a power, a list for a draw, or None), as names."""
    if winner is None:
        return []
    return [power_title(w) for w in ([winner] if isinstance(winner, str) else winner)]


def _unit(game_map: GameMap, kind: UnitType | None, location: str) -> str:
    word = kind.word if kind else "Unit"
    return f"{word} {place(game_map, location)}"


def _move(game_map: GameMap, location: str, target: str) -> str:
    return f"{place(game_map, location)} -> {place(game_map, target)}"


def describe_order(game_map: GameMap, order: Order) -> str:
    """One order as a sentence: `Army Paris -> Burgundy.`"""
    if isinstance(order, Waive):
        return "Build waived."
    if isinstance(order, Build):
        article = "an army" if order.kind is UnitType.ARMY else "a fleet"
        return f"Builds {article} in {place(game_map, order.location)}."
    if isinstance(order, Remove):
        return f"Removes the {order.kind.word.lower()} in {place(game_map, order.location)}."
    unit = _unit(game_map, order.kind, order.location)
    if isinstance(order, Hold):
        return f"{unit} HOLD."
    if isinstance(order, (Move, Retreat)):
        return f"{order.kind.word} {_move(game_map, order.location, order.target)}."
    if isinstance(order, Disband):
        return f"{unit} DISBAND."
    if isinstance(order, SupportHold):
        return f"{unit} SUPPORT {_unit(game_map, order.supported_kind, order.supported)}."
    if isinstance(order, SupportMove):
        helped = order.supported_kind.word if order.supported_kind else "Unit"
        return f"{unit} SUPPORT {helped} {_move(game_map, order.supported, order.target)}."
    if isinstance(order, Convoy):
        return f"{unit} CONVOY Army {_move(game_map, order.army, order.target)}."
    raise TypeError(f"not an order: {order!r}")


def result_markers(result: OrderResult) -> str:
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
    return f"(*{', '.join(words)}*)" if words else ""


def describe_result(game_map: GameMap, result: OrderResult) -> str:
    """The order part of a results line; the player's own text for unreadable orders."""
    if result.order is not None:
        return describe_order(game_map, result.order)
    return result.text if result.text.endswith(".") else f"{result.text}."
