"""Refusals in the winter that name what is due and what the player wrote.

A build or waive for a power that owes removals, and a removal for one that has
builds due or nothing due, are refused by name, not taken (a mercenary's WAIVE used
to be taken while it owed a removal, and adjudicated as its adjustment; a removal
went on file for a power with a build due). A build beyond those due names one of
the player's own builds to CANCEL, and an illegal build or removal is quoted as the
player writes it (`BUILD A BER`, not the adjudicator's `A BER B`).

Two winters (the board of `service.intimate_board`), three tests, to keep them cheap.
"""

from __future__ import annotations

from support.service.harness import JudgeHarness
from support.service.intimate_board import holds, play_to_the_retreats
from support.service.intimate_game import bid


def _winter(judge: JudgeHarness, austrian_retreat: str) -> None:
    play_to_the_retreats(judge, "intimate")
    bid(judge, "Germany", "F HOL R HEL", austrian_retreat)
    bid(judge, "France", "A BUR R PIC", "F SWE R SKA")
    bid(judge, "Germany", *holds(judge, "GERMANY"))
    bid(judge, "France", *holds(judge, "FRANCE"))
    assert judge.status()["phase"] == "W1901A"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_build_or_waive_for_a_power_owing_removals_is_refused(judge: JudgeHarness) -> None:
    _winter(judge, "A TRI R ALB")  # Austria and Italy owe a removal each
    reply = bid(judge, "France", "WAIVE Italy", "BUILD A NAP")
    assert reply.count("*** Error: Italy has no build due (1 removal due): refused.") == 2
    assert "  Italy: 1 removal due, 0 sent (1 more)." in reply
    reply = bid(judge, "Germany", "WAIVE Austria")
    assert "*** Error: Austria has no build due (1 removal due): refused." in reply


def test_a_removal_for_a_power_with_builds_or_nothing_due_is_refused(judge: JudgeHarness) -> None:
    _winter(judge, "A TRI R SER")  # Austria takes Serbia for Trieste: nothing due
    reply = bid(judge, "Germany", "REMOVE A BER", "REMOVE A MOS", "REMOVE A VIE")
    assert "*** Error: Germany has no removal due (1 build due): refused." in reply
    assert "*** Error: Russia has no removal due (2 builds due): refused." in reply
    assert "*** Error: Austria has no removal due: refused." in reply
    assert "Removes" not in reply


def test_refusals_name_the_players_own_build_and_quote_the_line_as_written(
    judge: JudgeHarness,
) -> None:
    _winter(judge, "A TRI R ALB")
    bid(judge, "Germany", "BUILD A KIE")
    reply = _flat(bid(judge, "Germany", "BUILD A MUN", "BUILD A BER"))
    assert "(Builds an army in Kiel): refused. Send CANCEL and one of them first" in reply
    assert "(e.g. CANCEL BUILD A KIE)" in reply
    assert "*** Error: BUILD A BER: BER is occupied." in reply
    assert "A BER B" not in reply
