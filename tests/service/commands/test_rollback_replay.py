"""ROLLBACK, then the same orders again: the game is the same, in every variant.

Property: a game of each variant is played for some phases with random orders (and
random Intimate bids); the master rolls it back to a random earlier phase by mail;
the orders the undone phases had on file are sent again, phase by phase; then every
phase played again has the same board, results, report and variant data (control,
treasuries, tasks) as its undone twin, and the game ends where it was. The random
choices come from a seeded generator per case, so a failure replays.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from support.service.harness import JudgeHarness
from support.service.intimate_game import MASTER, start_intimate

from judge.outbox.gate import no_mail_in
from judge.rules.state import PhaseType, UnitType
from judge.service.game.processing import process_phase
from judge.service.seats.snapshots import Board, load_board, seat_of
from judge.store import games as store
from judge.store.models import Game, GameStatus, OrderSet, PhaseRecord
from judge.store.rollback import rolled_back_phases

PHASES_PLAYED = 6


def _start(judge: JudgeHarness, variant: str) -> None:
    if variant == "standard":
        judge.start_game("g1", count=3)
    elif variant == "taskdip":
        judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 2")
        for index in range(2):
            judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    else:
        start_intimate(judge, variant)
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET MAPS OFF")  # maps are not the point here


def _game(session: Session) -> Game:
    game = store.get_game(session, "g1")
    assert game is not None
    return game


def _random_orders(board: Board, rng: random.Random, session: Session) -> None:
    """Random lines for every seat: moves and holds in a movement phase, bids in a bid
    phase, nothing otherwise (the defaults then retreat, disband or waive)."""
    variant, snapshot, state = board.variant, board.snapshot, board.state
    kind = state.phase.type
    for seat in variant.holdings(snapshot):
        if kind is PhaseType.MOVEMENT:
            for power in sorted(variant.orderable_powers(snapshot, seat)):
                lines = []
                for unit in state.units.values():
                    if unit.power != power:
                        continue
                    near = (
                        variant.map.army_neighbours(unit.location)
                        if unit.kind is UnitType.ARMY
                        else variant.map.fleet_neighbours(unit.location)
                    )
                    letter = "A" if unit.kind is UnitType.ARMY else "F"
                    if near and rng.random() < 0.7:
                        lines.append(f"{letter} {unit.location}-{rng.choice(sorted(near))}")
                    else:
                        lines.append(f"{letter} {unit.location} H")
                store.set_orders(session, board.record, power, lines, now=_now(board))
        elif kind is PhaseType.BID:
            homes = variant.holdings(snapshot)[seat]
            credits = variant.credits_of(snapshot, seat) or 0
            others = sorted(set(variant.map.home_centers) - set(homes))
            bids = {rng.choice(others): rng.randint(0, min(credits, 5))}
            lines = variant.encode_bids({p: a for p, a in bids.items() if a})
            store.set_orders(session, board.record, homes[0], lines, now=_now(board))


def _now(board: Board) -> Any:
    return board.record.created_at


def _process(judge: JudgeHarness, orders: dict[str, list[str]] | None, rng: random.Random) -> bool:
    """Process the current phase with `orders` (power -> lines), or random ones."""
    with judge.sessions.begin() as session:
        game = _game(session)
        if game.status is not GameStatus.ACTIVE:
            return False
        board = load_board(session, judge.variants, game)
        assert board is not None
        if orders is None:
            _random_orders(board, rng, session)
        else:
            for power, lines in orders.items():
                store.set_orders(session, board.record, power, lines, now=judge.clock.now())
        process_phase(session, judge.config, no_mail_in(), board, judge.clock.now())
    return True


def _picture(record: PhaseRecord) -> tuple[Any, ...]:
    return (record.phase, record.state, record.results, record.report, record.variant_data,
            record.lot_seed)  # fmt: skip


def _orders_of(session: Session, record: PhaseRecord) -> dict[str, list[str]]:
    rows = session.scalars(select(OrderSet).where(OrderSet.phase_id == record.id))
    return {row.power: list(row.lines) for row in rows}


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("standard", 1), ("intimate", 2), ("intimate-2000", 3), ("propaganda", 4), ("taskdip", 5)],
)
def test_rolling_back_and_sending_the_same_orders_gives_the_same_game(
    judge: JudgeHarness, variant: str, seed: int
) -> None:
    rng = random.Random(seed)
    _start(judge, variant)
    for _ in range(PHASES_PLAYED):
        if not _process(judge, None, rng):
            break
    with judge.sessions() as session:
        game = _game(session)
        played = store.phase_history(session, game)
        before = [_picture(r) for r in played]
        end = (game.phase, game.status, game.winner, dict(game.variant_data))
        seats = {seat_of(p): list(p.powers) for p in game.players}
    assert len(played) >= 3, [r.phase for r in played]
    back = rng.randrange(len(played) - 1)  # a processed phase
    target = played[back].phase

    reply = judge.reply(MASTER, f"SIGNON Mg1 gmpass\nROLLBACK {target}")
    assert "back at the start of" in reply.get_content(), reply.get_content()

    with judge.sessions() as session:
        game = _game(session)
        assert game.phase == target and game.status is GameStatus.ACTIVE
        assert dict(game.variant_data) == dict(played[back].variant_data or {})
        (current,) = [r for r in store.phase_history(session, game) if r.phase == target]
        assert _orders_of(session, current) == {}  # nobody's orders on file
        undone = rolled_back_phases(session, game)
        assert [r.phase for r in undone] == [r[0] for r in before[back:]]
        again = [_orders_of(session, r) for r in undone if r.processed_at is not None]
    for orders in again:
        assert _process(judge, orders, rng)

    with judge.sessions() as session:
        game = _game(session)
        replayed = [_picture(r) for r in store.phase_history(session, game)]
        for one, two in zip(replayed, before, strict=True):
            assert [a == b for a, b in zip(one, two, strict=True)] == [True] * 6, (one, two)
        assert (game.phase, game.status, game.winner, dict(game.variant_data)) == end
        assert {seat_of(p): list(p.powers) for p in game.players} == seats
