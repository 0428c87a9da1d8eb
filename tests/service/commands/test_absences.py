"""SET TIMEZONE, SET ABSENCE / NOABSENCE and SET MAXABSENCE by mail (the harness:
the real inbox worker and service, a manual clock at 2026-01-01 12:00 UTC)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest
from sqlalchemy import select
from support.service.harness import JudgeHarness, body_of

from judge.store.models import Absence, Game, Player

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

GM = "gm@example.org"


def reply_text(judge: JudgeHarness, power: str, *lines: str) -> str:
    player = judge.players[power]
    body = "\n".join([f"SIGNON {player.letter}g1 {player.password}", *lines])
    return " ".join(body_of(judge.reply(player.address, body)).split())


def deadline(judge: JudgeHarness) -> datetime:
    with judge.sessions() as session:
        game = session.scalars(select(Game).where(Game.name == "g1")).one()
        assert game.next_deadline is not None
        return game.next_deadline


def absences(judge: JudgeHarness) -> list[tuple[datetime, datetime]]:
    with judge.sessions() as session:
        rows = session.scalars(select(Absence).order_by(Absence.starts_at)).all()
        return [(row.starts_at, row.ends_at) for row in rows]


def results_text(mails: list[EmailMessage]) -> str:
    """The results mail of a phase (all alike here), its lines joined."""
    texts = {body_of(m) for m in mails if str(m["Subject"]).endswith(" Results")}
    assert len(texts) == 1
    return " ".join(texts.pop().split())


@pytest.fixture
def started(judge: JudgeHarness) -> JudgeHarness:
    judge.start_game()
    return judge


def test_set_timezone_shows_the_deadline_in_the_zone(started: JudgeHarness) -> None:
    # The game started at 2026-01-01 12:00 UTC: the spring deadline is 71 hours on.
    assert deadline(started) == datetime(2026, 1, 4, 11, 0, tzinfo=UTC)
    text = reply_text(started, "France", "SET TIMEZONE europe/paris")
    assert "Your time zone in 'g1' is now Europe/Paris" in text
    assert "The deadline is Sun Jan 4 2026 12:00 CET (Europe/Paris)." in text
    text = reply_text(started, "France", "SET NOTIMEZONE")
    assert "Your mails from 'g1' show times in UTC again." in text
    assert "The deadline is Sun Jan 4 2026 11:00 UTC." in text


def test_a_bad_zone_is_refused_and_changes_nothing(started: JudgeHarness) -> None:
    reply_text(started, "France", "SET TIMEZONE Asia/Tokyo")
    text = reply_text(started, "France", "SET TIMEZONE CET")
    assert "*** Error: SET TIMEZONE: CET" in text
    assert "SET TIMEZONE: CET is an abbreviation" in text
    assert "Europe/Paris" in text
    text = reply_text(started, "France", "SET TIMEZONE Europe/Pariss")
    assert "did you mean Europe/Paris?" in text
    assert "did you mean Europe/Paris?." not in text
    with started.sessions() as session:
        zones = {p.address: p.timezone for p in session.scalars(select(Player))}
    assert zones[started.players["France"].address] == "Asia/Tokyo"


def test_an_absence_moves_the_next_deadline_and_everyone_is_told(
    started: JudgeHarness,
) -> None:
    # Germany will be away from Jan 4 to Jan 6 (inclusive). The spring is processed at
    # the clock's time (Jan 1 12:00): the fall deadline, 71 hours on (Jan 4 11:00),
    # falls inside the absence and moves to its end, Jan 7 00:00.
    text = reply_text(started, "Germany", "SET ABSENCE 2026-01-04 TO 2026-01-06")
    assert (
        "Absence recorded in 'g1': from Sun Jan 4 2026 00:00 UTC to Wed Jan 7 2026 00:00 UTC"
        in text
    )
    assert "You have declared 3 days of the 14 days of absence allowed" in text
    mails = started.play_phase()
    results = [m for m in mails if "S1901M Results" in str(m["Subject"])]
    assert {m["To"] for m in results} >= {p.address for p in started.players.values()} | {GM}
    for mail in results:
        text = " ".join(body_of(mail).split())
        assert "The deadline for orders will be Wed Jan 7 2026 00:00 UTC." in text, text
        assert (
            "It was moved from Sun Jan 4 2026 11:00 UTC to the end of the absence declared by "
            "Germany (SET ABSENCE)." in text
        )
        assert started.players["Germany"].address not in text  # the power, not who
    assert deadline(started) == datetime(2026, 1, 7, 0, 0, tzinfo=UTC)


def send_as(judge: JudgeHarness, power: str, *lines: str) -> list[str]:
    """Mail as `power`; the texts of every mail the judge sent, reply first."""
    player = judge.players[power]
    body = "\n".join([f"SIGNON {player.letter}g1 {player.password}", *lines])
    mails = judge.send(player.address, body)
    mails.sort(key=lambda m: m["To"] != player.address)
    return [f"To: {m['To']}\nSubject: {m['Subject']}\n" + body_of(m) for m in mails]


def test_the_master_is_told_of_every_absence_in_the_masters_zone(
    started: JudgeHarness,
) -> None:
    started.reply(GM, "SIGNON Mg1 gmpass\nSET TIMEZONE America/New_York")
    reply, notice = send_as(started, "Italy", "SET ABSENCE Jan 10 18:00")
    assert "To: gm@example.org\nSubject: TEST:g1 - Italy Absence Declared\n" in notice
    assert "Italy (p4@example.org) declared an absence in 'g1':" in notice
    assert "  from Sat Jan 10 2026 13:00 EST (America/New_York)\n" in notice
    assert "  to   Sun Jan 11 2026 13:00 EST (America/New_York)\n" in notice
    reply, notice = send_as(started, "Italy", "SET NOABSENCE Jan 10")
    assert "Absence withdrawn in 'g1': the one from Sat Jan 10 2026 18:00 UTC" in reply
    assert "Subject: TEST:g1 - Italy Absence Withdrawn\n" in notice
    assert "Italy (p4@example.org) withdrew an absence in 'g1':" in notice
    assert absences(started) == []


def test_dates_are_read_in_the_players_zone(started: JudgeHarness) -> None:
    text = reply_text(started, "France", "SET TIMEZONE Europe/Paris", "SET ABSENCE 2026-01-10")
    assert "from Sat Jan 10 2026 00:00 CET (Europe/Paris) to Sun Jan 11 2026 00:00 CET" in text
    assert absences(started) == [
        (datetime(2026, 1, 9, 23, tzinfo=UTC), datetime(2026, 1, 10, 23, tzinfo=UTC))
    ]


def test_at_most_three_pending_absences(started: JudgeHarness) -> None:
    for day in (10, 12, 14):
        assert "Absence recorded" in reply_text(started, "Russia", f"SET ABSENCE Jan {day}")
    text = reply_text(started, "Russia", "SET ABSENCE Jan 16")
    assert "You already have 3 absences planned in 'g1', the most allowed" in text
    assert len(absences(started)) == 3
    # once one is over, another may be declared
    started.clock.set(datetime(2026, 1, 11, 0, 0, tzinfo=UTC))
    assert "Absence recorded" in reply_text(started, "Russia", "SET ABSENCE Jan 16")


def test_an_absence_longer_than_maxabsence_is_refused(started: JudgeHarness) -> None:
    text = reply_text(started, "Russia", "SET ABSENCE Jan 10 TO Jan 24")
    assert "That absence lasts 15 days: in 'g1' an absence may last at most 14 days" in text
    assert absences(started) == []
    text = started.reply(GM, "SIGNON Mg1 gmpass\nSET MAXABSENCE 21")
    assert "Maximum absence set to 21 days per player in this game." in body_of(text)
    assert "Absence recorded" in reply_text(started, "Russia", "SET ABSENCE Jan 10 TO Jan 24")


def test_maxabsence_caps_the_total_of_a_players_absences(started: JudgeHarness) -> None:
    started.reply(GM, "SIGNON Mg1 gmpass\nSET MAXABSENCE 5")
    assert "3 days of the 5 days" in reply_text(started, "Turkey", "SET ABSENCE Jan 10 TO Jan 12")
    text = reply_text(started, "Turkey", "SET ABSENCE Jan 20 TO Jan 22")
    assert "That absence (3 days) would take you over the 5 days of absence allowed" in text
    assert "you have declared 3 days already" in text
    assert "5 days of the 5 days" in reply_text(started, "Turkey", "SET ABSENCE Jan 20 TO Jan 21")
    # another player has days of their own
    assert "Absence recorded" in reply_text(started, "Austria", "SET ABSENCE Jan 10 TO Jan 12")


def test_maxabsence_zero_allows_none(started: JudgeHarness) -> None:
    started.reply(GM, "SIGNON Mg1 gmpass\nSET MAXABSENCE 0")
    text = reply_text(started, "Turkey", "SET ABSENCE Jan 10")
    assert "The master of 'g1' allows no absences (SET MAXABSENCE 0)." in text


def test_overlapping_backwards_and_past_absences_are_refused(started: JudgeHarness) -> None:
    reply_text(started, "England", "SET ABSENCE Jan 10 TO Jan 12")
    text = reply_text(started, "England", "SET ABSENCE Jan 12 TO Jan 14")
    assert "It overlaps your absence from Sat Jan 10 2026 00:00 UTC to Tue Jan 13" in text
    text = reply_text(started, "England", "SET ABSENCE 2026-01-20 TO 2026-01-18 12:00")
    assert "That absence would end (Sun Jan 18 2026 12:00 UTC) before it starts" in text
    text = reply_text(started, "England", "SET ABSENCE 2025-12-30")
    assert "is already over" in text
    assert len(absences(started)) == 1


def test_an_absence_from_today_counts_the_whole_day(started: JudgeHarness) -> None:
    text = reply_text(started, "England", "SET ABSENCE today TO Jan 2")
    assert "from Thu Jan 1 2026 00:00 UTC to Sat Jan 3 2026 00:00 UTC" in text
    assert "You have declared 2 days of the 14 days" in text


def test_days_used_by_an_absence_ended_early_are_whole_hours(started: JudgeHarness) -> None:
    reply_text(started, "England", "SET ABSENCE Jan 2 TO Jan 4")
    started.clock.set(datetime(2026, 1, 2, 6, 20, 5, tzinfo=UTC))
    reply_text(started, "England", "SET NOABSENCE")
    text = reply_text(started, "England", "SET ABSENCE Jan 10")
    assert "You have declared 31 hours of the 14 days" in text  # 6 h 20 min 5 s + 24 h


def test_noabsence_without_a_date_needs_a_single_absence(started: JudgeHarness) -> None:
    assert "no planned absence in 'g1'" in reply_text(started, "England", "SET NOABSENCE")
    reply_text(started, "England", "SET ABSENCE Jan 10", "SET ABSENCE Jan 20")
    text = reply_text(started, "England", "SET NOABSENCE")
    assert "You have 2 absences planned in 'g1': name the day" in text
    text = reply_text(started, "England", "SET NOABSENCE Jan 15")
    assert "You have no planned absence on Thu Jan 15 2026 in 'g1'." in text
    assert "Absence withdrawn" in reply_text(started, "England", "SET NOABSENCE Jan 20")
    assert "Absence withdrawn" in reply_text(started, "England", "SET NOABSENCE")
    assert absences(started) == []


def test_noabsence_of_a_begun_absence_ends_it_now(started: JudgeHarness) -> None:
    reply_text(started, "England", "SET ABSENCE Jan 2 TO Jan 4")
    started.clock.set(datetime(2026, 1, 3, 6, 0, tzinfo=UTC))
    assert "Absence withdrawn" in reply_text(started, "England", "SET NOABSENCE Jan 3")
    assert absences(started) == [
        (datetime(2026, 1, 2, tzinfo=UTC), datetime(2026, 1, 3, 6, 0, tzinfo=UTC))
    ]


def test_only_players_declare_absences(started: JudgeHarness) -> None:
    text = body_of(started.reply(GM, "SIGNON Mg1 gmpass\nSET ABSENCE Jan 10"))
    assert "Only a player of 'g1' may do that." in text
    text = body_of(started.reply(GM, "SIGNON Mg1 gmpass\nSET TIMEZONE Asia/Tokyo"))
    assert "Your time zone in 'g1' is now Asia/Tokyo" in text


def test_the_current_deadline_never_moves(started: JudgeHarness) -> None:
    before = deadline(started)
    reply_text(started, "Germany", "SET ABSENCE Jan 3 TO Jan 5")
    assert deadline(started) == before


def test_absences_of_two_powers_chain(started: JudgeHarness) -> None:
    reply_text(started, "Germany", "SET ABSENCE Jan 4 TO Jan 5")
    reply_text(started, "Italy", "SET ABSENCE Jan 6 TO Jan 7 12:00")
    reply_text(started, "Austria", "SET ABSENCE Jan 20")  # not in the way
    text = results_text(started.play_phase())
    assert "The deadline for orders will be Wed Jan 7 2026 12:00 UTC." in text
    assert (
        "It was moved from Sun Jan 4 2026 11:00 UTC to the end of the absences declared by "
        "Germany and Italy (SET ABSENCE)." in text
    )
    assert deadline(started) == datetime(2026, 1, 7, 12, tzinfo=UTC)


def test_an_absence_after_the_next_deadline_changes_nothing(started: JudgeHarness) -> None:
    reply_text(started, "Germany", "SET ABSENCE Jan 5")
    text = results_text(started.play_phase())
    assert "The deadline for orders will be Sun Jan 4 2026 11:00 UTC." in text
    assert "It was moved" not in text
    assert deadline(started) == datetime(2026, 1, 1, 12, tzinfo=UTC) + timedelta(hours=71)
