"""The operator's view read from the tables (`judge status` without the service)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.store import games
from judge.store.models import GameStatus, PlayerRole
from judge.store.overview import game_overview, operator_overview


def test_a_game_overview_has_the_status_json_keys(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    state = GameState.from_units(
        Phase.parse("S1901M"), [Unit("FRANCE", UnitType.ARMY, "PAR")], centers={"PAR": "FRANCE"}
    )
    with sessions.begin() as session:
        game = games.create_game(session, name="g1", variant="standard", rng_seed=1,
                                 now=clock.now())
        game.status = GameStatus.ACTIVE
        game.next_deadline = clock.now() + timedelta(days=1)
        games.add_player(session, game, address="gm@x.org", password_hash="h", now=clock.now(),
                         role=PlayerRole.MASTER)
        games.add_player(session, game, address="ann@x.org", password_hash="h",
                         now=clock.now(), powers=["FRANCE"])
        games.record_phase(session, game, state, now=clock.now())
    with sessions() as session:
        overview = game_overview(session, "g1")
        assert game_overview(session, "nope") is None
    assert overview is not None
    assert overview["status"] == "active" and overview["phase"] == "S1901M"
    assert overview["deadline"] == "2026-01-02T12:00:00Z"
    assert overview["players"] == [{"address": "ann@x.org", "powers": ["FRANCE"]}]
    assert overview["powers"]["FRANCE"] == {
        "controller": "FRANCE", "units": ["A PAR"], "centers": ["PAR"],
    }
    assert overview["winner"] is None


def test_an_empty_judge_has_an_empty_overview(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        overview = operator_overview(session)
    assert overview == {
        "games": [], "inbox": {}, "failed_inbox": [], "outbox": {}, "failed_outbox": [],
    }
