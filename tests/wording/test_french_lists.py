"""French lists of names: sorted as French sorts them, and a long list keeps the
centre table's columns.

`Édimbourg` once followed `Norvège` (an accented capital sorts after every plain
letter in code order), and a French ownership row long enough to be wrapped lost
the padding that aligns its names under the others'.
"""

from __future__ import annotations

from judge.rules.map import load_map
from judge.wording.collation import dictionary_key
from judge.wording.readers import Reader
from judge.wording.report import ownership
from judge.wording.templates import render
from judge.wording.vocabulary import ENGLISH, FRENCH


def test_french_sorts_accented_names_with_their_letters() -> None:
    names = ["Norvège", "Édimbourg", "Espagne", "ankara", "Belgique", "Égée"]
    assert sorted(names, key=dictionary_key) == [
        "ankara", "Belgique", "Édimbourg", "Égée", "Espagne", "Norvège"
    ]  # fmt: skip
    assert sorted(["Édimbourg", "Norvège"]) == ["Norvège", "Édimbourg"]  # code order


def test_the_unowned_centres_of_a_french_board_are_in_french_order() -> None:
    game_map = load_map("standard")
    rows = ownership(game_map, game_map.initial_state(), FRENCH)
    unowned = rows[-1]["centers"].split(", ")
    assert unowned == sorted(unowned, key=dictionary_key)
    assert unowned.index("Espagne") < unowned.index("Norvège")
    english = ownership(game_map, game_map.initial_state(), ENGLISH)[-1]["centers"].split(", ")
    assert english == sorted(english)


def test_a_long_french_ownership_row_stays_in_its_column() -> None:
    rows = [
        {"power": "Autriche", "centers": "Ankara, Budapest, Bulgarie, Constantinople, Grèce, "
         "Rome, Serbie, Smyrne, Trieste, Venise, Vienne"},
        {"power": "Sans maître", "centers": "Édimbourg, Norvège"},
    ]  # fmt: skip
    text = render("_phase_results.txt.j2", Reader("fr"), title="T", orders=[], dislodged=[],
                  ownership=rows, adjustments=[])  # fmt: skip
    lines = [line for line in text.splitlines() if line.strip()][2:]
    assert lines[0].startswith("Autriche :    Ankara, ")
    assert lines[1].startswith(" " * 14) and lines[1][14] != " "  # under `Ankara`
    assert lines[2].startswith("Sans maître : Édimbourg")
    assert all(len(line.encode()) <= 78 for line in lines)
