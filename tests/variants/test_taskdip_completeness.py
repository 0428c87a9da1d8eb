"""Early processing in Taskdip waits for every unit of every power a player owes orders for."""

from __future__ import annotations

from judge.rules.map import load_map
from judge.rules.orders import Hold, Order
from judge.rules.state import GameState, Phase
from judge.variants.base import Snapshot, Submission
from judge.variants.taskdip.data import TaskCard, TaskdipData, fall_record
from judge.variants.taskdip.variant import TaskdipVariant

MAP = load_map("standard")
PLAYERS = {"1": ("AUSTRIA", "ITALY"), "2": ("RUSSIA", "GERMANY")}


def _snapshot() -> Snapshot:
    state = GameState.from_units(
        Phase.parse("S1901M"),
        MAP.initial_state().units.values(),
        {c: p for p, cs in MAP.home_centers.items() for c in cs},
    )
    data = TaskdipData(
        players=PLAYERS,
        original=PLAYERS,
        tasks={p: TaskCard("Nine") for powers in PLAYERS.values() for p in powers},
        fall=fall_record(None, state.centers, PLAYERS),
    )
    return Snapshot(state, data.to_data(), {})


def _holds(snapshot: Snapshot, *powers: str) -> tuple[Order, ...]:
    units = snapshot.state.units.values()
    return tuple(Hold(u.power, u.kind, u.location) for u in units if u.power in powers)


def test_orders_for_one_of_two_powers_are_not_complete() -> None:
    variant, snapshot = TaskdipVariant(MAP), _snapshot()
    sent = Submission(_holds(snapshot, "AUSTRIA"))
    assert not variant.is_complete(snapshot, "1", sent)


def test_orders_for_every_unit_of_both_powers_are_complete() -> None:
    variant, snapshot = TaskdipVariant(MAP), _snapshot()
    sent = Submission(_holds(snapshot, "AUSTRIA", "ITALY"))
    assert variant.is_complete(snapshot, "1", sent)


def test_a_unit_left_without_an_order_is_not_complete() -> None:
    variant, snapshot = TaskdipVariant(MAP), _snapshot()
    sent = Submission(_holds(snapshot, "AUSTRIA", "ITALY")[1:])
    assert not variant.is_complete(snapshot, "1", sent)
