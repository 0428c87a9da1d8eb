"""The reminder before the deadline, and the late notices after it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from support.server.scheduler.driver import Scheduler, text_to, to_whom
from support.service.harness import POWERS, JudgeHarness, body_of

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
DEADLINE = START + timedelta(hours=71)
GRACE_END = DEADLINE + timedelta(days=7)
FRANCE, TURKEY, GM = "p2@example.org", "p6@example.org", "gm@example.org"
ON_TIME = {"p0@example.org", "p1@example.org", "p3@example.org", "p4@example.org",
           "p5@example.org"}  # fmt: skip


def _france_partial_turkey_silent(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply("watcher@example.org", "OBSERVE g1 look")
    status = judge.status()
    for power in POWERS:
        if power not in ("France", "Turkey"):
            judge.orders(power, *(f"{u} H" for u in status["powers"][power.upper()]["units"]))
    judge.orders("France", "F BRE-MAO")


def test_the_reminder_goes_only_to_players_who_still_owe_orders(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _france_partial_turkey_silent(judge)
    assert scheduler.at(DEADLINE - timedelta(hours=24, seconds=1)) == []
    mails = scheduler.at(DEADLINE - timedelta(hours=24))
    assert to_whom(mails, "TEST:g1 - S1901M Reminder") == {FRANCE, TURKEY}
    assert len(mails) == 2


def test_the_reminder_shows_the_orders_sent_so_far(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _france_partial_turkey_silent(judge)
    mails = scheduler.at(DEADLINE - timedelta(hours=24))
    text = text_to(mails, FRANCE, "TEST:g1 - S1901M Reminder")
    assert "the deadline for Movement for Spring of 1901 in 'g1' is Sun Jan  4 2026 11:00" in (
        text.replace("\n", " ")
    )
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in text
    assert "France: no orders yet for A MAR, A PAR." in text


def test_the_reminder_goes_once(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _france_partial_turkey_silent(judge)
    scheduler.at(DEADLINE - timedelta(hours=24))
    assert scheduler.at(DEADLINE - timedelta(hours=1)) == []


def test_a_short_phase_is_reminded_halfway(judge: JudgeHarness, scheduler: Scheduler) -> None:
    judge.reply(GM, "CREATE g1 gmpass standard MOVE NEXT 10h")
    for index in range(7):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    assert scheduler.at(START + timedelta(hours=5) - timedelta(seconds=1)) == []
    mails = scheduler.at(START + timedelta(hours=5))
    assert len(to_whom(mails, "TEST:g1 - S1901M Reminder")) == 7


def test_at_the_deadline_each_late_player_gets_a_late_notice(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _france_partial_turkey_silent(judge)
    mails = scheduler.at(DEADLINE)
    assert to_whom(mails, "TEST:g1 - S1901M Late Notice") == {FRANCE, TURKEY}
    text = " ".join(text_to(mails, TURKEY, "TEST:g1 - S1901M Late Notice").split())
    assert "and your orders for Turkey are late." in text
    assert "The phase waits for you until Sun Jan 11 2026 11:00 UTC." in text
    partial = " ".join(text_to(mails, FRANCE, "TEST:g1 - S1901M Late Notice").split())
    assert "the deadline has passed, and the phase is processed when the rest" in partial
    assert "(or the deadline passes)" not in partial  # it has passed
    assert judge.status()["phase"] == "S1901M"


def test_the_others_and_the_master_are_told_who_is_late(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _france_partial_turkey_silent(judge)
    mails = scheduler.at(DEADLINE)
    assert to_whom(mails, "TEST:g1 - S1901M Late Powers") == ON_TIME | {GM}
    assert "Late: France and Turkey." in text_to(mails, GM, "TEST:g1 - S1901M Late Powers")
    assert "watcher@example.org" not in {m["To"] for m in mails}


def test_the_phase_waits_through_the_grace(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _france_partial_turkey_silent(judge)
    scheduler.at(DEADLINE)
    assert scheduler.at(GRACE_END - timedelta(seconds=1)) == []
    assert judge.status()["phase"] == "S1901M"


def test_late_orders_during_the_grace_process_the_phase_at_once_despite_wait(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _france_partial_turkey_silent(judge)
    judge.orders("Italy", "SET WAIT")
    scheduler.at(DEADLINE + timedelta(hours=2))
    judge.orders("France", "A PAR H", "A MAR H")
    reply = judge.orders("Turkey", "F ANK H", "A CON H", "A SMY H")
    assert "S1901M has been processed" in body_of(reply)
    assert scheduler.game().grace_until is None


def test_nobody_is_late_when_the_deadline_finds_every_order_in(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.start_game()
    judge.orders("Italy", "SET WAIT")
    status = judge.status()
    for power in POWERS:
        judge.orders(power, *(f"{u} H" for u in status["powers"][power.upper()]["units"]))
    mails = scheduler.at(DEADLINE)
    assert not to_whom(mails, "TEST:g1 - S1901M Late Notice")
    assert judge.status()["phase"] == "F1901M"


def test_a_resigned_player_is_not_waited_for(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _france_partial_turkey_silent(judge)
    judge.orders("Turkey", "RESIGN")
    mails = scheduler.at(DEADLINE)
    assert to_whom(mails, "TEST:g1 - S1901M Late Notice") == {FRANCE}


def test_set_grace_changes_a_running_grace(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _france_partial_turkey_silent(judge)
    scheduler.at(DEADLINE)
    judge.reply(GM, "SIGNON Mg1 gmpass\nSET GRACE 1d")
    assert scheduler.game().grace_until == DEADLINE + timedelta(days=1)
    scheduler.at(DEADLINE + timedelta(days=1))
    assert judge.status()["phase"] == "F1901M"
