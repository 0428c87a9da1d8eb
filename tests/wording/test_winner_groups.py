"""The winners of a game are named once a player, however many powers they hold.

A NODIAS draw names the powers of every player in it; a player who holds two of
them (Taskdip, a power taken over) was once named twice ("the player of Austria
and Italy, the player of Italy and Austria").
"""

from __future__ import annotations

from judge.wording.describe import winner_groups
from judge.wording.templates import render


def test_a_player_with_two_winning_powers_is_one_group() -> None:
    holdings = [["AUSTRIA", "ITALY"], ["FRANCE"], ["RUSSIA"]]
    groups = winner_groups(["AUSTRIA", "FRANCE", "ITALY"], holdings)
    assert groups == [["Austria", "Italy"], ["France"]]


def test_a_draw_names_each_player_once_in_the_mail() -> None:
    groups = winner_groups(["AUSTRIA", "ITALY", "FRANCE"], [["ITALY", "AUSTRIA"], ["FRANCE"]])
    text = " ".join(render("_winners.txt.j2", winner_groups=groups).split())
    assert text == "The game ended in a draw between the player of Austria and Italy and France."


def test_a_winner_alone_keeps_their_other_powers() -> None:
    assert winner_groups("GERMANY", [["ITALY", "GERMANY"]]) == [["Germany", "Italy"]]
