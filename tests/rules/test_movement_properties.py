"""Property tests: random boards and orders keep the adjudicator's invariants.

The resolver walks dependencies in the order the orders come, and guesses in
cycles, so the strongest check is that the order of the orders never matters.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.rules.helpers import standard_map
from support.rules.random_boards import _random_board, _random_orders

from judge.rules.orders import Move, Order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import RuleOptions
from judge.rules.state import GameState


def _board_after(state: GameState, orders: list[Order], rule: str) -> tuple[object, ...]:
    result = adjudicate_phase(standard_map(), state, orders, RuleOptions(convoy_adjacent=rule))
    after = result.state
    outcomes = sorted(
        (r.text, r.outcome.value, r.reason or "", r.dislodged) for r in result.results
    )
    dislodged = sorted((str(d.unit), d.retreats) for d in after.dislodged.values())
    return (sorted(map(str, after.units.values())), dislodged, outcomes, str(after.phase))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["3.0", "2.4"]))
def test_the_order_of_the_orders_does_not_matter(seed: int, rule: str) -> None:
    rng = random.Random(seed)
    state = _random_board(rng)
    orders = _random_orders(rng, state)
    first = _board_after(state, orders, rule)
    rng.shuffle(orders)
    assert _board_after(state, orders, rule) == first


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_no_unit_is_lost_or_doubled(seed: int) -> None:
    rng = random.Random(seed)
    state = _random_board(rng)
    orders = _random_orders(rng, state)
    result = adjudicate_phase(standard_map(), state, orders)
    after = result.state
    dislodged_units = [r for r in result.results if r.dislodged]
    assert len(result.results) == len(orders)
    assert len(after.units) + len(dislodged_units) == len(state.units)
    for d in after.dislodged.values():
        assert d.unit.province in after.units  # the attacker stands there now
        assert all(r.split("/")[0] not in after.units for r in d.retreats)
    moved = {
        r.order.target.split("/")[0]
        for r in result.results
        if isinstance(r.order, Move) and r.outcome.value == "succeeds"
    }
    assert moved <= set(after.units)
