"""An Intimate game in which France controls the German mercenary, which owes two
builds in the winter of 1901 (`tests/service/commands/test_default_orders.py`,
`test_bids_as_njudge.py`)."""

from __future__ import annotations

from support.service.harness import JudgeHarness
from support.service.intimate_game import bid, start_intimate

FRENCH = ("A PAR H", "A MAR H", "F BRE H")
ENGLISH = ("F LON H", "F EDI H", "A LVP H")


def _germany_owes_two_builds(judge: JudgeHarness) -> None:
    start_intimate(judge, homes=("FRANCE", "ENGLAND"))
    bid(judge, "France", "BID GERMANY 5")
    bid(judge, "England", "BID NONE")
    bid(judge, "France", *FRENCH, "F KIE-DEN", "A MUN-RUH", "A BER H")
    bid(judge, "England", *ENGLISH)
    assert judge.status()["phase"] == "F1901M"
    bid(judge, "France", *FRENCH, "F DEN H", "A RUH-HOL", "A BER H")
    bid(judge, "England", *ENGLISH)
    assert judge.status()["phase"] == "W1901A"
