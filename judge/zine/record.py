"""A game's public record, read from the store: the zine's only view of the database.

Everything here is public by construction: processed phases (the board before and
after, the order results, the public part of the variant's report), the events
marked public (press, broadcasts, the game-over notice) and the variant's
`public_summary` (and, once the game is over, what the variant reveals then).
Orders and bids of a phase that has not been processed, private
press and the variant's private data are never read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.rules.results import OrderResult
from judge.rules.state import GameState
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Event, Game, GameStatus, PhaseRecord
from judge.variants.base import Snapshot, Variant
from judge.variants.registry import VariantRegistry
from judge.zine.stored import order_results, public_report

# Events the zine draws from structured data instead of printing their text.
STRUCTURED_EVENTS = frozenset({"results", "end", "start"})


@dataclass(frozen=True)
class PlayedPhase:
    """A processed phase: the board it started from, what happened, and the board after."""

    before: GameState
    after: GameState
    results: list[OrderResult]  # in stored order
    report: Mapping[str, Any]  # the public part of the variant's report


@dataclass(frozen=True)
class Press:
    """A public message: press for everyone, or a broadcast."""

    kind: str
    author: str | None
    subject: str | None
    body: str
    phase: str | None
    sent: datetime


@dataclass(frozen=True)
class GameRecord:
    name: str
    variant: Variant
    status: GameStatus
    winner: str | list[str] | None
    phase: str | None  # the current phase, or the final board's phase
    played: list[PlayedPhase]
    press: list[Press]
    endings: list[str]  # the texts of the game-over notices
    latest: Snapshot | None  # the latest board with the variant's data; None if forming

    @property
    def finished(self) -> bool:
        return self.status is GameStatus.FINISHED

    @property
    def board(self) -> GameState | None:
        return None if self.latest is None else self.latest.state

    def summary(self) -> Mapping[str, Any]:
        """The variant's public summary of the latest snapshot (e.g. who is neutral)."""
        return {} if self.latest is None else self.variant.public_summary(self.latest)


def read_record(session: Session, variants: VariantRegistry, game: Game) -> GameRecord:
    variant = variants.get(game.variant)
    records = store.phase_history(session, game)
    states = [store.phase_state(record) for record in records]
    played = [
        _played(variant, record, states[i], states[i + 1])
        for i, record in enumerate(records[:-1])
        if record.processed_at is not None
    ]
    events = store.events_of(session, game, public_only=True)
    rules = dict(GameSettings.of(game).rules)
    latest = Snapshot(states[-1], dict(game.variant_data), rules) if states else None
    return GameRecord(
        name=game.name,
        variant=variant,
        status=game.status,
        winner=game.winner,
        phase=game.phase,
        played=played,
        press=[_press(e) for e in events if e.kind not in STRUCTURED_EVENTS],
        endings=[e.body for e in events if e.kind == "end"],
        latest=latest,
    )


def _played(
    variant: Variant, record: PhaseRecord, before: GameState, after: GameState
) -> PlayedPhase:
    return PlayedPhase(
        before=before,
        after=after,
        results=order_results(variant.map, before, record.results),
        report=public_report(record.report),
    )


def _press(event: Event) -> Press:
    return Press(
        kind=event.kind,
        author=event.author,
        subject=event.subject,
        body=event.body,
        phase=event.phase,
        sent=event.created_at,
    )

