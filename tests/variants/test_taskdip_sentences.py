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
from judge.variants.taskdip.victory import CENTRES, HOME_CENTRES, TASK, Win
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render_macro

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
