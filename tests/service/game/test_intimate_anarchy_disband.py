"""A dislodged unit of a mercenary in anarchy is disbanded because nobody may order
its retreat, and the results say so, not "with no valid retreats"."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, bid, start_intimate

FRANCE_HOLDS = ("A PAR H", "A MAR H", "F BRE H", "F NAP H", "A ROM H", "A VEN H")


def test_a_dislodged_anarchy_unit_is_reported_disbanded_for_anarchy(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5")
    bid(judge, "France", "BID ITALY 4")  # Russia: nobody bids, anarchy
    bid(judge, "France", *FRANCE_HOLDS)
    bid(judge, "Germany", "A BER-SIL", "A MUN H", "F KIE H", "A VIE-GAL", "A BUD H", "F TRI H")
    bid(judge, "France", *FRANCE_HOLDS)
    mails = judge.send(
        judge.players["Germany"].address,
        "SIGNON Gg1 pw0\nA GAL-WAR\nA SIL S A GAL-WAR\nA MUN H\nF KIE H\nA BUD H\nF TRI H",
    )
    results = next(body_of(m) for m in mails if m["To"] == MASTER and "Results" in m["Subject"])
    assert "Russia: Army Warsaw HOLD.  (*dislodged*)" in results
    assert (
        "The Army in Warsaw was disbanded: Russia is in anarchy, and nobody may order\n"
        "    its retreat." in results
    )  # one line, fitted to 78 columns with a hanging indent
    assert "no valid retreats" not in results
    history = body_of(judge.reply(MASTER, "HISTORY g1"))
    assert "Russia is in anarchy, and nobody may order\n    its retreat." in history
