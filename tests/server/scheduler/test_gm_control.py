"""The master's controls, each announced to the game: PAUSE and RESUME (which shift
the deadline by the pause), PROCESS, EJECT, TERMINATE; a resignation and a takeover."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from support.server.scheduler.driver import Scheduler, text_to, to_whom
from support.service.harness import JudgeHarness, body_of

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
DEADLINE = START + timedelta(hours=71)
GM, WATCHER, ZINE = "gm@example.org", "watcher@example.org", "zine@example.org"
EVERYONE = {f"p{i}@example.org" for i in range(7)} | {GM, WATCHER, ZINE}


def _game(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply(WATCHER, "OBSERVE g1 look")
    judge.reply(GM, f"SIGNON Mg1 gmpass\nSET ZINE {ZINE}")


def _master(judge: JudgeHarness, *lines: str) -> list[object]:
    return list(judge.send(GM, "\n".join(["SIGNON Mg1 gmpass", *lines])))


def test_pause_and_resume_shift_the_deadline_by_the_pause(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    paused, resumed = START + timedelta(hours=10), DEADLINE + timedelta(days=30)
    judge.clock.set(paused)
    _master(judge, "PAUSE")
    assert scheduler.at(resumed) == []
    assert judge.status()["status"] == "paused"
    _master(judge, "RESUME")
    assert scheduler.deadline() == DEADLINE + (resumed - paused)
    mails = scheduler.at(DEADLINE + (resumed - paused) - timedelta(seconds=1))
    assert not to_whom(mails, "TEST:g1 - S1901M Results")
    assert len(to_whom(mails, "TEST:g1 - S1901M Reminder")) == 7
    assert judge.status()["status"] == "active"


def test_the_reminder_moves_with_the_pause_too(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _game(judge)
    _master(judge, "PAUSE")
    judge.clock.set(START + timedelta(days=2))
    _master(judge, "RESUME")
    assert scheduler.game().remind_at == START + timedelta(days=2) + timedelta(hours=47)


def test_pause_and_resume_are_announced_to_everyone(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nPAUSE")
    assert to_whom(mails, "TEST:g1 - Game Paused") == EVERYONE
    judge.clock.set(START + timedelta(hours=1))
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nRESUME")
    text = text_to(mails, "p0@example.org", "TEST:g1 - Game Resumed")
    assert "The master has resumed 'g1'. The deadline is now Sun Jan  4 2026 12:00 UTC." in text


def test_process_is_announced_and_the_results_follow(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nPROCESS")
    assert to_whom(mails, "TEST:g1 - Processed") == EVERYONE
    assert to_whom(mails, "TEST:g1 - S1901M Results") == EVERYONE


def test_eject_is_announced_and_the_power_can_be_taken_over(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nEJECT France")
    text = " ".join(text_to(mails, WATCHER, "TEST:g1 - France Ejected").split())
    assert "France is in civil disorder until someone the master approves takes it over" in text
    judge.reply(GM, "SIGNON Mg1 gmpass\nAPPROVE France new@example.org")
    mails = judge.send("new@example.org", "SIGNON Fg1 fresh\nA PAR H")
    reply = next(m for m in mails if m["To"] == "new@example.org" and "Re:" in m["Subject"])
    assert "You now play France in 'g1'" in body_of(reply)
    assert "OK: Army Paris HOLD." in body_of(reply)
    assert to_whom(mails, "TEST:g1 - France Taken Over") >= {GM, "p0@example.org"}
    assert "new@example.org" in [p["address"] for p in judge.status()["players"]]


def test_an_ejected_player_cannot_take_the_seat_back(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    judge.send(GM, "SIGNON Mg1 gmpass\nEJECT France")
    for password in ("pw2", "another"):
        reply = body_of(judge.reply("p2@example.org", f"SIGNON Fg1 {password}\nA PAR H"))
        assert "This address was ejected from 'g1' by the master" in " ".join(reply.split())
    active = judge.status()["players"]  # the status lists the active players
    assert "p2@example.org" not in [p["address"] for p in active]
    assert not [p for p in active if "FRANCE" in p["powers"]]


def test_a_takeover_of_an_ejected_seat_needs_the_masters_consent(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    judge.send(GM, "SIGNON Mg1 gmpass\nEJECT France")
    mails = judge.send("new@example.org", "SIGNON Fg1 fresh")
    reply = " ".join(body_of(next(m for m in mails if m["To"] == "new@example.org")).split())
    assert "only someone the master approves may take it over" in reply
    request = text_to(mails, GM, "TEST:g1 - France Takeover Request")
    assert "APPROVE France new@example.org" in request
    assert "new@example.org" not in [p["address"] for p in judge.status()["players"]]
    judge.reply(GM, "SIGNON Mg1 gmpass\nAPPROVE France other@example.org")
    refused = body_of(judge.reply("new@example.org", "SIGNON Fg1 fresh"))
    assert "only someone the master approves" in " ".join(refused.split())
    judge.reply(GM, "SIGNON Mg1 gmpass\nAPPROVE France new@example.org")
    taken = body_of(judge.reply("new@example.org", "SIGNON Fg1 fresh"))
    assert "You now play France in 'g1'" in taken


def test_the_master_may_approve_the_ejected_address_to_undo_an_eject(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    judge.send(GM, "SIGNON Mg1 gmpass\nEJECT France")
    judge.reply(GM, "SIGNON Mg1 gmpass\nAPPROVE France p2@example.org")
    assert "You now play France" in body_of(judge.reply("p2@example.org", "SIGNON Fg1 pw2"))


def test_approve_is_for_powers_nobody_plays(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _game(judge)
    reply = body_of(judge.reply(GM, "SIGNON Mg1 gmpass\nAPPROVE France new@example.org"))
    assert "Somebody plays France in 'g1': APPROVE is for a power nobody plays" in reply
    reply = body_of(judge.reply("p0@example.org", "SIGNON Ag1 pw0\nAPPROVE France x@example.org"))
    assert "*** Error" in reply


def test_a_resigned_power_goes_to_the_newcomer_the_master_approves_only(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    mails = judge.send("p2@example.org", "SIGNON Fg1 pw2\nRESIGN")
    assert to_whom(mails, "TEST:g1 - France Resigned") == EVERYONE - {"p2@example.org"}
    asked = judge.send("new@example.org", "SIGNON Fg1 fresh")
    assert to_whom(asked, "TEST:g1 - France Takeover Request") == {GM}
    judge.reply(GM, "SIGNON Mg1 gmpass\nAPPROVE France new@example.org")
    late = judge.reply("late@example.org", "SIGNON Fg1 other")
    assert "only someone the master approves may take it over" in " ".join(body_of(late).split())
    taken = judge.reply("new@example.org", "SIGNON Fg1 fresh")
    assert "You now play France in 'g1'" in " ".join(body_of(taken).split())
    again = judge.reply("late@example.org", "SIGNON Fg1 other")
    assert "Wrong password for 'g1'." in body_of(again)


def test_a_player_cannot_take_over_a_second_power(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _game(judge)
    judge.reply("p2@example.org", "SIGNON Fg1 pw2\nRESIGN")
    reply = judge.reply("p3@example.org", "SIGNON Fg1 grab")
    assert "You already play in 'g1'" in body_of(reply)


def test_terminate_tells_everyone_and_the_zine(judge: JudgeHarness, scheduler: Scheduler) -> None:
    _game(judge)
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nTERMINATE")
    assert to_whom(mails, "TEST:g1 - Game Over") == EVERYONE
    assert scheduler.at(DEADLINE) == []


def test_the_zine_gets_the_start_mail_when_set_before_the_start(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    judge.reply(GM, f"CREATE g1 gmpass standard ZINE {ZINE}")
    mails = []
    for index in range(7):
        mails += judge.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    text = text_to(mails, ZINE, "TEST:g1 - Game Start")
    assert "You are observing this game." in text
