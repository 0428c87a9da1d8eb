"""`SET NMR`: at the end of the grace the game waits for missing orders (and reminds
the late player at each further grace end) instead of civil disorder; `SET CD`, the
default, processes with the missing orders in civil disorder."""

from __future__ import annotations

from datetime import timedelta

from support.server.scheduler.driver import Scheduler, text_to, to_whom
from support.service.harness import JudgeHarness, body_of

GM = "gm@example.org"


def _two_players_one_late(judge: JudgeHarness, setting: str) -> str:
    """A two-player game with `setting`, 1h grace; the first player orders. Returns
    the late player's address."""
    players = judge.start_game(count=2)
    reply = body_of(judge.reply(GM, f"SIGNON Mg1 gmpass\nSET MAPS OFF\nSET GRACE 1h\n{setting}"))
    assert "'g1' is now" in reply or "'g1' est maintenant" in reply
    status = judge.status()
    (first, _), (_, late) = sorted(players.items())
    judge.orders(first, *(f"{u} H" for u in status["powers"][first.upper()]["units"]))
    return late.address


def test_nmr_waits_after_the_grace_and_reminds_at_each_grace_end(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    late = _two_players_one_late(judge, "SET NMR")
    deadline = scheduler.deadline()
    first = scheduler.at(deadline)
    notice = " ".join(text_to(first, late, "TEST:g1 - S1901M Late Notice").split())
    assert "This game is set NMR: it goes on waiting for your orders" in notice
    others = " ".join(text_to(first, GM, "TEST:g1 - S1901M Late Powers").split())
    assert "This game is set NMR: it waits for them" in others
    again = scheduler.at(deadline + timedelta(hours=1))
    assert to_whom(again, "TEST:g1 - S1901M Late Notice") == {late}
    assert judge.status()["phase"] == "S1901M"
    assert scheduler.at(deadline + timedelta(hours=1, minutes=59)) == []
    assert to_whom(scheduler.at(deadline + timedelta(hours=2)), "TEST:g1 - S1901M Late Notice")
    assert judge.status()["phase"] == "S1901M"
    judge.reply(GM, "SIGNON Mg1 gmpass\nPROCESS")
    assert judge.status()["phase"] == "F1901M"


def test_cd_the_default_processes_at_the_end_of_the_grace(
    judge: JudgeHarness, scheduler: Scheduler
) -> None:
    _two_players_one_late(judge, "SET CD")
    deadline = scheduler.deadline()
    scheduler.at(deadline)
    mails = scheduler.at(deadline + timedelta(hours=1))
    assert any("S1901M Results" in str(m["Subject"]) for m in mails)
    assert judge.status()["phase"] == "F1901M"


def test_nmr_notices_in_french(judge: JudgeHarness, scheduler: Scheduler) -> None:
    late = _two_players_one_late(judge, "SET NMR\nSET LANGUAGE fr")
    mails = scheduler.at(scheduler.deadline())
    notice = " ".join(text_to(mails, late, "TEST:g1 - S1901M Avis de retard").split())
    assert "Cette partie est en NMR : elle continue ensuite d'attendre vos ordres" in notice
