"""A game's timetable: phase lengths, grace, the reminder, and the deadline itself.

Deadlines are data on the game row: `next_deadline`, `remind_at` (None once the
reminder went) and `grace_until` (set when the late notices went out). The
scheduler claims a game when the first of them has passed (`store.due_games`).
Everything here only computes and sets those columns; nothing reads a clock: the
caller passes `now`.

Defaults (njudge-like; the master changes them with `SET ... NEXT` and `SET GRACE`):
a movement phase lasts 71 hours, a retreat, adjustment or bid phase 23 hours; the
grace is 7 days after a movement deadline and 3 days after the others. The reminder
goes 24 hours before the deadline, or halfway through a phase shorter than 48 hours.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from judge.rules.state import Phase, PhaseType
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus

KINDS: dict[PhaseType, str] = {
    PhaseType.MOVEMENT: "MOVE",
    PhaseType.RETREAT: "RETREAT",
    PhaseType.ADJUSTMENT: "ADJUST",
    PhaseType.BID: "BID",
}
DEFAULT_LENGTH: dict[str, timedelta] = {
    "MOVE": timedelta(hours=71),
    "RETREAT": timedelta(hours=23),
    "ADJUST": timedelta(hours=23),
    "BID": timedelta(hours=23),
}
DEFAULT_GRACE: dict[str, timedelta] = {
    "MOVE": timedelta(days=7),
    "RETREAT": timedelta(days=3),
    "ADJUST": timedelta(days=3),
    "BID": timedelta(days=3),
}
REMINDER_LEAD = timedelta(hours=24)


def kind_of(phase_code: str | None) -> str:
    """`MOVE`, `RETREAT`, `ADJUST` or `BID` for a phase code (MOVE when unknown)."""
    if not phase_code:
        return "MOVE"
    return KINDS[Phase.parse(phase_code).type]


def phase_length(settings: GameSettings, kind: str) -> timedelta:
    """The master's length for this kind of phase (`SET ... NEXT`), or the default."""
    return settings.phase_lengths.get(kind, DEFAULT_LENGTH[kind])


def grace_of(settings: GameSettings, kind: str) -> timedelta:
    """The master's grace (`SET GRACE`, every kind), or the default for this kind."""
    return DEFAULT_GRACE[kind] if settings.grace is None else settings.grace


def reminder_time(start: datetime, deadline: datetime) -> datetime | None:
    """24 hours before the deadline, or halfway for a short phase; None if past."""
    lead = min(REMINDER_LEAD, (deadline - start) / 2)
    return deadline - lead if lead > timedelta(0) else None


def open_phase(game: Game, now: datetime) -> None:
    """Start the clock of the game's current phase: its deadline is its length away.

    In a paused game the phase's time starts at RESUME (which shifts it).
    """
    length = phase_length(GameSettings.of(game), kind_of(game.phase))
    set_deadline(game, now + length, now)
    if game.status is GameStatus.PAUSED:
        game.paused_at = now


def set_deadline(game: Game, deadline: datetime, now: datetime) -> None:
    """A new deadline for the current phase: a fresh reminder, no grace running."""
    game.next_deadline = deadline
    game.remind_at = reminder_time(now, deadline)
    game.grace_until = None


def clear_schedule(game: Game) -> None:
    """A finished game has nothing left to wait for."""
    game.next_deadline = None
    game.remind_at = None
    game.grace_until = None
    game.paused_at = None


def grace_end(game: Game) -> datetime | None:
    """When the grace after the current deadline ends."""
    if game.next_deadline is None:
        return None
    return game.next_deadline + grace_of(GameSettings.of(game), kind_of(game.phase))


def shift(game: Game, delta: timedelta) -> None:
    """Move every time of the timetable by `delta` (after a pause)."""
    if game.next_deadline is not None:
        game.next_deadline += delta
    if game.remind_at is not None:
        game.remind_at += delta
    if game.grace_until is not None:
        game.grace_until += delta


def pause(game: Game, now: datetime) -> None:
    game.status = GameStatus.PAUSED
    game.paused_at = now


def resume(game: Game, now: datetime) -> timedelta:
    """Run the game again; its times move on by the length of the pause (returned)."""
    paused = now - game.paused_at if game.paused_at is not None else timedelta(0)
    shift(game, paused)
    game.status = GameStatus.ACTIVE
    game.paused_at = None
    return paused
