"""LIST game in the Intimate variants: who orders each mercenary this year, and
each player's credits (points in propaganda), from the variant's public summary."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, bid, start_intimate


def test_list_game_names_the_controller_of_each_mercenary_and_the_credits(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5")
    bid(judge, "France", "BID ITALY 4")
    text = body_of(judge.reply(MASTER, "LIST g1"))
    assert "  Austria         3     3  (controlled by Germany)\n" in text
    assert "  Italy           3     3  (controlled by France)\n" in text
    assert "  Russia          4     4  (anarchy)\n" in text
    assert "  France          3     3\n" in text
    assert "civil disorder" not in text
    assert "Credits: France 16, Germany 17.\n" in text


def test_list_game_in_propaganda_counts_popularity_points(judge: JudgeHarness) -> None:
    start_intimate(judge, "propaganda")
    text = body_of(judge.reply(MASTER, "LIST g1"))
    assert "Points: France " in text
    assert "  Austria         3     3  (anarchy)\n" in text
