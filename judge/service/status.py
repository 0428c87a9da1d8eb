"""`judge status GAME --json`: a game's state for operators and tools.

The shape is the one in `spec/mail.md`, and it is a public interface: add keys,
never rename or drop one.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.service.seats.snapshots import Board, active_players, load_board, seat_of
from judge.store import games as store
from judge.store.models import Game
from judge.variants.registry import VariantRegistry


def iso_time(moment: datetime | None) -> str | None:
    """`2026-12-01T18:00:00Z`, or None."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def game_status(session: Session, variants: VariantRegistry, name: str) -> dict[str, Any] | None:
    """The status JSON of game `name`, or None when there is no such game."""
    game = store.get_game(session, name)
    if game is None:
        return None
    board = load_board(session, variants, game)
    return {
        "game": game.name,
        "variant": game.variant,
        "status": game.status.value,
        "phase": game.phase,
        "deadline": iso_time(game.next_deadline),
        "players": _players(session, game, board),
        "powers": _powers(board) if board else {},
        "winner": game.winner,
    }


def _players(session: Session, game: Game, board: Board | None) -> list[dict[str, Any]]:
    holdings: dict[str, tuple[str, ...]] = {}
    if board is not None:
        holdings = dict(board.variant.holdings(board.snapshot))
    rows = []
    for player in active_players(session, game):
        seat = seat_of(player)
        row: dict[str, Any] = {
            "address": player.address,
            "powers": list(holdings.get(seat, player.powers)),
        }
        credits = board.variant.credits_of(board.snapshot, seat) if board else None
        if credits is not None:
            row["credits"] = credits
        rows.append(row)
    return rows


def _powers(board: Board) -> dict[str, Any]:
    state = board.state
    return {
        power: {
            "controller": board.variant.controller_of(board.snapshot, power),
            "units": [str(unit) for unit in state.units_of(power)],
            "centers": state.centers_of(power),
        }
        for power in sorted(board.variant.map.home_centers)
    }
