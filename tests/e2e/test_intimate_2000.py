"""`intimate-2000` (ID on the 2000 rulebook) by mail, from CREATE to a German victory in
1903, on the in-process pipeline (`test_intimate_rx03.py` plays the game over SMTP).

The shared game is in `intimate_by_mail`. This ruleset's own figures: the same
credits and payments as rx03, and in 1903 the 2000 text's harder overbid case:
France overbids, and Germany cannot pay half of its own bids (rounded up per
power), so both treasuries go to zero and every mercenary is in anarchy.
"""

from __future__ import annotations

from support.e2e.intimate_by_mail import ANN, BOB, OBSERVER, Mail, check_shared, play
from support.e2e.pipeline_judge import PipelineJudge

BIDS_1903: tuple[Mail, ...] = (
    ("France", ("BID AUSTRIA 10", "BID ITALY 10", "BID RUSSIA 5")),
    ("Germany", ("BID AUSTRIA 9", "BID ITALY 9", "BID RUSSIA 4", "BID TURKEY 13")),
)


def test_intimate_2000_by_mail_through_a_double_overbid_to_victory(
    pipeline_judge: PipelineJudge,
) -> None:
    played = play(pipeline_judge, "intimate-2000", BIDS_1903)
    check_shared(
        played,
        "Intimate Diplomacy (2000 rules)",
        {
            ANN: "You start with 22 credits.",
            BOB: "You start with 20 credits.",
            OBSERVER: "Starting credits: France 20, Germany 22.",
        },
    )
    results = {phase: by_address[OBSERVER] for phase, by_address in played.results.items()}
    assert "France: 20 - 4 = 16 credits.\nGermany: 22 - 5 = 17 credits." in results["S1901B"]
    assert "France: 16 + 3 = 19 credits.\nGermany: 17 + 3 = 20 credits." in results["F1901M"]
    assert "France: 16 + 3 = 19 credits.\nGermany: 14 + 3 = 17 credits." in results["F1902M"]

    overbid = results["S1903B"]
    for line in (
        "France bids 10 for Austria. (*void*)",
        "Germany bids 13 for Turkey. (*void*)",
        "France's successful bids total 25. (*Overbid*)",
        "Germany's successful bids total 13.",
        "Austria: anarchy.\nEngland: anarchy.\nItaly: anarchy.\nRussia: anarchy.\n"
        "Turkey: anarchy.",
        "France: 19 - 19 = 0 credits. (overbid: treasury lost)",
        "Germany: 17 - 17 = 0 credits. (cannot pay the half price)",
    ):
        assert line in overbid, (line, overbid)
    warned = played.replies[("S1903B", "Germany")]
    assert "WARNING: Your bids total 18, more than your 17 credits." in warned, warned

    status = pipeline_judge.status()
    assert (status["status"], status["winner"]) == ("finished", "GERMANY")
    assert {p["address"]: p["credits"] for p in status["players"]} == {ANN: 0, BOB: 0}
    mercenaries = ("AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY")
    assert [status["powers"][m]["controller"] for m in mercenaries] == [None] * 5
