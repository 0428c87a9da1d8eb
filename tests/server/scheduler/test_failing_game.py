"""A game whose processing raises (issue 22, item 3): backed off, parked after
`ATTEMPTS` failures with its error, listed by `judge status`, its master told once,
and taken back by `judge retry --game`. It used to be retried every round, forever
(a traceback a second with `poll_seconds = 1`), and `judge status` never showed it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from support.server.scheduler.driver import Scheduler, subjects
from support.service.harness import JudgeHarness, body_of

from judge import cli
from judge.server import scheduler as scheduler_module
from judge.store import game_failures
from judge.store.models import GameFailure
from judge.store.overview import operator_overview

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

PARKED = "TEST:g1 - Game Stopped"


def test_a_failing_game_is_backed_off_parked_listed_and_taken_back(
    judge: JudgeHarness, scheduler: Scheduler, monkeypatch: pytest.MonkeyPatch,
    write_config: Callable[..., Path], database_url: str, capsys: pytest.CaptureFixture[str],
) -> None:
    judge.start_game(count=2)
    calls: list[str] = []

    def broken(session: object, config: object, variants: object, game: object,
               now: object) -> None:
        calls.append("run_due")
        raise RuntimeError("the game's record is corrupt")

    monkeypatch.setattr(scheduler_module, "run_due", broken)
    mails = scheduler.at(scheduler.deadline())
    assert (calls, mails) == (["run_due"], [])
    assert scheduler.round() == [] and len(calls) == 1  # backed off: not every round
    for attempt in range(2, game_failures.ATTEMPTS + 1):
        scheduler.after(game_failures.backoff(attempt - 1) - timedelta(seconds=1))
        assert len(calls) == attempt - 1  # not before its back-off is over
        mails = scheduler.after(timedelta(seconds=1))
        assert len(calls) == attempt
    # Parked at the last attempt: the master is told, once, with the error.
    assert subjects(mails) == [("gm@example.org", PARKED)]
    assert "RuntimeError: the game's record is corrupt" in body_of(mails[0])
    assert scheduler.after(timedelta(days=3)) == []
    assert len(calls) == game_failures.ATTEMPTS

    with judge.sessions() as session:
        [listed] = operator_overview(session, judge.clock.now())["failing_games"]
    assert listed["game"] == "g1" and listed["parked"] and listed["master_told"]
    assert listed["attempts"] == game_failures.ATTEMPTS and listed["retry_at"] is None
    assert "RuntimeError: the game's record is corrupt" in listed["error"]
    assert "Traceback" in listed["error"]  # the whole traceback, for the operator
    config = str(write_config(database_url))
    assert cli.main(["status", "--config", config]) == 0
    shown = capsys.readouterr().out
    assert "failing games: 1" in shown
    assert "game g1 failed 5 time(s), parked (judge retry --game g1)" in shown

    monkeypatch.undo()  # the operator fixed the cause
    assert cli.main(["retry", "--config", config, "--game", "g1"]) == 0
    assert cli.main(["retry", "--config", config, "--game", "g1"]) == 1  # nothing to take back
    mails = scheduler.round()
    assert PARKED not in {subject for _to, subject in subjects(mails)}
    assert mails  # the deadline's business is done at last (late notices or results)
    with judge.sessions() as session:
        assert session.scalars(select(GameFailure)).all() == []
