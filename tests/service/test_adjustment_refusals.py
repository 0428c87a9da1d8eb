"""A build or waive for a power that owes removals, and a removal for one that has
builds due, are refused by name, not taken (the adjudicator used to report a
mercenary's refused-later WAIVE as its adjustment, and a removal went on file for a
power with a build due, and one for a power with nothing due at all)."""

from __future__ import annotations

from service.harness import JudgeHarness
from service.intimate_board import holds, play_to_the_retreats
from service.intimate_game import bid


def _winter(judge: JudgeHarness, austrian_retreat: str = "A TRI R ALB") -> None:
    play_to_the_retreats(judge, "intimate")
    bid(judge, "Germany", "F HOL R HEL", austrian_retreat)
    bid(judge, "France", "A BUR R PIC", "F SWE R SKA")
    bid(judge, "Germany", *holds(judge, "GERMANY"))
    bid(judge, "France", *holds(judge, "FRANCE"))
    assert judge.status()["phase"] == "W1901A"


def test_a_build_or_waive_for_a_power_owing_removals_is_refused(judge: JudgeHarness) -> None:
    _winter(judge)
    reply = bid(judge, "France", "WAIVE Italy", "BUILD A NAP")
    assert reply.count("*** Error: Italy has no build due (1 removal due): refused.") == 2
    assert "  Italy: 1 removal due, 0 sent (1 more)." in reply


def test_a_removal_for_a_power_with_builds_due_is_refused(judge: JudgeHarness) -> None:
    _winter(judge)
    reply = bid(judge, "Germany", "REMOVE A BER", "REMOVE A MOS")
    assert "*** Error: Germany has no removal due (1 build due): refused." in reply
    assert "*** Error: Russia has no removal due (2 builds due): refused." in reply
    assert "Removes" not in reply


def test_a_waive_for_a_mercenary_owing_a_removal_is_refused_plainly(judge: JudgeHarness) -> None:
    _winter(judge)
    reply = bid(judge, "Germany", "WAIVE Austria")
    assert "*** Error: Austria has no build due (1 removal due): refused." in reply


def test_a_removal_for_a_power_with_nothing_due_is_refused(judge: JudgeHarness) -> None:
    _winter(judge, "A TRI R SER")  # Austria takes Serbia for Trieste: nothing due
    reply = bid(judge, "Germany", "REMOVE A VIE")
    assert "*** Error: Austria has no removal due: refused." in reply
    assert "Austria: Removes" not in reply


def test_a_build_beyond_those_due_names_one_of_the_players_own_to_cancel(
    judge: JudgeHarness,
) -> None:
    _winter(judge)
    bid(judge, "Germany", "BUILD A KIE")
    reply = " ".join(bid(judge, "Germany", "BUILD A MUN").split())
    assert "(Builds an army in Kiel): refused. Send CANCEL and one of them first" in reply
    assert "(e.g. CANCEL BUILD A KIE)" in reply


def test_an_illegal_build_or_removal_is_quoted_as_the_player_writes_it(
    judge: JudgeHarness,
) -> None:
    _winter(judge)
    reply = bid(judge, "Germany", "BUILD A BER", "REMOVE A PAR")
    assert "*** Error: BUILD A BER: BER is occupied." in reply
    assert "A BER B" not in reply and "A PAR D" not in reply
