"""Taskdip's report sentences are worded by the templates from the values the variant
hands over: in English exactly as the variant's own English text (kept for the zine
and for reports stored before), and in French for a French reader."""

from __future__ import annotations

from typing import Any

import pytest

from judge.variants.taskdip.data import FallRecord, TaskCard, TaskdipData
from judge.variants.taskdip.neutrality import Allotment, Violation
from judge.variants.taskdip.report import (
    allotment_entry,
    violation_entry,
    violation_text,
    win_entry,
)
from judge.variants.taskdip.tasks import TABLE as TASKS
from judge.variants.taskdip.victory import CENTRES, HOME_CENTRES, TASK, Win
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render, render_macro

FRENCH = Reader("fr")
MODULE = "_taskdip_sentences.txt.j2"


def data(phase: str | None) -> TaskdipData:
    return TaskdipData(
        players={"1": ("AUSTRIA", "ITALY"), "2": ("TURKEY",), "3": ("GERMANY", "ENGLAND")},
        original={"1": ("AUSTRIA",), "2": ("TURKEY",), "3": ("GERMANY",)},
        tasks={"AUSTRIA": TaskCard("Ten"), "TURKEY": TaskCard("Nine")},
        fall=FallRecord(phase, {}, {}),
    )


def say(macro: str, entry: dict[str, Any], reader: Reader) -> str:
    return render_macro(MODULE, macro, reader, **{macro[0]: entry})


@pytest.mark.parametrize("decided_by", ["only_respecter", "fewest_centres",
                                        "smallest_biggest_power", "lot"])  # fmt: skip
@pytest.mark.parametrize("phase", [None, "F1902M"])
@pytest.mark.parametrize("everyone", [False, True])
def test_an_allotment_reads_as_before_in_english_and_in_french(
    decided_by: str, phase: str | None, everyone: bool
) -> None:
    violators = ("1", "2", "3") if everyone else ("2",)
    allotment = Allotment("RUSSIA", "1", violators, ("1", "3"), decided_by,
                          {"1": 5, "3": 5}, {"1": 4, "3": 5})  # fmt: skip
    entry = allotment_entry(allotment, data(phase), "S1903M")
    assert say("allotment", entry, DEFAULT_READER) == entry["text"]
    french = say("allotment", entry, FRENCH)
    assert french.startswith(
        "À partir de S1903M, la Russie est jouée par le joueur de l'Autriche et de l'Italie."
    )
    assert "player" not in french and "Equal" not in french and "lot" not in french, french


@pytest.mark.parametrize(
    "win",
    [
        Win("1", "AUSTRIA", TASK, {"card": "Ten"}),
        Win("2", "TURKEY", CENTRES, {"count": 18}),
        Win("3", "GERMANY", HOME_CENTRES, {"powers": ["FRANCE", "RUSSIA"]}),
    ],
)
def test_a_win_reads_as_before_in_english_and_in_french(win: Win) -> None:
    entry = win_entry(win, data("F1905M"))
    assert say("win", entry, DEFAULT_READER) == entry["text"]
    french = say("win", entry, FRENCH)
    assert french.startswith("le joueur de "), french
    assert " wins" not in french and "fulfils" not in french and "owns" not in french, french


def test_a_win_names_the_winning_power_first_then_the_others_alphabetically() -> None:
    """As the winner line does (`winner_groups`), whatever order the powers were won in."""
    held = TaskdipData(
        players={"4": ("RUSSIA", "FRANCE", "AUSTRIA")}, original={"4": ("RUSSIA",)},
        tasks={}, fall=FallRecord("F1905M", {}, {}),
    )  # fmt: skip
    entry = win_entry(Win("4", "FRANCE", CENTRES, {"count": 18}), held)
    assert entry["text"].startswith("the player of France, Austria and Russia wins: France")
    assert say("win", entry, DEFAULT_READER) == entry["text"]
    french = say("win", entry, FRENCH)
    assert french.startswith("le joueur de la France, de l'Autriche et de la Russie"), french


def test_a_violation_reads_as_before_in_english_and_in_french() -> None:
    violation = Violation("RUSSIA", "1", "AUSTRIA", "A GAL - WAR")
    entry = {**violation_entry(violation), "text": violation_text(violation)}
    assert say("violation", entry, DEFAULT_READER) == entry["text"]
    assert say("violation", entry, FRENCH) == (
        "L'Autriche (A GAL - WAR) viole la neutralité de la Russie."
    )


def test_an_entry_stored_before_the_values_is_shown_by_its_text() -> None:
    old = {"power": "AUSTRIA", "seat": "1", "reason": TASK, "text": "the player of Austria wins"}
    assert say("win", old, FRENCH) == "the player of Austria wins"


# --- the tasks and the cards, worded by the catalog ------------------------------------

FRENCH_TASKS = [
    # (power, card, the French words): one of each kind of part
    ("ITALY", "Joker", "Contrôler les trois centres d'origine autrichiens (Bud, Tri, Vie) + "
                       "les Balkans (Bul, Gre, Rum, Ser)."),
    ("AUSTRIA", "Eight", "Contrôler un centre d'origine russe (Mos, Sev, Stp, War) + un centre "
                         "d'origine allemand (Ber, Kie, Mun) + un centre d'origine italien "
                         "(Nap, Rom, Ven)."),
    ("ITALY", "Ten", "Contrôler deux des centres d'origine français (Bre, Mar, Par) + Por, Spa, "
                     "Tun."),
    ("AUSTRIA", "Seven", "Contrôler quatre des centres d'origine italiens et turcs (Nap, Rom, "
                         "Ven, Ank, Con, Smy)."),
    ("GERMANY", "Seven", "Contrôler quatre de ces sept centres (Bud, Vie, Tri, Bul, Gre, Rum, "
                         "Ser)."),
]  # fmt: skip


@pytest.mark.parametrize(("power", "card", "french"), FRENCH_TASKS)
def test_a_task_is_worded_in_french_from_its_parts(power: str, card: str, french: str) -> None:
    task = TASKS[power][card]
    entry = {"task": task.describe(), "task_parts": task.wording()}
    assert say("task", entry, DEFAULT_READER) == task.describe()
    assert say("task", entry, FRENCH) == french


def test_the_cards_are_named_as_a_french_pack_names_them() -> None:
    cards = ("Seven", "Eight", "Nine", "Ten", "Joker")
    assert [render_macro(MODULE, "card", FRENCH, name=c) for c in cards] == [
        "Sept", "Huit", "Neuf", "Dix", "Joker"
    ]  # fmt: skip
    assert [render_macro(MODULE, "card", DEFAULT_READER, name=c) for c in cards] == list(cards)


def test_the_revealed_tasks_read_in_french() -> None:
    task = TASKS["ITALY"]["Ten"]
    row = {"power": "ITALY", "card": "Ten", "seat": "1", "fulfilled": False,
           "task": task.describe(), "task_parts": task.wording(),
           "redrawn": [{"card": "Joker"}, {"card": "Nine"}]}  # fmt: skip
    report = {"tasks": [row, {**row, "power": "TURKEY", "seat": "2", "fulfilled": True,
                              "redrawn": []}]}  # fmt: skip
    french = render("taskdip_report.txt.j2", FRENCH, report=report, private=None)
    assert french.splitlines()[1:] == [
        "Toutes les tâches, révélées :",
        "  Le joueur de l'Italie :",
        "    Italie (carte Dix) : Contrôler deux des centres d'origine",
        "            français (Bre, Mar, Par) + Por, Spa, Tun. Non accomplie.",
        "      Remises d'abord : Joker, Neuf.",
        "  Le joueur de la Turquie :",
        "    Turquie (carte Dix) : Contrôler deux des centres d'origine",
        "            français (Bre, Mar, Par) + Por, Spa, Tun. Accomplie.",
    ]
    english = render("taskdip_report.txt.j2", DEFAULT_READER, report=report, private=None)
    assert english.splitlines()[1:5] == [
        "Every task, revealed:",
        "  The player of Italy:",
        "    Italy (card Ten): Control two of the French home centres (Bre,",
        "        Mar, Par) + Por, Spa, Tun. Not fulfilled.",
    ]
