"""By mail: the judge's default orders must not be suppressed by an illegal order.
France controls the German mercenary, which owes 2 builds; France's `A BER B` is
illegal (an army stands in Berlin) and the winter still builds Kiel and Munich."""

from __future__ import annotations

from support.service.board_setup import place_board
from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, bid, start_intimate
from support.service.mercenary_builds import _germany_owes_two_builds


def test_a_mercenary_with_2_builds_due_and_an_illegal_build_gets_2_default_builds(
    judge: JudgeHarness,
) -> None:
    _germany_owes_two_builds(judge)
    reply = bid(judge, "France", "A BER B")
    assert "*** Error" in reply
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nPROCESS")
    results = [body_of(m) for m in mails if m["Subject"] == "TEST:g1 - W1901A Results"]
    flat = " ".join(results[0].split())
    assert "The judge ordered for Germany: A KIE B (missing build)." in flat
    assert "The judge ordered for Germany: A MUN B (missing build)." in flat
    units = judge.status()["powers"]["GERMANY"]["units"]
    assert {"A KIE", "A MUN"} <= set(units)


HOME_CENTRES = {"PAR": "FRANCE", "BRE": "FRANCE", "MAR": "FRANCE", "LON": "ENGLAND",
                "EDI": "ENGLAND", "LVP": "ENGLAND", "BER": "GERMANY", "KIE": "GERMANY",
                "MUN": "GERMANY"}  # fmt: skip


def test_in_propaganda_an_illegal_retreat_of_a_mercenary_gets_the_default_retreat(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge, "propaganda", homes=("FRANCE", "ENGLAND"))
    bid(judge, "France", "BID GERMANY 5")
    bid(judge, "England", "BID NONE")
    place_board(
        judge.sessions,
        ["GERMANY A MUN", "FRANCE A PAR", "ENGLAND A BUR", "ENGLAND A TYR"],
        HOME_CENTRES,
    )
    bid(judge, "France", "A PAR H", "A MUN H")
    bid(judge, "England", "A BUR-MUN", "A TYR S A BUR-MUN")
    assert judge.status()["phase"] == "S1901R"
    reply = bid(judge, "France", "A MUN R BUR")
    assert "*** Error" in reply
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nPROCESS")
    results = [body_of(m) for m in mails if m["Subject"] == "TEST:g1 - S1901R Results"]
    flat = " ".join(results[0].split())
    assert "The judge ordered for Germany: A MUN R BER (missing retreat)." in flat
    assert "A BER" in judge.status()["powers"]["GERMANY"]["units"]
