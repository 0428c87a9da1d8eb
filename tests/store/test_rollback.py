"""The store's side of ROLLBACK on both backends: undone rows kept and marked, the
phase code free again among the standing rows, their results relabelled, their lots
found again."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.store import games
from judge.store.models import Game
from judge.store.rollback import (
    ROLLED_BACK_EVENT,
    roll_back,
    rolled_back_phases,
    undone_lot_seed,
)

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends

S1901M = GameState.from_units(
    Phase.parse("S1901M"), [Unit("FRANCE", UnitType.ARMY, "PAR")], centers={"PAR": "FRANCE"}
)
F1901M = S1901M.with_(phase=Phase.parse("F1901M"))
W1901A = S1901M.with_(phase=Phase.parse("W1901A"))


def _played(session: Session, clock: ManualClock) -> Game:
    """S1901M and F1901M processed (lots 11 and 12), W1901A open, results recorded."""
    game = games.create_game(session, name="g1", variant="standard", rng_seed=1,
                             now=clock.now())  # fmt: skip
    for state, seed in ((S1901M, 11), (F1901M, 12)):
        record = games.record_phase(session, game, state, now=clock.now(),
                                    variant_data={"at": state.phase.code})  # fmt: skip
        games.set_orders(session, record, "FRANCE", ["A PAR H"], now=clock.now())
        record.lot_seed = seed
        games.mark_processed(record, {"orders": []}, now=clock.now())
        games.add_event(session, game, kind="results", body=f"{record.phase} results",
                        now=clock.now(), phase=record.phase)  # fmt: skip
    games.record_phase(session, game, W1901A, now=clock.now())
    return game


def test_rolling_back_keeps_the_undone_rows_and_opens_the_phase_afresh(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _played(session, clock)
        target = games.phase_history(session, game)[0]
        done = roll_back(session, game, target, clock.now())
        assert done.undone == ("S1901M", "F1901M", "W1901A")
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None and game.phase == "S1901M"
        assert game.variant_data == {"at": "S1901M"}
        [current] = games.phase_history(session, game)
        assert (current.seq, current.processed_at, current.lot_seed) == (4, None, 11)
        assert games.submitted_orders(session, current) == {}
        assert games.current_phase(session, game) is current
        undone = rolled_back_phases(session, game)
        assert [(r.seq, r.phase) for r in undone] == [(1, "S1901M"), (2, "F1901M"),
                                                      (3, "W1901A")]  # fmt: skip
        assert games.submitted_orders(session, undone[0]) == {"FRANCE": ["A PAR H"]}
        assert undone_lot_seed(session, game, "F1901M") == 12
        assert undone_lot_seed(session, game, "W1901A") is None  # never processed
        kinds = [(e.kind, e.phase) for e in games.events_of(session, game)]
        assert kinds == [(ROLLED_BACK_EVENT, "S1901M"), (ROLLED_BACK_EVENT, "F1901M")]


def test_played_again_the_phases_stand_beside_their_undone_twins(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _played(session, clock)
        roll_back(session, game, games.phase_history(session, game)[0], clock.now())
        current = games.phase_history(session, game)[0]
        games.mark_processed(current, {"orders": []}, now=clock.now())
        games.record_phase(session, game, F1901M, now=clock.now())  # F1901M again
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None
        history = games.phase_history(session, game)
        assert [(r.seq, r.phase) for r in history] == [(4, "S1901M"), (5, "F1901M")]
        record, after = games.phase_and_next(session, game, "S1901M")
        assert (record.seq, after.seq) == (4, 5)


def test_two_standing_rows_of_one_phase_are_still_refused(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with pytest.raises(IntegrityError), sessions.begin() as session:
        game = _played(session, clock)
        games.record_phase(session, game, F1901M, now=clock.now())


def test_the_map_of_an_undone_phase_is_still_drawn_from_its_rows(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    """A results mail whose map is drawn after the master rolled its phase back."""
    with sessions.begin() as session:
        game = _played(session, clock)
        roll_back(session, game, games.phase_history(session, game)[1], clock.now())
        record, after = games.phase_and_next(session, game, "F1901M")
        assert (record.seq, record.rolled_back_at is not None, after.phase) == (2, True, "W1901A")
