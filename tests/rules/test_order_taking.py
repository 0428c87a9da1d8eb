"""`take_orders`: the last legal order for a unit is used, every earlier one is void.

Issue 31: a unit given 20,000 orders took 15.7 s, each repeat searching the whole
list for the order it displaced. The answer must stay the same however many
orders arrive (the speed is measured by `bench/repeated_orders.py`, not here).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from support.rules.helpers import board, standard_map

from judge.rules.order_taking import take_orders
from judge.rules.orders import IllegalOrder, Order
from judge.rules.parse import parse_order
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import GameState

STATE = board(FRANCE="A PAR, F BRE, A MAR")
# (unit's province, order text, legal?) for each unit; illegal ones are well-formed.
CHOICES = [
    ("PAR", "A PAR H", True),
    ("PAR", "A PAR - BUR", True),
    ("PAR", "A PAR - MUN", False),  # not adjacent
    ("BRE", "F BRE - MAO", True),
    ("BRE", "F BRE S A PAR - PIC", True),
    ("BRE", "F BRE - PAR", False),  # a fleet inland
    ("MAR", "A MAR - SPA", True),
    ("MAR", "A MAR - NAP", False),
]


def _read(state: GameState, text: str) -> Order | IllegalOrder:
    try:
        return parse_order(text, standard_map(), state, {"FRANCE"})
    except IllegalOrder as illegal:
        return illegal


def _expected(picks: list[int]) -> list[str]:
    """The model: illegal stays illegal; of each unit's legal orders the last is used."""
    last = {CHOICES[p][0]: i for i, p in enumerate(picks) if CHOICES[p][2]}
    return [
        "illegal" if not CHOICES[p][2] else "used" if last[CHOICES[p][0]] == i else "void"
        for i, p in enumerate(picks)
    ]


def _seen(slots: list[OrderResult | Order]) -> list[str]:
    def one(slot: OrderResult | Order) -> str:
        if not isinstance(slot, OrderResult):
            return "used"
        if slot.outcome is Outcome.ILLEGAL:
            return "illegal"
        assert (slot.outcome, slot.reason) == (Outcome.FAILS, "void")
        return "void"

    return [one(s) for s in slots]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, len(CHOICES) - 1), max_size=40))
def test_the_last_legal_order_per_unit_is_used_and_earlier_ones_are_void(
    picks: list[int],
) -> None:
    intake = take_orders(standard_map(), STATE, [_read(STATE, CHOICES[p][1]) for p in picks])
    assert _seen(intake.slots) == _expected(picks)
    assert {p: str(o) for p, o in intake.by_province.items()} == {
        CHOICES[picks[i]][0]: CHOICES[picks[i]][1]
        for i, kind in enumerate(_expected(picks))
        if kind == "used"
    }
    assert intake.accepted == [s for s in intake.slots if not isinstance(s, OrderResult)]


def test_thousands_of_orders_for_one_unit_void_all_but_the_last() -> None:
    texts = ["A PAR - BUR" if i % 2 else "A PAR H" for i in range(5001)]
    intake = take_orders(standard_map(), STATE, [_read(STATE, t) for t in texts])
    void = [s for s in intake.slots if isinstance(s, OrderResult)]
    assert len(void) == 5000
    assert {(s.outcome, s.reason) for s in void} == {(Outcome.FAILS, "void")}
    assert [str(o) for o in intake.accepted] == ["A PAR H"]
    assert intake.slots[-1] is intake.by_province["PAR"]
