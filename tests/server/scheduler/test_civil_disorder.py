"""At the end of the grace, the late powers go into civil disorder and the phase is
processed with the variant's defaults: units hold, retreats disband, builds are
waived, removals follow the civil-disorder rule."""

from __future__ import annotations

from datetime import timedelta

from support.server.scheduler.driver import Scheduler, text_to, to_whom
from support.service.harness import POWERS, JudgeHarness

GM = "gm@example.org"
MOVE_GRACE, OTHER_GRACE = timedelta(days=7), timedelta(days=3)
SPRING = {"France": ["A PAR-BUR"], "Italy": ["A VEN-TYR"]}
FALL = {"France": ["A BUR-MUN"], "Italy": ["A TYR S A BUR-MUN"]}


def _play(judge: JudgeHarness, scripted: dict[str, list[str]], silent: str = "") -> None:
    """Every power but `silent` orders: its scripted lines, and holds for the rest."""
    status = judge.status()
    for power in POWERS:
        if power == silent:
            continue
        lines = list(scripted.get(power, []))
        moved = {line.split()[1].split("-")[0] for line in lines}
        units = status["powers"][power.upper()]["units"]
        lines += [f"{unit} H" for unit in units if unit.split()[1] not in moved]
        judge.orders(power, *lines)


def _to_fall_retreats(judge: JudgeHarness) -> None:
    judge.start_game()
    _play(judge, SPRING)
    _play(judge, FALL)
    assert judge.status()["phase"] == "F1901R"


def _past_grace(scheduler: Scheduler, grace: timedelta) -> str:
    """Run the deadline and the end of the grace; the results mail the master got."""
    deadline = scheduler.deadline()
    scheduler.at(deadline)
    mails = scheduler.at(deadline + grace)
    results = [m for m in mails if str(m["Subject"]).endswith(" Results")]
    assert results, [m["Subject"] for m in mails]
    subject = str(results[0]["Subject"])
    assert to_whom(mails, subject) >= {GM}
    return text_to(mails, GM, subject)


def test_a_silent_power_holds_in_civil_disorder(judge: JudgeHarness, scheduler: Scheduler) -> None:
    judge.start_game()
    _play(judge, SPRING, silent="Turkey")
    text = _past_grace(scheduler, MOVE_GRACE)
    assert "Turkey: Army Constantinople HOLD." in text
    assert "France: Army Paris -> Burgundy." in text
    assert "Civil disorder: Turkey sent no complete orders" in text
    assert judge.status()["phase"] == "F1901M"


def test_a_silent_power_disbands_its_dislodged_unit(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _to_fall_retreats(judge)
    text = _past_grace(scheduler, OTHER_GRACE)
    assert "Germany: Army Munich DISBAND.  (*civil disorder*)" in text
    assert "Civil disorder: Germany sent no complete orders" in text
    assert judge.status()["powers"]["GERMANY"]["units"] == ["A BER", "F KIE"]


def test_silent_powers_waive_their_builds_and_lose_units_by_the_civil_disorder_rule(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _to_fall_retreats(judge)
    judge.orders("Germany", "A MUN R RUH")
    assert judge.status()["phase"] == "W1901A"
    text = _past_grace(scheduler, OTHER_GRACE)
    assert "Germany: Removes the army in Ruhr.  (*civil disorder*)" in text
    assert "Civil disorder: France and Germany sent no complete orders" in text
    status = judge.status()
    assert status["phase"] == "S1902M"
    assert len(status["powers"]["FRANCE"]["units"]) == 3
    assert len(status["powers"]["GERMANY"]["units"]) == 2
