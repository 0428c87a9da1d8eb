"""A player's time zone and planned absences, by mail against a real `judge serve`.

Over real SMTP, with the real clock: France chooses a time zone and the reply shows
the deadline in it; Russia's absences meet the limits (an over-long one, a fourth
one, SET NOABSENCE), the master being told of each; Germany declares an absence
over the next deadline, the spring is processed early, and every mailbox's
results mail shows the moved deadline and why, naming the power.

The spec (mail.md, player settings): "when a phase is processed and the next
deadline would fall inside a pending absence, that deadline moves to the
absence's end (the current deadline never moves)".
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

from support.e2e.judge_process import (
    MASTER,
    OBSERVER,
    PLAYERS,
    Judge,
    _body,
    _sign_up,
    _with_subject,
)
from support.service.scenario import orders_for, owes_orders

from judge.wording.time_display import show_time

SPACES = re.compile(r"\s+")


def _said(message: EmailMessage) -> str:
    """A mail's text with its lines joined: notes are wrapped at 78 columns."""
    return _flat(_body(message))


def _flat(text: str) -> str:
    return SPACES.sub(" ", text)


def _shown(moment: datetime, zone: str | None = None) -> str:
    """A moment as a (flattened) mail shows it."""
    return _flat(show_time(moment, zone))


def _midnight(moment: datetime, days: int = 0) -> datetime:
    return datetime.combine(moment.date() + timedelta(days=days), datetime.min.time(), UTC)


def _mail(judge: Judge, powers: dict[str, tuple[str, str]], power: str, *lines: str) -> str:
    address, password = powers[power]
    return _said(judge.send(address, "\n".join([f"SIGNON {power[0]}g1 {password}", *lines])))


def _notices(judge: Judge, subject: str) -> list[str]:
    return [_said(m) for m in judge.mails() if m["Subject"] == subject and m["To"] == MASTER]


def _day(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d")


def test_a_time_zone_and_absences_by_mail(quick_judge: Judge) -> None:
    judge = quick_judge
    powers = _sign_up(judge)
    deadline = datetime.fromisoformat(judge.status()["deadline"].replace("Z", "+00:00"))

    # France reads times in Paris; the reply shows the current deadline there.
    reply = _mail(judge, powers, "France", "SET TIMEZONE europe/paris")
    assert "Your time zone in 'g1' is now Europe/Paris" in reply, reply
    assert f"The deadline is {_shown(deadline, 'Europe/Paris')}." in reply, reply
    reply = _mail(judge, powers, "France", "SET TIMEZONE CET")
    assert "*** Error: SET TIMEZONE: CET is an abbreviation" in reply, reply
    reply = _mail(judge, powers, "France", "SET TIMEZONE UTC")
    assert "Your mails from 'g1' show times in UTC again." in reply, reply
    assert f"The deadline is {_shown(deadline)}." in reply, reply

    # Russia: an absence longer than the 14 days allowed, then three, then a fourth.
    now = datetime.now(UTC)
    far = [now + timedelta(days=days) for days in (30, 33, 36, 39)]
    too_long = f"SET ABSENCE {_day(far[0])} TO {_day(far[0] + timedelta(days=14))}"
    reply = _mail(judge, powers, "Russia", too_long)
    assert "That absence lasts 15 days: in 'g1' an absence may last at most 14 days" in reply
    for day in far[:3]:
        reply = _mail(judge, powers, "Russia", f"SET ABSENCE {_day(day)}")
        assert "Absence recorded in 'g1'" in reply, reply
    reply = _mail(judge, powers, "Russia", f"SET ABSENCE {_day(far[3])}")
    assert "You already have 3 absences planned in 'g1', the most allowed" in reply, reply
    reply = _mail(judge, powers, "Russia", f"SET NOABSENCE {_day(far[1])}")
    assert "Absence withdrawn in 'g1'" in reply, reply
    reply = _mail(judge, powers, "Russia", f"SET ABSENCE {_day(far[3])}")
    assert "You have declared 3 days of the 14 days" in reply, reply
    declared = _notices(judge, "TEST:g1 - Russia Absence Declared")
    assert len(declared) == 4  # the refused ones told nobody
    withdrawn = _notices(judge, "TEST:g1 - Russia Absence Withdrawn")
    assert len(withdrawn) == 1
    assert f"from {_shown(_midnight(far[1]))} to {_shown(_midnight(far[1], 1))}" in withdrawn[0]

    # Germany is away from today to four days on: the next deadline (71 hours after
    # the spring is processed) falls inside, and moves to the absence's end.
    back = _midnight(now, 5)
    away = f"SET ABSENCE {_day(now)} TO {_day(now + timedelta(days=4))}"
    reply = _mail(judge, powers, "Germany", away)
    assert f"from {_shown(_midnight(now))} to {_shown(back)}" in reply, reply
    assert judge.status()["deadline"] == deadline.strftime("%Y-%m-%dT%H:%M:%SZ")  # unmoved
    [notice] = _notices(judge, "TEST:g1 - Germany Absence Declared")
    assert f"Germany ({powers['Germany'][0]}) declared an absence in 'g1':" in notice

    status = judge.status()
    for power, (address, password) in powers.items():
        if owes_orders("S1901M", power, status):
            lines = [f"SIGNON {power[0]}g1 {password}", *orders_for("S1901M", power, status)]
            assert "No errors found" in _body(judge.send(address, "\n".join(lines)))
    results = judge.wait_for(_with_subject("TEST:g1 - S1901M Results"), "the spring results")
    assert {m["To"] for m in results} == {*PLAYERS, MASTER, OBSERVER}
    moved = re.compile(
        rf"The deadline for orders will be {re.escape(_shown(back))}\. "
        r"It was moved from \w{3} \w{3} \d+ \d{4} \d\d:\d\d UTC to the end of the absence "
        r"declared by Germany \(SET ABSENCE\)\."
    )
    for mail in results:
        text = _said(mail)
        assert moved.search(text), (mail["To"], text)
        assert powers["Germany"][0] not in text  # the power is named, never the address
    assert judge.status()["deadline"] == back.strftime("%Y-%m-%dT%H:%M:%SZ")
