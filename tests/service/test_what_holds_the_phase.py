"""A reply says what holds the phase when the mail's own lines do not: a bid mail with
a refused bid line (bids are sealed, so no listing says it), and a SET NOWAIT sent
after a mail whose orders were refused."""

from __future__ import annotations

from service.harness import JudgeHarness, body_of
from service.intimate_game import start_intimate

HELD = "A bid line of this mail was refused, so your bids in 'g1' do not count as complete"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_bid_mail_with_a_refused_line_says_the_bid_phase_waits(judge: JudgeHarness) -> None:
    start_intimate(judge)
    germany, france = judge.players["Germany"], judge.players["France"]
    judge.send(germany.address, "SIGNON Gg1 pw0\nAustria 5\nSET NOWAIT")
    reply = _flat(
        body_of(judge.reply(france.address, "SIGNON Fg1 pw1\nRussia 8\nBID Germany 1\nSET NOWAIT"))
    )
    assert "*** Error: Germany is a home power" in reply
    assert HELD in reply and "(SET NOWAIT alone will do)" in reply
    assert judge.status()["phase"] == "S1901B"
    reply = _flat(body_of(judge.reply(france.address, "SIGNON Fg1 pw1\nSET NOWAIT")))
    assert HELD not in reply and "S1901B has been processed" in reply


def test_a_clean_bid_mail_says_nothing_of_a_hold(judge: JudgeHarness) -> None:
    start_intimate(judge)
    reply = _flat(body_of(judge.reply("p0@example.org", "SIGNON Gg1 pw0\nAustria 5\nSET NOWAIT")))
    assert "Your bids in 'g1' for S1901B: Austria 5 (total 5)." in reply
    assert HELD not in reply


def test_set_nowait_after_refused_orders_says_they_are_not_complete(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.orders("France", "SET WAIT", "A PAR-BUR", "A MAR H", "F BRE-MAO", "A QQQ H")
    reply = _flat(body_of(judge.orders("France", "SET NOWAIT")))
    assert "Early processing allowed." in reply
    assert "Your orders in 'g1' for Movement for Spring of 1901:" in reply
    assert "Some order lines of your latest mail were refused" in reply
