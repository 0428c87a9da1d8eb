"""At the deadline, too, a phase in which no power can do anything is skipped: the
scheduler processes the fall, and the winter where Austria cannot build (no free
home centre) is processed with it, so the next deadline is the spring's."""

from __future__ import annotations

from support.server.scheduler.driver import Scheduler
from support.service.harness import JudgeHarness, body_of
from support.service.winter_skip import HOLD_ENGLAND, to_fall


def test_at_the_deadline_a_winter_no_power_can_act_in_is_skipped(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    to_fall(judge)
    judge.orders("Austria", "A VIE H", "A BUD H", "F TRI H", "A SER-BUL")
    judge.orders("England", "SET WAIT", *HOLD_ENGLAND)
    assert judge.status()["phase"] == "F1901M"  # WAIT holds it back until the deadline
    deadline = scheduler.deadline()
    mails = scheduler.at(deadline)
    assert judge.status()["phase"] == "S1902M"
    fall = [body_of(m) for m in mails if m["Subject"] == "TEST:g1 - F1901M Results"]
    assert "Skipped: Adjustment for Winter of 1901 (W1901A)." in fall[0]
    assert not [m for m in mails if m["Subject"] == "TEST:g1 - W1901A Results"]
    assert scheduler.deadline() > deadline
