"""A stored game seen as the variant sees it: a `Snapshot`, seats and submissions.

The variant hooks take a `Snapshot` and seat keys; the store has game rows, player
rows and order lines. This module translates between the two, so no other part of
the service has to know how a seat key or a rule flag is stored (how a sealed bid
is kept is the variant's own: `encode_bids`, `decode_extra`).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from judge.rules.orders import Order, OrderError
from judge.rules.parse import parse_order
from judge.rules.state import GameState
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, PhaseRecord, Player, PlayerRole, PlayerStatus
from judge.variants.base import Snapshot, Submission, Variant
from judge.variants.registry import VariantRegistry

SEED_BITS = 63  # fits a signed BIGINT on every backend


def draw_seed() -> int:
    """A fresh seed for a lot; it is stored, so the lot can be replayed."""
    return secrets.randbits(SEED_BITS)


def seat_of(player: Player) -> str:
    """The seat key the variant knows a player by: the player row's id."""
    return str(player.id)


def rules_of(game: Game) -> dict[str, str]:
    return dict(GameSettings.of(game).rules)


@dataclass(frozen=True)
class Board:
    """A running game's current phase: its row, the variant and the snapshot."""

    game: Game
    record: PhaseRecord
    variant: Variant
    snapshot: Snapshot

    @property
    def state(self) -> GameState:
        return self.snapshot.state


def load_board(session: Session, variants: VariantRegistry, game: Game) -> Board | None:
    """The current phase of a started game, with its variant from `variants` (the
    judge's registry, passed down from the command line); None while it is forming."""
    record = store.current_phase(session, game)
    if record is None:
        return None
    variant = variants.get(game.variant)
    snapshot = Snapshot(store.phase_state(record), dict(game.variant_data), rules_of(game))
    return Board(game, record, variant, snapshot)


def active_players(session: Session, game: Game) -> list[Player]:
    return store.players_of(
        session, game, roles=[PlayerRole.PLAYER], statuses=[PlayerStatus.ACTIVE]
    )


def parse_stored(
    board: Board, powers: Iterable[str], lines: Iterable[str]
) -> list[tuple[str, Order]]:
    """Stored order lines read again, with their text. They were legal when stored,
    in this same state; a line that no longer reads is dropped."""
    pairs: list[tuple[str, Order]] = []
    allowed = frozenset(powers)
    for line in lines:
        try:
            pairs.append((line, parse_order(line, board.variant.map, board.state, allowed)))
        except OrderError:
            continue
    return pairs


def stored_orders(session: Session, board: Board) -> dict[str, list[Order]]:
    """Power -> its current orders for this phase."""
    return {
        power: [order for _, order in parse_stored(board, (power,), lines)]
        for power, lines in store.submitted_orders(session, board.record).items()
    }


def submissions(session: Session, board: Board) -> dict[str, Submission]:
    """Seat -> what it sent, for every seat that holds a power."""
    stored = stored_orders(session, board)
    lines = store.submitted_orders(session, board.record)
    refused = refused_seats(session, board)
    result: dict[str, Submission] = {}
    for seat in board.variant.holdings(board.snapshot):
        powers = board.variant.orderable_powers(board.snapshot, seat)
        orders = tuple(order for power in sorted(powers) for order in stored.get(power, ()))
        sent = any(power in stored for power in powers)
        seat_lines = [line for p in sorted(powers) for line in lines.get(p, ())]
        extra = board.variant.decode_extra(board.snapshot, seat_lines)
        result[seat] = Submission(
            orders=orders, extra=extra, complete=sent, refused=seat in refused
        )
    return result


def refused_seats(session: Session, board: Board) -> frozenset[str]:
    """Seats whose latest mail of orders for this phase had lines the judge refused."""
    players = store.players_of(session, board.game, roles=[PlayerRole.PLAYER])
    phase = board.record.phase
    return frozenset(seat_of(p) for p in players if p.orders_refused_in == phase)
