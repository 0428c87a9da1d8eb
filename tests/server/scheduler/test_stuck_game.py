"""A game the scheduler finds due but whose round changes nothing is logged once and
parked, never claimed again in a loop (issue 31.6).

A row with `grace_until` past, `next_deadline` to come and no `remind_at` is due for
`store.due_games` (the first of the three that is set is the grace's end), while
`run_due` waits for the deadline and changes nothing: the round claimed the same game
again at once, forever, without a log line. The general rule: any game reported due
that the round leaves due with nothing changed is stuck.
"""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from sqlalchemy import update
from support.server.scheduler.driver import Scheduler, subjects
from support.service.harness import JudgeHarness, body_of

from judge.server import scheduler as scheduler_module
from judge.store import game_failures
from judge.store import games as store
from judge.store.models import Game

RUNS_ALLOWED = 50  # a round that claims the game this often is spinning


def test_a_due_game_the_round_leaves_unchanged_is_logged_once_and_parked(
    judge: JudgeHarness, scheduler: Scheduler, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    judge.start_game(count=2)
    now = judge.clock.now()
    deadline = scheduler.deadline()
    assert deadline > now + timedelta(hours=1)
    with judge.sessions.begin() as session:
        session.execute(update(Game).where(Game.name == "g1").values(
            remind_at=None, grace_until=now - timedelta(hours=1)))  # fmt: skip
    runs: list[str] = []
    real_run_due = scheduler_module.run_due

    def counted(*args: object) -> object:
        runs.append("run_due")
        if len(runs) > RUNS_ALLOWED:
            raise AssertionError("the scheduler claims the same game again and again")
        return real_run_due(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(scheduler_module, "run_due", counted)
    caplog.set_level(logging.INFO, logger="judge.server.scheduler")

    mails = scheduler.round()  # returns: the round ends

    assert len(runs) == 1
    said = [r.getMessage() for r in caplog.records if r.name == "judge.server.scheduler"]
    assert len(said) == 1, said
    assert said[0].startswith("scheduler: game g1 is due but its round changed nothing (")
    assert "remind_at none, grace_until " in said[0] and "`judge retry --game g1`" in said[0]
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None and game_failures.is_parked(session, game.id)
    assert subjects(mails) == [("gm@example.org", "TEST:g1 - Game Stopped")]
    assert "handling it changed nothing" in " ".join(body_of(mails[0]).split())  # wrapped at 78

    assert scheduler.round() == [] and len(runs) == 1  # parked: not claimed again
    assert scheduler.after(timedelta(days=1)) == [] and len(runs) == 1


def test_a_due_game_the_round_changes_is_not_parked(
    judge: JudgeHarness, scheduler: Scheduler,
) -> None:
    """The rule does not catch a game that moves: a reminder due is sent and cleared."""
    judge.start_game(count=2)
    now = judge.clock.now()
    with judge.sessions.begin() as session:
        session.execute(update(Game).where(Game.name == "g1").values(remind_at=now))
    scheduler.round()
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None and game.remind_at is None
        assert not game_failures.is_parked(session, game.id)
