"""What `judge status` shows an operator, read straight from the tables.

`operator_overview` lists the games, the queues, and every mail that failed (with
its error). `game_overview` is the fallback for `judge status GAME --json` while the
service layer's own `game_status` (which knows the variants) is not available.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.rules.state import POWERS
from judge.store.games import current_phase, get_game, list_games, phase_state, players_of
from judge.store.inbox import failed_messages
from judge.store.models import (
    Game,
    InboxMessage,
    OutboxMessage,
    OutboxStatus,
    Player,
    PlayerRole,
)


def iso_utc(moment: datetime | None) -> str | None:
    """`2026-12-01T18:00:00Z`, the form `spec/mail.md` uses."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def game_overview(session: Session, name: str) -> dict[str, Any] | None:
    game = get_game(session, name)
    if game is None:
        return None
    return {
        "game": game.name,
        "variant": game.variant,
        "status": str(game.status),
        "phase": game.phase,
        "deadline": iso_utc(game.next_deadline),
        "players": [_player(game, p) for p in players_of(session, game, roles=[PlayerRole.PLAYER])],
        "powers": _powers(session, game),
        "winner": game.winner,
    }


def _player(game: Game, player: Player) -> dict[str, Any]:
    entry: dict[str, Any] = {"address": player.address, "powers": list(player.powers)}
    credits = game.variant_data.get("credits")
    if isinstance(credits, dict) and player.powers and player.powers[0] in credits:
        entry["credits"] = credits[player.powers[0]]
    return entry


def _powers(session: Session, game: Game) -> dict[str, Any]:
    record = current_phase(session, game)
    if record is None:
        return {}
    state = phase_state(record)
    controllers = game.variant_data.get("controllers")
    controllers = controllers if isinstance(controllers, dict) else {}
    return {
        power: {
            "controller": controllers.get(power, power),
            "units": [str(unit) for unit in state.units_of(power)],
            "centers": state.centers_of(power),
        }
        for power in POWERS
    }


def operator_overview(session: Session) -> dict[str, Any]:
    return {
        "games": [
            {
                "game": g.name,
                "variant": g.variant,
                "status": str(g.status),
                "phase": g.phase,
                "deadline": iso_utc(g.next_deadline),
            }
            for g in list_games(session)
        ],
        "inbox": _counts(session, InboxMessage.status),
        "failed_inbox": [
            {
                "id": row.id,
                "received_at": iso_utc(row.received_at),
                "mail_from": row.mail_from,
                "message_id": row.message_id,
                "error": row.error,
            }
            for row in failed_messages(session)
        ],
        "outbox": _counts(session, OutboxMessage.status),
        "failed_outbox": [
            {
                "id": row.id,
                "to": row.to_address,
                "created_at": iso_utc(row.created_at),
                "attempts": row.attempts,
                "error": row.last_error,
            }
            for row in _failed_outgoing(session)
        ],
    }


def _counts(session: Session, column: Any) -> dict[str, int]:
    rows = session.execute(select(column, func.count()).group_by(column))
    return {str(status): count for status, count in rows}


def _failed_outgoing(session: Session, limit: int = 100) -> list[OutboxMessage]:
    query = (
        select(OutboxMessage)
        .where(OutboxMessage.status == OutboxStatus.FAILED)
        .order_by(OutboxMessage.id.desc())
        .limit(limit)
    )
    return list(session.scalars(query))
