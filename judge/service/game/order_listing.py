"""What a player has ordered this phase, and what is still owed: the listing that ends
a reply to orders, and that reminders and late notices repeat.

It says plainly whether the player's orders are complete (the phase can then be
processed early once everyone's are), and if not, what is missing: units without
orders, builds or removals still due. Complete means what is on file covers every
duty (`Variant.is_complete`): a refused line is not on file, so it never makes
orders incomplete; the listing only says that the latest mail had one.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from judge.rules.orders import Build, Order, Remove, Waive, ordered_province
from judge.rules.state import PhaseType, Unit
from judge.service.seats.snapshots import Board, load_board, parse_stored, seat_of, submissions
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, Player
from judge.variants.base import Submission
from judge.variants.common import adjustment_delta
from judge.variants.registry import VariantRegistry
from judge.wording.describe import power_title, worded_order
from judge.wording.report import phase_words


def orders_listing(
    session: Session, variants: VariantRegistry, game: Game, player: Player
) -> dict[str, Any] | None:
    """The player's orders for the current phase, power by power, their status
    (`_status`), and `refused`: whether the latest mail of orders had refused lines.
    None before the game starts, and in a bid phase."""
    board = load_board(session, variants, game)
    return None if board is None else listing_on_board(session, board, player)


def listing_on_board(session: Session, board: Board, player: Player) -> dict[str, Any] | None:
    """`orders_listing` on a board the caller has loaded already."""
    if board.state.phase.type is PhaseType.BID:
        return None  # bids are acknowledged line by line, and sealed
    game = board.game
    seat = seat_of(player)
    sent = submissions(session, board).get(seat, Submission(complete=False))
    powers = sorted(board.variant.orderable_powers(board.snapshot, seat))
    stored = store.submitted_orders(session, board.record)
    rows = []
    for power in powers:
        orders = [order for _, order in parse_stored(board, (power,), stored.get(power, []))]
        rows.append(_row(board, power, orders))
    # A power with nothing to order and no orders (a mercenary owed no build in the
    # winter) is left out, unless that leaves nothing to show.
    busy = [row for row in rows if row["orders"] or row["unordered"] or row["adjustments"]]
    rows = busy or rows
    return {
        "game": game.name,
        "phase": phase_words(board.state.phase),
        "powers": rows,
        "status": _status(board, seat, sent),
        "refused": sent.refused,
    }


def _row(board: Board, power: str, orders: list[Order]) -> dict[str, Any]:
    ordered = {ordered_province(order) for order in orders}
    return {
        "power": power_title(power),
        "orders": [worded_order(board.variant.map, order) for order in orders],
        "unordered": [
            str(unit) for unit in _units_needing_orders(board, power)
            if unit.province not in ordered
        ],
        "adjustments": _adjustments(board, power, orders),
    }  # fmt: skip


def _status(board: Board, seat: str, sent: Submission) -> str:
    """`nothing_owed`, `complete`, or not complete: `incomplete` before the deadline;
    after it (the late notices are out), `incomplete_late` when the phase is processed
    at the end of the grace period anyway, `incomplete_nmr` when the game (SET NMR)
    waits for the orders instead."""
    if seat not in board.variant.owing(board.snapshot):
        return "nothing_owed"
    if board.variant.is_complete(board.snapshot, seat, sent):
        return "complete"
    if board.game.grace_until is None:
        return "incomplete"
    return "incomplete_nmr" if GameSettings.of(board.game).nmr else "incomplete_late"


def _units_needing_orders(board: Board, power: str) -> list[Unit]:
    state = board.state
    kind = state.phase.type
    if kind is PhaseType.MOVEMENT:
        return state.units_of(power)
    if kind is PhaseType.RETREAT:
        return sorted(
            (d.unit for d in state.dislodged.values() if d.unit.power == power),
            key=lambda unit: unit.location,
        )
    return []


def _adjustments(board: Board, power: str, orders: list[Order]) -> dict[str, Any] | None:
    """In a winter: how many builds (or removals) are due to the power, and how many of
    them the orders cover (a WAIVE covers a build). None when none are due."""
    if board.state.phase.type is not PhaseType.ADJUSTMENT:
        return None
    delta = adjustment_delta(board.variant.map, board.state, power)
    if delta == 0:
        return None
    if delta > 0:
        sent = sum(isinstance(o, (Build, Waive)) for o in orders)
        can_waive = power not in board.variant.must_build(board.snapshot)
        return {"kind": "build", "due": delta, "sent": min(sent, delta), "can_waive": can_waive}
    sent = sum(isinstance(o, Remove) for o in orders)
    return {"kind": "removal", "due": -delta, "sent": min(sent, -delta), "can_waive": False}
