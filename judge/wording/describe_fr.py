"""Orders and results in French, for a French judge's mails: `describe.py` in French.

`Armée Paris -> Bourgogne.`, `Flotte Kiel SOUTIENT Armée Munich -> Bourgogne.`,
`Construit une armée à Paris.`, and the markers `(*rebond*)`, `(*coupé*)`... The
French templates print these strings where the English ones print those of
`describe`; the names come from `judge.rules.french_names`. The order words are
in capitals, as in the English listing, and every sentence is one the parser
reads back as the same order (a player may copy a line of the listing).
"""

from __future__ import annotations

from judge.rules.french_names import of, province_name, unit_name
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
from judge.rules.state import UnitType
from judge.wording.describe import result_markers

MARKERS_FR = {
    "bounce": "rebond",
    "cut": "coupé",
    "dislodged": "délogée",
    "no convoy": "pas de convoi",
    "void": "sans effet",
    "civil disorder": "désordre civil",
    "illegal": "illégal",
}


def _unit(game_map: GameMap, kind: UnitType | None, location: str) -> str:
    return f"{unit_name(kind)} {province_name(game_map, location)}"


def _move(game_map: GameMap, location: str, target: str) -> str:
    return f"{province_name(game_map, location)} -> {province_name(game_map, target)}"


def describe_order_fr(game_map: GameMap, order: Order) -> str:
    """One order as a French sentence: `Armée Paris -> Bourgogne.`"""
    if isinstance(order, Waive):
        return "Renonce à une construction."
    if isinstance(order, Build):
        article = "une armée" if order.kind is UnitType.ARMY else "une flotte"
        return f"Construit {article} à {province_name(game_map, order.location)}."
    if isinstance(order, Remove):
        article = "l'armée" if order.kind is UnitType.ARMY else "la flotte"
        return f"Retire {article} {of(province_name(game_map, order.location))}."
    unit = _unit(game_map, order.kind, order.location)
    if isinstance(order, Hold):
        return f"{unit} TIENT."
    if isinstance(order, (Move, Retreat)):
        return f"{unit_name(order.kind)} {_move(game_map, order.location, order.target)}."
    if isinstance(order, Disband):
        return f"{unit} DISSOUTE."
    if isinstance(order, SupportHold):
        return f"{unit} SOUTIENT {_unit(game_map, order.supported_kind, order.supported)}."
    if isinstance(order, SupportMove):
        helped = unit_name(order.supported_kind)
        return f"{unit} SOUTIENT {helped} {_move(game_map, order.supported, order.target)}."
    if isinstance(order, Convoy):
        return f"{unit} CONVOIE Armée {_move(game_map, order.army, order.target)}."
    raise TypeError(f"not an order: {order!r}")


def result_markers_fr(result: OrderResult) -> str:
    """`(*rebond*)`, `(*rebond, délogée*)`, `(*illégal*)` or ``: the markers of
    `describe.result_markers`, in French."""
    english = result_markers(result)
    if not english:
        return ""
    words = english.removeprefix("(*").removesuffix("*)").split(", ")
    return f"(*{', '.join(MARKERS_FR.get(word, word) for word in words)}*)"


def describe_result_fr(game_map: GameMap, result: OrderResult) -> str:
    """The order part of a French results line; the player's own text for unreadable orders."""
    if result.order is not None:
        return describe_order_fr(game_map, result.order)
    return result.text if result.text.endswith(".") else f"{result.text}."
