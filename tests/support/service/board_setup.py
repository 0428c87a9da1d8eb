"""Putting a chosen position on a running game's current phase, for service tests
that need a board the opening cannot reach in a few moves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sqlalchemy.orm import Session, sessionmaker

from judge.rules.state import GameState, Unit, UnitType
from judge.store import games as store
from judge.store.state_json import state_to_json


def unit(text: str) -> Unit:
    """`AUSTRIA A VIE` -> the unit."""
    power, kind, location = text.split()
    return Unit(power, UnitType(kind), location)


def place_board(
    sessions: sessionmaker[Session],
    units: Iterable[str],
    centres: Mapping[str, str],
    game: str = "g1",
) -> None:
    """Replace the board of `game`'s current phase (same phase code)."""
    with sessions.begin() as session:
        row = store.get_game(session, game)
        assert row is not None
        record = store.current_phase(session, row)
        assert record is not None
        phase = store.phase_state(record).phase
        state = GameState.from_units(phase, [unit(u) for u in units], centres)
        record.state = state_to_json(state)
