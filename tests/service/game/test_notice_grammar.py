"""The notices read as sentences for any number of powers, and name the right ones.

Lists are joined `A, B and C` (French `A, B et C`), verbs agree with the count,
and the civil-disorder line of the results names only the powers whose orders
were missing, an Intimate mercenary with the player who controls it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from judge.rules.map import load_map
from judge.rules.parse import parse_order
from judge.service.game.lateness import Late, _missing, disorder_entries
from judge.variants.base import Submission
from judge.wording.describe import winner_groups
from judge.wording.french_filters import a, de, et_liste, la
from judge.wording.lists import and_list, is_are
from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro


def test_lists_are_joined_with_commas_and_a_last_and() -> None:
    assert and_list(["Austria"]) == "Austria"
    assert and_list(["France", "Turkey"]) == "France and Turkey"
    assert and_list(["Austria", "England", "Russia"]) == "Austria, England and Russia"
    assert and_list("Austria and England and Russia") == "Austria, England and Russia"
    assert f"France and Turkey {is_are(['France', 'Turkey'])}" == "France and Turkey are"
    assert is_are(["France"]) == "is"
    assert et_liste(["Austria", "England", "Russia"]) == "Autriche, Angleterre et Russie"
    assert et_liste(["France", "Germany"], "la") == "la France et l'Allemagne"


def test_french_power_names_take_their_article_and_elision() -> None:
    assert la("France") == "la France" and la("Austria") == "l'Autriche"
    assert de("Germany") == "de l'Allemagne" and de("France") == "de la France"
    assert a("France") == "à la France" and a("Italy") == "à l'Italie"
    assert de("Anonyme") == "d'Anonyme" and la("Bob") == "Bob"


def test_a_winner_is_named_by_every_power_their_player_holds() -> None:
    holdings = [["GERMANY", "ITALY"], ["FRANCE"]]
    assert winner_groups("ITALY", holdings) == [["Italy", "Germany"]]
    english = render("_winners.txt.j2", winner_groups=winner_groups("GERMANY", holdings))
    assert english.strip() == "The player of Germany and Italy has won."
    draw = render("_winners.txt.j2", winner_groups=winner_groups(["GERMANY", "FRANCE"], holdings))
    assert "draw between the player of Germany and Italy and France." in " ".join(draw.split())
    french = render("_winners.txt.j2", Reader("fr"), winner_groups=[["Germany", "Italy"]])
    assert french.strip() == "Le joueur de l'Allemagne et de l'Italie a gagné."
    alone = render("_winners.txt.j2", Reader("fr"), winner_groups=[["France"]])
    assert alone.strip() == "La France a gagné."


def _board(phase_orders: list[str]) -> tuple[Any, Submission]:
    game_map = load_map("standard")
    state = game_map.initial_state()
    orders = tuple(parse_order(text, game_map, state) for text in phase_orders)
    board = SimpleNamespace(state=state, variant=SimpleNamespace(map=game_map))
    return board, Submission(orders=orders)


def test_only_the_powers_whose_orders_are_missing_are_in_civil_disorder() -> None:
    board, sent = _board(["A VIE H", "A BUD H", "F TRI H"])  # Austria's orders, not Italy's
    missing = _missing(cast(Any, board), frozenset({"AUSTRIA", "ITALY"}), sent)
    assert missing == {"ITALY"}
    nothing = _missing(cast(Any, board), frozenset({"AUSTRIA"}), Submission(complete=False))
    assert nothing == {"AUSTRIA"}


def test_the_civil_disorder_line_names_a_mercenary_through_its_controller() -> None:
    player = cast(Any, None)
    late = [
        Late(player, ("Austria", "France"), ("Austria",), ("France",)),  # the mercenary
        Late(player, ("Germany", "Turkey"), ("Turkey",), ("Germany", "Turkey")),
    ]
    entries = disorder_entries(late)
    assert entries == [("Austria", "France"), ("Turkey", None)]
    powers = [{"power": p, "controller": c} for p, c in entries]
    text = " ".join(render("_civil_disorder.txt.j2", powers=powers).split())
    assert text.startswith(
        "Civil disorder: Austria (controlled by France) and Turkey sent no complete orders"
    )
    french = " ".join(render("_civil_disorder.txt.j2", Reader("fr"), powers=powers).split())
    assert french.startswith(
        "Désordre civil : l'Autriche (contrôlée par la France) et la Turquie n'ont pas envoyé"
    ), french


def test_french_adjustment_counts_agree_with_their_noun() -> None:
    listing = {"game": "g1", "phase": "Adjustment for Winter of 1901", "status": "complete",
               "powers": [{"power": "France", "orders": [], "unordered": [],
                           "adjustments": {"due": 2, "sent": 2, "kind": "build"}},
                          {"power": "Italy", "orders": [], "unordered": [],
                           "adjustments": {"due": 1, "sent": 0, "kind": "remove"}}]}  # fmt: skip
    text = render_macro("notes.txt.j2", "current_orders", Reader("fr"), **listing)
    assert "France : 2 constructions dues, 2 envoyées." in text, text
    assert "Italie : 1 retrait dû, 0 envoyé (encore 1)." in text, text
