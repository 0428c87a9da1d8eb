"""`intimate` (ID I-A, rx03) by mail over SMTP, from CREATE to a German victory in 1903:
the Intimate variant's game against a real `judge serve` (the other rulesets play the
same game on the in-process pipeline).

The shared game is in `intimate_by_mail`. This ruleset's own figures: credits
(Germany 22, France 20), winning bids paid, income after each fall, and in 1903
France's overbid: its treasury is lost and its bids void, and Germany takes the
mercenaries it bid for at half price, rounded up per power.
"""

from __future__ import annotations

from support.e2e.intimate_by_mail import ANN, BOB, OBSERVER, Mail, check_shared, play
from support.e2e.judge_process import Judge

BIDS_1903: tuple[Mail, ...] = (
    ("Germany", ("BID ITALY 4", "BID TURKEY 3")),
    ("France", ("BID AUSTRIA 10", "BID ITALY 10", "BID RUSSIA 5")),
)


def test_intimate_rx03_by_mail_through_an_overbid_to_victory(quick_judge: Judge) -> None:
    played = play(quick_judge, "intimate", BIDS_1903)
    check_shared(
        played,
        "Intimate Diplomacy (I-A, rx03)",
        {
            ANN: "You start with 22 credits.",
            BOB: "You start with 20 credits.",
            OBSERVER: "Starting credits: France 20, Germany 22.",
        },
    )
    results = {phase: by_address[OBSERVER] for phase, by_address in played.results.items()}
    assert "France: 20 - 4 = 16 credits.\nGermany: 22 - 5 = 17 credits." in results["S1901B"]
    assert "France: 16 + 3 = 19 credits.\nGermany: 17 + 3 = 20 credits." in results["F1901M"]
    assert "France: 19 - 3 = 16 credits.\nGermany: 20 - 6 = 14 credits." in results["S1902B"]
    assert "France: 16 + 3 = 19 credits.\nGermany: 14 + 3 = 17 credits." in results["F1902M"]

    overbid = results["S1903B"]
    for line in (
        "France bids 10 for Austria. (*void*)",
        "Germany bids 4 for Italy. (*half price: 2*)",
        "Germany bids 3 for Turkey. (*half price: 2*)",
        "France's successful bids total 25. (*Overbid*)",
        "Austria: anarchy.\nEngland: anarchy.\nItaly: controlled by Germany.\n"
        "Russia: anarchy.\nTurkey: controlled by Germany.",
        "France: 19 - 19 = 0 credits. (overbid: treasury lost)",
        "Germany: 17 - 4 = 13 credits. (half price)",
    ):
        assert line in overbid, (line, overbid)
    warned = played.replies[("S1903B", "France")]
    assert "WARNING: Your bids total 20, more than your 19 credits." in warned, warned

    status = quick_judge.status()
    assert (status["status"], status["winner"]) == ("finished", "GERMANY")
    assert {p["address"]: p["credits"] for p in status["players"]} == {ANN: 13, BOB: 0}
    assert {p["address"]: p["powers"] for p in status["players"]} == {
        ANN: ["GERMANY"], BOB: ["FRANCE"]
    }  # fmt: skip
    controllers = {power: entry["controller"] for power, entry in status["powers"].items()}
    assert controllers == {
        "AUSTRIA": None, "ENGLAND": None, "FRANCE": "FRANCE", "GERMANY": "GERMANY",
        "ITALY": "GERMANY", "RUSSIA": None, "TURKEY": "GERMANY",
    }  # fmt: skip
