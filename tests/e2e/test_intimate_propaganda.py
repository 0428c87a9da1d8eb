"""`propaganda` (Wright's popularity ID) by mail, from CREATE to a German victory in
1903, on the in-process pipeline (`test_intimate_rx03.py` plays the game over SMTP).

The shared game is in `intimate_by_mail`. This ruleset's own figures: points
(Germany 45, France 40), every bid paid, won or lost, 4 points per home centre
at the end of the year, the +10% of rule 1.9 (iii) when France's Italy takes
Tunis, and in 1903 France's overbid: half its points lost, its bids void, while
Germany's bids count as usual.
"""

from __future__ import annotations

from support.e2e.intimate_by_mail import ANN, BOB, OBSERVER, Mail, check_shared, play
from support.e2e.pipeline_judge import PipelineJudge

BIDS_1903: tuple[Mail, ...] = (
    ("Germany", ("BID ITALY 4", "BID TURKEY 3")),
    ("France", ("BID AUSTRIA 40", "BID ITALY 30")),
)


def test_propaganda_by_mail_through_an_overbid_to_victory(pipeline_judge: PipelineJudge) -> None:
    played = play(pipeline_judge, "propaganda", BIDS_1903)
    check_shared(
        played,
        "Propaganda (Wright's popularity Intimate Diplomacy)",
        {
            ANN: "You start with 45 points.",
            BOB: "You start with 40 points.",
            OBSERVER: "Starting points: France 40, Germany 45.",
        },
    )
    results = {phase: by_address[OBSERVER] for phase, by_address in played.results.items()}
    assert "France: 40 - 6 = 34 points.\nGermany: 45 - 10 = 35 points." in results["S1901B"]
    assert "points" not in results["F1901M"], "propaganda pays at the end of the year"
    winter = results["W1901A"]
    assert "France: 34 + 4 x 3 = 46 points.\nGermany: 35 + 4 x 3 = 47 points." in winter
    assert "France: 46 + 10% = 50 points (Italy, controlled by France, captured Tunis)." in winter
    assert "France: 50 - 5 = 45 points.\nGermany: 47 - 7 = 40 points." in results["S1902B"]
    assert "France: 45 + 4 x 3 = 57 points.\nGermany: 40 + 4 x 3 = 52 points." in results["F1902M"]

    overbid = results["S1903B"]
    for line in (
        "France bids 40 for Austria. (*void*)",
        "France bids 30 for Italy. (*void*)",
        "Germany bids 4 for Italy.\n",
        "France's successful bids total 0. (*Overbid*)",
        "Austria: anarchy.\nEngland: anarchy.\nItaly: controlled by Germany.\n"
        "Russia: anarchy.\nTurkey: controlled by Germany.",
        "France: 57 - 28 = 29 points. (overbid: half the points lost)",
        "Germany: 52 - 7 = 45 points.",
    ):
        assert line in overbid, (line, overbid)
    warned = played.replies[("S1903B", "France")]
    assert (
        "WARNING: Your bids total 70, more than your 57 points: your bids will be void\n"
        "and you will lose half of your points."
    ) in warned, warned

    status = pipeline_judge.status()
    assert (status["status"], status["winner"]) == ("finished", "GERMANY")
    assert {p["address"]: p["credits"] for p in status["players"]} == {ANN: 45, BOB: 29}
    assert status["powers"]["TURKEY"]["controller"] == "GERMANY"
