"""`judge status GAME --json`: exactly the shape in mail.md."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from support.service.harness import JudgeHarness

from judge.service.status import game_status
from judge.store import games as store

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def test_the_status_of_a_running_game_has_the_documented_shape(judge: JudgeHarness) -> None:
    judge.start_game()
    status = judge.status()
    assert list(status) == [
        "game", "variant", "status", "phase", "deadline", "players", "powers", "winner"
    ]  # fmt: skip
    assert status["game"] == "g1" and status["variant"] == "standard"
    assert status["status"] == "active" and status["phase"] == "S1901M"
    assert status["deadline"] == "2026-01-04T11:00:00Z" and status["winner"] is None
    assert len(status["players"]) == 7
    assert {"address": "p2@example.org", "powers": ["FRANCE"]} in status["players"]
    assert status["powers"]["AUSTRIA"] == {
        "controller": "AUSTRIA",
        "units": ["A BUD", "F TRI", "A VIE"],
        "centers": ["BUD", "TRI", "VIE"],
    }
    assert sorted(status["powers"]) == [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"
    ]  # fmt: skip
    json.dumps(status)


def test_the_deadline_is_iso_8601_in_utc(judge: JudgeHarness) -> None:
    judge.start_game()
    with judge.sessions.begin() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        game.next_deadline = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    assert judge.status()["deadline"] == "2026-12-01T18:00:00Z"


def test_a_forming_game_has_no_phase_and_no_powers(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 pw standard")
    judge.reply("ann@example.org", "SIGNON ?g1 pw")
    status = judge.status()
    assert status["status"] == "forming" and status["phase"] is None
    assert status["players"] == [{"address": "ann@example.org", "powers": []}]
    assert status["powers"] == {}


def test_an_unknown_game_has_no_status(judge: JudgeHarness) -> None:
    with judge.sessions() as session:
        assert game_status(session, judge.variants, "nope") is None


def test_a_drawn_game_names_the_drawing_powers_as_winner(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    judge.orders("Austria", "DRAW")
    assert judge.status()["status"] == "active"
    judge.orders("England", "DRAW")
    status = judge.status()
    assert status["status"] == "finished"
    assert status["winner"] == ["AUSTRIA", "ENGLAND"]
