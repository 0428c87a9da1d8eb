"""A movement answer's `units` and `dislodged` are always a sound retreat request.

`judge adjudicate` checks a retreat request's `dislodged` lists against the board
(issue 31). The check must never refuse what `judge adjudicate` itself answered
for the movement phase before it, and every retreat it answered must be one the
retreat phase lets the unit make. Random boards and orders come from the movement
property tests.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.rules.helpers import standard_map
from support.rules.random_boards import _random_board, _random_orders

from judge.adjudicate.cli import adjudicate_text


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    return adjudicate_text(json.dumps(request), lambda _: standard_map())


def _movement_request(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = _random_board(rng)
    units: dict[str, list[str]] = {}
    for unit in state.units.values():
        units.setdefault(unit.power, []).append(str(unit))
    orders: dict[str, list[str]] = {}
    for order in _random_orders(rng, state):
        orders.setdefault(order.power, []).append(str(order))
    return {"phase": "S1901M", "units": units, "orders": orders}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_answered_retreat_is_accepted_and_legal(seed: int) -> None:
    movement = _ask(_movement_request(seed))
    if not movement["dislodged"]:
        return
    board = {"phase": "S1901R", "units": movement["units"], "dislodged": movement["dislodged"]}
    for power, dislodged in movement["dislodged"].items():
        for unit, retreats in dislodged.items():
            for place in retreats:
                order = f"{unit} R {place}"
                result = _ask({**board, "orders": {power: [order]}})
                assert result["results"][power] == [{"order": order, "result": "succeeds"}]
                assert f"{unit[0]} {place}" in result["units"][power]
