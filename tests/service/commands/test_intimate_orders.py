"""Orders in an Intimate game: a player orders their home power and the mercenaries
they won this year, and nothing else."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, bid, start_intimate


def _after_the_bids(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5")
    bid(judge, "France", "BID ITALY 4")
    assert judge.status()["phase"] == "S1901M"


def test_orders_in_the_bid_phase_are_refused_with_a_pointer_to_bid(judge: JudgeHarness) -> None:
    start_intimate(judge)
    text = bid(judge, "Germany", "A MUN-BUR")
    assert "*** Error: S1901B is the bid phase: send BID lines (HELP bid)." in text


def test_a_player_orders_the_home_power_and_a_mercenary_won_this_year(judge: JudgeHarness) -> None:
    _after_the_bids(judge)
    text = bid(judge, "Germany", "A MUN-BUR", "A VIE-GAL")
    assert "OK: Army Munich -> Burgundy." in text
    assert "OK: Army Vienna -> Galicia." in text
    bid(judge, "France", "A PAR H")
    assert judge.status()["phase"] == "S1901M", "not every unit has an order yet"
    judge.send(MASTER, "SIGNON Mg1 gmpass\nPROCESS")
    history = body_of(judge.reply(MASTER, "HISTORY g1"))
    assert "Austria: Army Vienna -> Galicia." in history
    assert "Germany: Army Munich -> Burgundy." in history


def test_an_order_for_the_opponents_mercenary_is_refused(judge: JudgeHarness) -> None:
    _after_the_bids(judge)
    text = bid(judge, "Germany", "F NAP-ION")
    assert "*** Error: You do not control Italy this year." in text


def test_an_order_for_a_mercenary_in_anarchy_is_refused(judge: JudgeHarness) -> None:
    _after_the_bids(judge)
    text = bid(judge, "France", "A WAR H")
    assert "*** Error: You do not control Russia this year: it is in anarchy." in text


def test_an_order_for_the_opponents_home_power_is_refused(judge: JudgeHarness) -> None:
    _after_the_bids(judge)
    text = bid(judge, "France", "A MUN H")
    assert "*** Error: You do not control Germany: it is your opponent's home power." in text


def test_status_shows_each_players_credits_and_each_powers_controller(
    judge: JudgeHarness,
) -> None:
    _after_the_bids(judge)
    status = judge.status()
    assert [(p["powers"], p["credits"]) for p in status["players"]] == [
        (["GERMANY"], 17),
        (["FRANCE"], 16),
    ]
    controllers = {power: entry["controller"] for power, entry in status["powers"].items()}
    assert controllers == {
        "AUSTRIA": "GERMANY", "ENGLAND": None, "FRANCE": "FRANCE", "GERMANY": "GERMANY",
        "ITALY": "FRANCE", "RUSSIA": None, "TURKEY": None,
    }  # fmt: skip
    assert status["winner"] is None
