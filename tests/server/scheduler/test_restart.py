"""After an outage the due games are processed at once: nothing skipped, nothing run
twice; a failed attempt leaves no trace; a claimed game is not claimed again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from support.server.scheduler.driver import Scheduler, to_whom
from support.service.harness import POWERS, JudgeHarness

from judge.service.game import processing
from judge.store import game_failures
from judge.store import games as store
from judge.store.db import is_postgres
from judge.store.models import Event, OutboxMessage, PhaseRecord

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
DEADLINE = START + timedelta(hours=71)
OUTAGE = timedelta(days=10)


def _all_in_but_waiting(judge: JudgeHarness, *, silent: str = "") -> None:
    judge.start_game()
    judge.orders("Italy", "SET WAIT")
    status = judge.status()
    for power in POWERS:
        if power != silent:
            judge.orders(power, *(f"{u} H" for u in status["powers"][power.upper()]["units"]))


def _count(judge: JudgeHarness, query: object) -> int:
    with judge.sessions() as session:
        return int(session.scalar(query) or 0)  # type: ignore[call-overload]


def test_a_deadline_missed_during_an_outage_is_processed_once_on_restart(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _all_in_but_waiting(judge)
    mails = scheduler.at(DEADLINE + OUTAGE)
    assert len(to_whom(mails, "TEST:g1 - S1901M Results")) == 8
    assert judge.status()["phase"] == "F1901M"
    assert scheduler.deadline() == DEADLINE + OUTAGE + timedelta(hours=71)
    assert scheduler.round() == []
    records = select(func.count()).select_from(PhaseRecord).where(PhaseRecord.phase == "S1901M")
    assert _count(judge, records) == 1
    results = select(func.count()).select_from(Event).where(Event.kind == "results")
    assert _count(judge, results) == 1


def test_a_grace_that_ended_during_an_outage_processes_the_late_power_in_disorder(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _all_in_but_waiting(judge, silent="Turkey")
    mails = scheduler.at(DEADLINE + OUTAGE)
    assert not to_whom(mails, "TEST:g1 - S1901M Late Notice")
    assert len(to_whom(mails, "TEST:g1 - S1901M Results")) == 8
    assert judge.status()["phase"] == "F1901M"


def test_an_outage_before_the_deadline_sends_the_late_notice_not_the_reminder(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _all_in_but_waiting(judge, silent="Turkey")
    mails = scheduler.at(DEADLINE + timedelta(hours=1))
    assert not to_whom(mails, "TEST:g1 - S1901M Reminder")
    assert to_whom(mails, "TEST:g1 - S1901M Late Notice") == {"p6@example.org"}


def test_a_failed_attempt_leaves_nothing_behind_and_is_retried(
    judge: JudgeHarness, scheduler: Scheduler, monkeypatch: pytest.MonkeyPatch
) -> None:
    _all_in_but_waiting(judge)
    mails_before = _count(judge, select(func.count()).select_from(OutboxMessage))
    real = processing._mail_results
    calls = []

    def crash_once(*args: object, **kwargs: object) -> None:
        calls.append(1)
        real(*args, **kwargs)  # type: ignore[arg-type]
        if len(calls) == 1:
            raise RuntimeError("the judge crashed while mailing the results")

    monkeypatch.setattr(processing, "_mail_results", crash_once)
    assert scheduler.at(DEADLINE) == []
    assert judge.status()["phase"] == "S1901M"
    assert _count(judge, select(func.count()).select_from(OutboxMessage)) == mails_before
    assert scheduler.round() == []  # a failed game is tried again after a back-off
    mails = scheduler.after(game_failures.backoff(1))
    assert len(to_whom(mails, "TEST:g1 - S1901M Results")) == 8
    assert judge.status()["phase"] == "F1901M"


def test_a_game_claimed_by_one_scheduler_is_skipped_by_another(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _all_in_but_waiting(judge)
    with judge.sessions() as first:
        if not is_postgres(first):
            pytest.skip("SQLite serialises the schedulers: the second would wait, not skip")
        assert [g.name for g in store.due_games(first, DEADLINE)] == ["g1"]
        with judge.sessions() as second:
            assert store.due_games(second, DEADLINE) == []
