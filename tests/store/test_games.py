"""The games repository: games, players, phase history, orders and the record."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.store import games
from judge.store.models import Game, GameStatus, PlayerRole, PlayerStatus

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends

S1901M = GameState.from_units(
    Phase.parse("S1901M"), [Unit("FRANCE", UnitType.ARMY, "PAR")], centers={"PAR": "FRANCE"}
)
F1901M = S1901M.with_(phase=Phase.parse("F1901M"))


def _game(session: Session, clock: ManualClock, name: str = "g1") -> Game:
    return games.create_game(session, name=name, variant="standard", rng_seed=42, now=clock.now())


def test_a_created_game_is_forming_and_found_by_name(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        _game(session, clock)
    with sessions() as session:
        game = games.get_game(session, "g1", for_update=True)
        assert game is not None
        assert game.status == GameStatus.FORMING
        assert game.created_at == clock.now()
        assert game.settings == {} and game.winner is None
        assert games.get_game(session, "nope") is None


def test_game_names_are_unique(sessions: sessionmaker[Session], clock: ManualClock) -> None:
    with sessions.begin() as session:
        _game(session, clock)
    with pytest.raises(IntegrityError), sessions.begin() as session:
        _game(session, clock)


def test_json_columns_keep_top_level_changes(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        game.settings["zine"] = "zine@example.org"
        game.winner = ["FRANCE", "ENGLAND"]
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None
        assert game.settings == {"zine": "zine@example.org"}
        assert game.winner == ["FRANCE", "ENGLAND"]


def test_deadlines_come_back_as_aware_utc(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    deadline = clock.now() + timedelta(days=2)
    with sessions.begin() as session:
        _game(session, clock).next_deadline = deadline
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None and game.next_deadline == deadline
        assert game.next_deadline.utcoffset() == timedelta(0)


def test_due_games_are_active_games_past_their_deadline(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        for name, status, hours in [
            ("late", GameStatus.ACTIVE, -1),
            ("later", GameStatus.ACTIVE, -2),
            ("future", GameStatus.ACTIVE, 1),
            ("paused", GameStatus.PAUSED, -1),
        ]:
            game = _game(session, clock, name)
            game.status = status
            game.next_deadline = clock.now() + timedelta(hours=hours)
    with sessions.begin() as session:
        due = games.due_games(session, clock.now())
        assert [g.name for g in due] == ["later", "late"]


def test_players_are_listed_by_role_and_status(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        games.add_player(session, game, address="gm@x.org", password_hash="h", now=clock.now(),
                         role=PlayerRole.MASTER)
        ann = games.add_player(session, game, address="Ann@X.org", password_hash="h",
                               now=clock.now(), powers=["FRANCE"])
        bob = games.add_player(session, game, address="bob@x.org", password_hash="h",
                               now=clock.now())
        bob.status = PlayerStatus.RESIGNED
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None
        players = games.players_of(session, game, roles=[PlayerRole.PLAYER])
        assert [(p.address, p.powers) for p in players] == [("Ann@X.org", ["FRANCE"])]
        everyone = games.players_of(session, game, statuses=None)
        assert len(everyone) == 3
        [(found, player)] = games.games_of_address(session, "ann@x.org")
        assert found.name == "g1" and player.id == ann.id


def test_phase_history_replays_in_order_and_tracks_the_current_phase(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        first = games.record_phase(session, game, S1901M, now=clock.now(), lot_seed=7)
        games.mark_processed(first, {"orders": []}, now=clock.now())
        games.record_phase(session, game, F1901M, now=clock.now())
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None and game.phase == "F1901M"
        history = games.phase_history(session, game)
        assert [(r.seq, r.phase) for r in history] == [(1, "S1901M"), (2, "F1901M")]
        assert games.phase_state(history[0]) == S1901M
        assert history[0].lot_seed == 7 and history[0].results == {"orders": []}
        current = games.current_phase(session, game)
        assert current is not None and games.phase_state(current) == F1901M


def test_a_phase_is_recorded_only_once(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        games.record_phase(session, game, S1901M, now=clock.now())
    with pytest.raises(IntegrityError), sessions.begin() as session:
        game = games.get_game(session, "g1", for_update=True)
        assert game is not None
        games.record_phase(session, game, S1901M, now=clock.now())


def test_a_phase_is_processed_only_once(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        record = games.record_phase(session, _game(session, clock), S1901M, now=clock.now())
        games.mark_processed(record, {}, now=clock.now())
        with pytest.raises(games.PhaseAlreadyProcessed):
            games.mark_processed(record, {}, now=clock.now())


def test_later_orders_replace_earlier_ones_per_power(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        record = games.record_phase(session, game, S1901M, now=clock.now())
        games.set_orders(session, record, "FRANCE", ["A PAR - BUR"], now=clock.now())
        games.set_orders(session, record, "ENGLAND", ["F LON - NTH"], now=clock.now())
        clock.advance(60)
        games.set_orders(session, record, "FRANCE", ["A PAR - PIC"], now=clock.now())
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None
        record = games.current_phase(session, game)
        assert record is not None
        assert games.submitted_orders(session, record) == {
            "ENGLAND": ["F LON - NTH"],
            "FRANCE": ["A PAR - PIC"],
        }


def test_events_keep_their_order_and_audience(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        games.add_event(session, game, kind="results", body="S1901M", now=clock.now())
        games.add_event(session, game, kind="press", body="psst", now=clock.now(),
                        author="FRANCE", recipients=["ENGLAND"])
        games.add_event(session, game, kind="broadcast", body="hi all", now=clock.now())
    with sessions() as session:
        game = games.get_game(session, "g1")
        assert game is not None
        assert [e.body for e in games.events_of(session, game)] == ["S1901M", "psst", "hi all"]
        public = games.events_of(session, game, public_only=True)
        assert [e.body for e in public] == ["S1901M", "hi all"]
        private = games.events_of(session, game)[1]
        assert not private.public and private.recipients == ["ENGLAND"]


def test_deleting_a_game_deletes_its_players_and_history(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions.begin() as session:
        game = _game(session, clock)
        games.add_player(session, game, address="a@x.org", password_hash="h", now=clock.now())
        record = games.record_phase(session, game, S1901M, now=clock.now())
        games.set_orders(session, record, "FRANCE", ["A PAR H"], now=clock.now())
    with sessions.begin() as session:
        game = games.get_game(session, "g1")
        assert game is not None
        session.delete(game)
    with sessions() as session:
        assert games.list_games(session) == []
