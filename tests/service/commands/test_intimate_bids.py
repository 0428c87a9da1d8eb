"""BID and BID NONE by mail: sealed bids, acknowledged to the bidder alone, then resolved."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, OBSERVER, bid, start_intimate


def test_a_bid_is_acknowledged_with_the_current_bids_the_total_and_the_treasury(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge)
    text = bid(judge, "Germany", "BID AUSTRIA 5", "BID ITALY 3")
    first = "Your bids in 'g1' for S1901B: Austria 5 (total 5). You have 22 credits."
    assert f"> BID AUSTRIA 5\n{first}" in text
    assert "S1901B: Austria 5, Italy 3 (total 8). You have 22\ncredits." in text
    assert "No errors found in your mail." in text


def test_a_later_bid_for_the_same_power_replaces_the_earlier_one(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "France", "BID ITALY 1")
    text = bid(judge, "France", "BID I 4")
    assert "Your bids in 'g1' for S1901B: Italy 4 (total 4)." in text


def test_a_bid_of_zero_withdraws_the_bid(judge: JudgeHarness) -> None:
    start_intimate(judge)
    text = bid(judge, "France", "BID ITALY 4", "BID TURKEY 2", "BID TURKEY 0")
    assert "> BID TURKEY 0\nYour bids in 'g1' for S1901B: Italy 4 (total 4)." in text


def test_bid_none_clears_the_bids_and_counts_as_bidding(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5")
    assert "Your bids in 'g1' for S1901B: none. You have 22 credits." in bid(
        judge, "Germany", "BID NONE"
    )
    mails = judge.orders("France", "BID NONE", "SET NOWAIT")
    assert judge.status()["phase"] == "S1901M", body_of(mails)
    results = judge.send(MASTER, "SIGNON Mg1 gmpass\nHISTORY g1")
    history = body_of(results[0])
    assert "No bids were made." in history
    assert "Austria: anarchy." in history


def test_a_bid_for_a_home_power_is_refused(judge: JudgeHarness) -> None:
    start_intimate(judge)
    text = bid(judge, "Germany", "BID FRANCE 3")
    assert "*** Error: France is a home power: bids are for mercenaries only" in text


def test_a_bid_outside_a_bid_phase_is_refused(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID NONE")
    bid(judge, "France", "BID NONE")
    text = bid(judge, "Germany", "BID AUSTRIA 2")
    assert "*** Error: bids are taken only in a bid phase, and S1901M is not one" in text


def test_a_bid_in_a_variant_without_bids_is_refused(judge: JudgeHarness) -> None:
    judge.start_game(count=7)
    reply = body_of(judge.orders("France", "BID ITALY 3"))
    assert "*** Error: bid is not used in Standard" in reply


def test_propaganda_warns_at_once_when_the_bids_exceed_the_points(judge: JudgeHarness) -> None:
    start_intimate(judge, "propaganda")
    text = bid(judge, "France", "BID AUSTRIA 30", "BID ITALY 11")
    first, second = text.split("> BID ITALY 11")
    assert "WARNING" not in first
    assert (
        "Your bids in 'g1' for S1901B: Austria 30, Italy 11 (total 41). You have 40\npoints.\n"
        "WARNING: Your bids total 41, more than your 40 points: your bids will be void\n"
        "and you will lose half of your points."
    ) in second


def test_a_bid_is_mailed_to_the_bidder_alone(judge: JudgeHarness) -> None:
    start_intimate(judge)
    sent = judge.send("p0@example.org", "SIGNON Gg1 pw0\nBID AUSTRIA 5\nBID ITALY 2")
    assert [m["To"] for m in sent] == ["p0@example.org"]


def test_the_bid_phase_waits_for_both_players_and_for_set_wait(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5", "SET WAIT")
    bid(judge, "France", "BID ITALY 4")
    assert judge.status()["phase"] == "S1901B"
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nPROCESS")
    assert judge.status()["phase"] == "S1901M"
    results = {m["To"]: body_of(m) for m in mails if m["Subject"] == "TEST:g1 - S1901B Results"}
    assert set(results) == {"p0@example.org", "p1@example.org", MASTER, OBSERVER}
    assert "Austria: controlled by Germany.\nEngland: anarchy.\nItaly: controlled by France." in (
        results[OBSERVER]
    )


def test_the_master_cannot_bid(judge: JudgeHarness) -> None:
    start_intimate(judge)
    reply = body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nBID AUSTRIA 3"))
    assert "*** Error: Only a player of 'g1' may do that." in reply


def test_summary_shows_who_controlled_each_power_each_year(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5", "BID RUSSIA 2")
    bid(judge, "France", "BID ITALY 4", "BID RUSSIA 2")
    summary = body_of(judge.reply(OBSERVER, "SUMMARY g1"))
    assert "Control per power, year by year (the controlling power; - for anarchy):" in summary
    header = "  Year    Aus  Eng  Fra  Ger  Ita  Rus  Tur\n"
    assert header + "  1901    Ger    -  Fra  Ger  Fra    -    -" in summary
