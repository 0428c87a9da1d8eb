"""Late notices (issue 32, item 2): a player whose every unit has an accepted order is
never late, whatever else their mail had (a refused `A KIE-HOLL`); a late player is
told what is missing; after the deadline nobody is told "or the deadline passes", and
under SET NMR nobody is told the phase goes at the end of the grace period."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage

from support.server.scheduler.driver import Scheduler, to_whom
from support.service.harness import JudgeHarness, Player, body_of

GM = "gm@example.org"
LATE_NOTICE = "TEST:g1 - S1901M Late Notice"
LATE_NOTICE_FR = "TEST:g1 - S1901M Avis de retard"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _two_players(judge: JudgeHarness, setting: str) -> tuple[Player, Player]:
    """A two-player game with `setting` and a one-hour grace: the first player orders
    every unit and adds a line the judge refuses; the second orders one unit only."""
    players = judge.start_game(count=2)
    judge.reply(GM, f"SIGNON Mg1 gmpass\nSET MAPS OFF\nSET GRACE 1h\n{setting}")
    status = judge.status()
    (first, on_time), (second, late) = sorted(players.items())
    units = status["powers"][first.upper()]["units"]
    reply = _flat(body_of(judge.orders(first, *(f"{u} H" for u in units), "A KIE-HOLL")))
    assert "Your orders are complete." in reply or "Vos ordres sont complets." in reply
    one = status["powers"][second.upper()]["units"][0]
    judge.orders(second, f"{one} H")
    return on_time, late


def _notice(mails: list[EmailMessage], address: str, subject: str = LATE_NOTICE) -> str:
    found = [m for m in mails if m["To"] == address and m["Subject"] == subject]
    assert len(found) == 1, [(m["To"], m["Subject"]) for m in mails]
    return _flat(body_of(found[0]))


def _missing_units(judge: JudgeHarness, late: Player) -> list[str]:
    power = late.power.upper()
    return judge.status()["powers"][power]["units"][1:]


def test_under_nmr_only_the_player_missing_orders_is_late_and_told_what(
    judge: JudgeHarness,
) -> None:
    scheduler = Scheduler(judge)
    _, late = _two_players(judge, "SET NMR")
    missing = _missing_units(judge, late)
    mails = scheduler.at(scheduler.deadline())
    assert to_whom(mails, LATE_NOTICE) == {late.address}
    notice = _notice(mails, late.address)
    assert f"Missing: {late.power}: orders for {', '.join(missing)}." in notice
    assert "or the deadline passes" not in notice
    assert "end of the grace period" not in notice
    assert "the game (set NMR) waits for the rest, or for the master" in notice
    again = scheduler.at(scheduler.deadline() + timedelta(hours=1))
    assert to_whom(again, LATE_NOTICE) == {late.address}  # the complete player never is
    assert judge.status()["phase"] == "S1901M"
    units = judge.status()["powers"][late.power.upper()]["units"]
    judge.orders(late.power, *(f"{u} H" for u in units))
    assert judge.status()["phase"] == "F1901M"  # complete: processed at once


def test_under_cd_the_late_notice_names_the_grace_end_and_what_is_missing(
    judge: JudgeHarness,
) -> None:
    scheduler = Scheduler(judge)
    _, late = _two_players(judge, "SET CD")
    missing = _missing_units(judge, late)
    mails = scheduler.at(scheduler.deadline())
    assert to_whom(mails, LATE_NOTICE) == {late.address}
    notice = _notice(mails, late.address)
    assert f"Missing: {late.power}: orders for {', '.join(missing)}." in notice
    assert "or the deadline passes" not in notice
    assert "processed when the rest arrive or at the end of the grace period" in notice


def test_the_french_late_notice_names_what_is_missing(judge: JudgeHarness) -> None:
    scheduler = Scheduler(judge)
    _, late = _two_players(judge, "SET NMR\nSET LANGUAGE fr")
    missing = _missing_units(judge, late)
    notice = _notice(scheduler.at(scheduler.deadline()), late.address, LATE_NOTICE_FR)
    assert f": des ordres pour {', '.join(missing)}." in notice
    assert "Manque :" in notice
    assert "la partie (en NMR) attend les autres, ou que le maître traite la phase" in notice
    assert "fin du délai de grâce" not in notice
