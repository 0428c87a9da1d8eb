"""A phase is processed at its deadline and not before; early processing and WAIT;
the master's timing settings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from support.server.scheduler.driver import Scheduler, to_whom
from support.service.harness import POWERS, JudgeHarness, body_of

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
MOVE = timedelta(hours=71)
SECOND = timedelta(seconds=1)


def _hold_all(judge: JudgeHarness, but: str = "") -> None:
    status = judge.status()
    for power in POWERS:
        if power != but:
            units = status["powers"][power.upper()]["units"]
            judge.orders(power, *(f"{unit} H" for unit in units))


def test_a_started_game_gets_its_first_deadline_71_hours_later(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    assert scheduler.deadline() == START + MOVE
    assert judge.status()["deadline"] == "2026-01-04T11:00:00Z"


def test_the_phase_is_processed_at_its_deadline_and_not_before(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    judge.orders("France", "SET WAIT")
    _hold_all(judge)
    assert judge.status()["phase"] == "S1901M"
    assert scheduler.at(START + MOVE - SECOND) == []
    assert judge.status()["phase"] == "S1901M"
    mails = scheduler.at(START + MOVE)
    assert len(to_whom(mails, "TEST:g1 - S1901M Results")) == 8
    assert judge.status()["phase"] == "F1901M"


def test_the_next_deadline_is_set_when_a_phase_is_processed(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    judge.clock.advance(timedelta(hours=5))
    _hold_all(judge)
    assert judge.status()["phase"] == "F1901M"
    assert scheduler.deadline() == START + timedelta(hours=5) + MOVE


def test_early_processing_does_not_wait_for_the_deadline(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    _hold_all(judge, but="Turkey")
    reply = judge.orders("Turkey", "F ANK H", "A CON H", "A SMY H")
    assert "S1901M has been processed" in body_of(reply)
    assert judge.clock.now() < START + MOVE


def test_set_wait_holds_the_phase_back_until_the_deadline(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    judge.orders("Italy", "SET WAIT")
    _hold_all(judge)
    assert scheduler.at(START + timedelta(hours=70)) == []
    assert judge.status()["phase"] == "S1901M"
    scheduler.at(START + MOVE)
    assert judge.status()["phase"] == "F1901M"


def test_a_results_mail_shows_the_next_deadline(judge: JudgeHarness, scheduler: Scheduler) -> None:
    judge.start_game()
    judge.orders("Italy", "SET WAIT")
    _hold_all(judge)
    mails = scheduler.at(START + MOVE)
    results = [m for m in mails if m["Subject"] == "TEST:g1 - S1901M Results"]
    text = body_of(results[0])
    assert ":: Deadline: F1901M Wed Jan  7 2026 10:00 UTC" in text
    assert "The deadline for orders will be Wed Jan  7 2026 10:00 UTC." in text


def test_the_master_sets_an_absolute_deadline_and_everyone_is_told(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    mails = judge.send("gm@example.org", "SIGNON Mg1 gmpass\nSET DEADLINE 2026-01-02T18:00Z")
    reply = next(m for m in mails if m["Subject"] == "Re: orders")
    assert "The deadline of 'g1' is now Fri Jan  2 2026 18:00 UTC" in body_of(reply)
    assert len(to_whom(mails, "TEST:g1 - Deadline Changed")) == 8
    assert scheduler.deadline() == datetime(2026, 1, 2, 18, 0, tzinfo=UTC)


def test_a_relative_deadline_counts_from_now(judge: JudgeHarness, scheduler: Scheduler) -> None:
    judge.start_game()
    judge.clock.advance(timedelta(hours=1))
    judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET DEADLINE +36h")
    assert scheduler.deadline() == START + timedelta(hours=37)


def test_a_deadline_in_the_past_is_refused(judge: JudgeHarness, scheduler: Scheduler) -> None:
    judge.start_game()
    reply = judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET DEADLINE 2025-12-01T18:00Z")
    assert "has already passed: a deadline must be in\nthe future" in body_of(reply)
    assert scheduler.deadline() == START + MOVE


def test_only_the_master_sets_deadlines(judge: JudgeHarness, scheduler: Scheduler) -> None:
    judge.start_game()
    reply = judge.orders("France", "SET DEADLINE +1h")
    assert "Only the master of 'g1' may do that." in body_of(reply)


def test_phase_lengths_set_by_the_master_apply_to_the_next_phases(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.reply("gm@example.org", "CREATE g1 gmpass standard MOVE NEXT 2d")
    judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET RETREAT NEXT 12h\nSET GRACE 1d")
    game = scheduler.game()
    assert game.settings["next"] == {"MOVE": 2 * 86400, "RETREAT": 12 * 3600}
    assert game.settings["grace"] == 86400


def test_a_game_started_with_a_move_length_uses_it_for_the_first_deadline(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.reply("gm@example.org", "CREATE g2 gmpass standard MOVE NEXT 2d")
    for index in range(7):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g2 pw{index}")
    assert scheduler.deadline("g2") == START + timedelta(days=2)


def test_set_deadline_needs_a_running_game(judge: JudgeHarness) -> None:
    reply = judge.reply("gm@example.org", "CREATE g1 gmpass standard DEADLINE +1d")
    assert "SET DEADLINE sets the deadline of a running game" in body_of(reply)
    reply = judge.reply("gm@example.org", "CREATE g1 gmpass standard\nSET DEADLINE +1d")
    assert "Game 'g1' has not started yet." in body_of(reply)


def test_set_deadline_reads_days_as_set_absence_does(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    reply = judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET DEADLINE Sat Jan 3 2026 23:30")
    assert "The deadline of 'g1' is now Sat Jan  3 2026 23:30 UTC" in body_of(reply)
    assert scheduler.deadline() == datetime(2026, 1, 3, 23, 30, tzinfo=UTC)
    # A day alone keeps the time of day of the deadline; in the master's zone.
    judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET TIMEZONE Europe/Paris")
    reply = judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET DEADLINE tomorrow")
    # 23:30 UTC is 00:30 in Paris; tomorrow in Paris is Jan 2: 00:30 there, 23:30 UTC Jan 1.
    assert scheduler.deadline() == datetime(2026, 1, 1, 23, 30, tzinfo=UTC), body_of(reply)
