"""The Intimate bid phase as njudge runs it (issue 21): every player's wait flag is set
when it opens, bids accumulate over mails as `BID power amount` or `<power> <amount>`,
a mail with refused bid lines holds the phase, and njudge's `S1901A` names it."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, start_intimate
from support.service.mercenary_builds import _germany_owes_two_builds

from judge.rules.state import Phase, PhaseType


def _history(judge: JudgeHarness) -> str:
    return body_of(judge.send(MASTER, "SIGNON Mg1 gmpass\nHISTORY g1")[0])


def test_a_first_bid_mail_with_more_to_follow_does_not_process_the_bid_phase(
    judge: JudgeHarness,
) -> None:
    """(Every ruleset: the dialogue property test.)"""
    start_intimate(judge, "intimate-2000")
    first = body_of(judge.orders("Germany", "BID Italy 4"))
    assert "Your bids in 'g1' for S1901B: Italy 4 (total 4)." in first
    assert "when your bids are complete, send SET\nNOWAIT." in first
    body_of(judge.orders("France", "BID Austria 3", "SET NOWAIT"))
    assert judge.status()["phase"] == "S1901B"  # Germany has not said it is done
    second = body_of(judge.orders("Germany", "BID Austria 6"))
    assert "S1901B: Austria 6, Italy 4 (total 10)." in second, second
    assert judge.status()["phase"] == "S1901B"
    judge.orders("Germany", "SET NOWAIT")
    assert judge.status()["phase"] == "S1901M"
    history = _history(judge)
    assert "Germany bids 6 for Austria." in history and "Germany bids 4 for Italy." in history


def test_refused_bid_lines_never_hold_the_bid_phase(judge: JudgeHarness) -> None:
    """Issue 32: what is on file decides; a refused bid line is not on file. A player
    who says SET NOWAIT is done, whatever lines of the mail were refused."""
    start_intimate(judge)
    judge.orders("France", "SET NOWAIT")
    reply = body_of(judge.orders("Germany", "BID Narnia 4", "SET WAIT"))  # unreadable BID
    assert reply.count("*** Error: ") == 1, reply
    assert judge.status()["phase"] == "S1901B"  # Germany's wait holds it, nothing else
    reply = body_of(judge.orders("Germany", "France 8", "BID Germany 1", "SET NOWAIT"))
    assert reply.count("*** Error: ") == 2, reply
    assert judge.status()["phase"] == "S1901M", reply


def test_njudge_bid_lines_power_amount_are_bids_and_0_cancels(judge: JudgeHarness) -> None:
    start_intimate(judge)
    reply = body_of(judge.orders("Germany", "Italy 3", "A 5", "Turkey: 2", "T 0", "5 Russia"))
    assert "*** Error" not in reply, reply
    assert "S1901B: Austria 5, Italy 3, Russia 5 (total 13). You\nhave 22" in reply, reply
    reply = body_of(judge.orders("Germany", "CANCEL Russia", "ENCHÈRE Angleterre 1"))
    assert "S1901B: Austria 5, England 1, Italy 3 (total 9)." in reply, reply


def test_withdraw_in_a_bid_phase_names_a_power_on_file(judge: JudgeHarness) -> None:
    start_intimate(judge)
    reply = body_of(judge.orders("Germany", "CANCEL"))
    assert "CANCEL needs what to take back" in reply
    reply = body_of(judge.orders("Germany", "CANCEL Narnia"))
    assert '*** Error: Nothing on file matches "Narnia": nothing was withdrawn.' in reply


def test_a_spring_phase_code_with_njudges_letter_a_is_the_bid_phase() -> None:
    assert Phase.parse("S1901A") == Phase.parse("S1901B")
    assert str(Phase.parse("s1901a")) == "S1901B"
    assert Phase.parse("W1901A").type is PhaseType.ADJUSTMENT


def test_the_current_orders_never_offer_waive_for_a_mercenary(judge: JudgeHarness) -> None:
    _germany_owes_two_builds(judge)
    reply = body_of(judge.orders("France", "WAIVE Germany", "WAIVE", "BUILD A KIE"))
    assert reply.count("*** Error: Germany is a mercenary") == 2, reply
    assert "Germany: 2 builds due, 1 sent (1 more)." in reply, reply
    assert "WAIVE)" not in reply


def test_a_player_who_takes_over_a_seat_in_the_bid_phase_must_say_nowait_too(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge)
    judge.send(MASTER, "SIGNON Mg1 gmpass\nEJECT Germany")
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nAPPROVE Germany new@example.org")
    taken = body_of(judge.reply("new@example.org", "SIGNON Gg1 fresh\nBID Italy 2"))
    assert "You now play Germany in 'g1'" in taken, taken
    judge.orders("France", "SET NOWAIT")
    assert judge.status()["phase"] == "S1901B"  # the newcomer's first bid is not "done"
    judge.reply("new@example.org", "SIGNON Gg1 fresh\nSET NOWAIT")
    assert judge.status()["phase"] == "S1901M"
