"""Early processing waits for everything a player owes, in every variant, by construction.

The careful rule lives in `Variant.is_complete`; no variant may replace it (a variant
that forgot to override it once processed Intimate phases after one order). Each
registered variant starts a real game here, and the rule is checked on its first
phases: one order is not complete, all orders are (a refused line beside them never
makes them incomplete: it is not on file), and in a bid phase a bid or `BID NONE` is.
"""

from __future__ import annotations

import random

import pytest

from judge.rules.orders import Hold, Order
from judge.rules.state import PhaseType
from judge.variants.base import Seat, Snapshot, Submission, Variant
from judge.variants.registry import default_registry

REGISTRY = default_registry()
NAMES = REGISTRY.names()


def _started(name: str) -> tuple[Variant, Snapshot]:
    variant = REGISTRY.get(name)
    count = variant.players_needed({})
    seats = [Seat(str(i), ("FRANCE", "GERMANY")[i : i + 1] if i < 2 else ()) for i in range(count)]
    rules = {"players": str(count)} if name == "taskdip" else {}
    return variant, variant.start(seats, rules, random.Random(7)).snapshot


def _holds(variant: Variant, snapshot: Snapshot, seat: str) -> tuple[Order, ...]:
    powers = variant.owing(snapshot)[seat]
    units = snapshot.state.units.values()
    return tuple(Hold(u.power, u.kind, u.location) for u in units if u.power in powers)


def _to_movement(variant: Variant, snapshot: Snapshot) -> Snapshot:
    """Past an Intimate bid phase with no bids (everyone in anarchy but the homes)."""
    if snapshot.phase.type is PhaseType.BID:
        sent = {seat: Submission(extra={"bids": {}}) for seat in variant.owing(snapshot)}
        snapshot = variant.process(snapshot, sent, random.Random(0)).snapshot
    assert snapshot.phase.type is PhaseType.MOVEMENT
    return snapshot


def test_no_variant_replaces_the_careful_completeness_rule() -> None:
    for name in NAMES:
        variant = REGISTRY.get(name)
        assert type(variant).is_complete is Variant.is_complete, name


@pytest.mark.parametrize("name", NAMES)
def test_one_order_is_not_complete_and_every_order_is(name: str) -> None:
    variant, snapshot = _started(name)
    snapshot = _to_movement(variant, snapshot)
    seat = sorted(variant.owing(snapshot))[0]
    every = _holds(variant, snapshot, seat)
    assert len(every) > 1
    assert not variant.is_complete(snapshot, seat, Submission(every[:1]))
    assert not variant.is_complete(snapshot, seat, Submission(every[:-1]))
    assert variant.is_complete(snapshot, seat, Submission(every))


@pytest.mark.parametrize("name", NAMES)
def test_a_refused_line_never_makes_orders_on_file_incomplete(name: str) -> None:
    """Issue 32: a player whose every unit has an order, and whose mail also had a
    refused line (`A KIE-HOLL`), is complete; one missing order still is not."""
    variant, snapshot = _started(name)
    snapshot = _to_movement(variant, snapshot)
    seat = sorted(variant.owing(snapshot))[0]
    every = _holds(variant, snapshot, seat)
    assert variant.is_complete(snapshot, seat, Submission(every, refused=True))
    assert not variant.is_complete(snapshot, seat, Submission(every[:-1], refused=True))


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith(("intimate", "propaganda"))])
def test_a_bid_phase_waits_for_a_bid_or_bid_none(name: str) -> None:
    variant, snapshot = _started(name)
    assert snapshot.phase.type is PhaseType.BID
    for seat in variant.owing(snapshot):
        assert not variant.is_complete(snapshot, seat, Submission(complete=False))
        assert variant.is_complete(snapshot, seat, Submission(extra={"bids": {}}))
        assert variant.is_complete(snapshot, seat, Submission(extra={"bids": {"ITALY": 3}}))
        refused_beside = Submission(extra={"bids": {"ITALY": 3}}, refused=True)
        assert variant.is_complete(snapshot, seat, refused_beside)


def test_a_seat_that_owes_nothing_is_complete_without_a_mail() -> None:
    variant, snapshot = _started("standard")
    idle = Submission(complete=False)
    assert all(variant.is_complete(snapshot, str(s), idle) for s in range(7)) is False
    bystander = "not-a-seat"
    assert variant.is_complete(snapshot, bystander, idle)
