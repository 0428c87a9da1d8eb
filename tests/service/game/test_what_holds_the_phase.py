"""What holds a phase is what is missing from what is on file, never a refused line
(issue 32): a bid mail with a refused bid line beside SET NOWAIT lets the bid phase go,
and orders that cover every unit are complete even when their mail had a refused
line; the listing says the line was refused, and what counts."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import start_intimate

REFUSED_NOTE = "A line of your latest mail was refused: it is not on file, and only what is"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_refused_bid_line_beside_set_nowait_does_not_hold_the_bid_phase(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge)
    germany, france = judge.players["Germany"], judge.players["France"]
    judge.send(germany.address, "SIGNON Gg1 pw0\nAustria 5\nSET NOWAIT")
    assert judge.status()["phase"] == "S1901B"
    reply = _flat(
        body_of(judge.reply(france.address, "SIGNON Fg1 pw1\nRussia 8\nBID Germany 1\nSET NOWAIT"))
    )
    assert "*** Error: Germany is a home power" in reply
    assert "do not count as complete" not in reply
    assert "S1901B has been processed" in reply
    assert judge.status()["phase"] == "S1901M"


def test_orders_for_every_unit_beside_a_refused_line_are_complete(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = _flat(body_of(judge.orders("France", "A PAR-BUR", "A MAR H", "F BRE-MAO", "A QQQ H")))
    assert "Your orders are complete." in reply
    assert REFUSED_NOTE in reply
    assert "not complete" not in reply


def test_set_nowait_after_a_refused_line_lets_complete_orders_be_processed(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    judge.orders("France", "SET WAIT", "A PAR-BUR", "A MAR H", "F BRE-MAO", "A QQQ H")
    for power in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey"):
        units = judge.status()["powers"][power.upper()]["units"]
        judge.orders(power, *(f"{unit} H" for unit in units))
    assert judge.status()["phase"] == "S1901M"  # France's WAIT holds it, nothing else
    reply = _flat(body_of(judge.orders("France", "SET NOWAIT")))
    assert "Early processing allowed." in reply
    assert "S1901M has been processed" in reply
    assert judge.status()["phase"] == "F1901M"


def test_a_missing_order_beside_a_refused_line_is_still_incomplete(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = _flat(body_of(judge.orders("France", "A PAR-BUR", "A MAR H", "A QQQ H")))
    assert "France: no orders yet for F BRE." in reply
    assert "Your orders are not complete" in reply
    assert REFUSED_NOTE in reply
