"""The results' tables and Taskdip's task lines are laid out per language
(`judge.wording.templates.LAYOUT`): English keeps its fixed columns and Jinja's
wrapping; French starts the centres after its longest label (`Autriche :`) and wraps
with the mail's `fit`. The sentences are the catalog's (French counts 0 in the
singular)."""

from __future__ import annotations

import jinja2
import pytest

from judge.wording.mail_width import fit
from judge.wording.readers import Reader
from judge.wording.templates import LAYOUT, render

CENTRES = ", ".join(["Budapest", "Trieste", "Vienna", "Serbia", "Greece", "Rumania"] * 2)


def results(**data: object) -> dict[str, object]:
    return {"title": "Title", "orders": [], "dislodged": [], "ownership": [],
            "adjustments": [], **data}  # fmt: skip


def test_english_centres_start_at_a_fixed_column_and_wrap_under_it() -> None:
    rows = [{"power": "Austria", "centers": CENTRES}, {"power": "Turkey", "centers": "Ankara"}]
    text = render("_phase_results.txt.j2", **results(ownership=rows))
    lines = text.splitlines()
    first = lines.index("Ownership of supply centers:") + 2
    assert lines[first].startswith("Austria:  Budapest, ")
    assert lines[first + 1].startswith(" " * 10) and lines[first + 1][10] != " "
    assert lines[first + 2] == "Turkey:   Ankara."


def test_french_centres_start_after_the_longest_label_and_fit_the_mail() -> None:
    rows = [{"power": "Angleterre", "centers": CENTRES}, {"power": "Turquie", "centers": "Ankara"}]
    text = render("_phase_results.txt.j2", Reader("fr"), **results(ownership=rows))
    lines = text.splitlines()
    first = lines.index("Possession des centres de ravitaillement :") + 2
    assert lines[first].startswith("Angleterre : Budapest, ")
    assert lines[first + 1].startswith(" " * 13) and lines[first + 1][13] != " "
    assert all(len(line.encode()) <= 78 for line in lines)
    assert "Turquie :    Ankara." in lines


@pytest.mark.parametrize(
    ("language", "rows"),
    [
        ("en", ["Austria: 0 Supply centers,  1 Unit:  Removes   1 unit.",
                "England: 5 Supply centers,  3 Units:  Builds   2 units.",
                "Italy:   1 Supply center,  1 Unit."]),
        ("fr", ["Autriche :    0 centre,  1 unité : retire  1 unité.",
                "Angleterre :  5 centres,  3 unités : construit  2 unités.",
                "Italie :      1 centre,  1 unité."]),
    ],
)  # fmt: skip
def test_the_adjustments_count_in_the_readers_language(language: str, rows: list[str]) -> None:
    names = {"en": ("Austria", "England", "Italy"), "fr": ("Autriche", "Angleterre", "Italie")}
    counts = [(0, 1, 0, 1), (5, 3, 2, 0), (1, 1, 0, 0)]
    adjustments = [
        {"power": name, "centers": c, "units": u, "builds": b, "removes": r}
        for name, (c, u, b, r) in zip(names[language], counts, strict=True)
    ]
    text = render("_phase_results.txt.j2", Reader(language), **results(
        ownership=[{"power": names[language][0], "centers": "Vienna"}], adjustments=adjustments,
    ))  # fmt: skip
    assert text.splitlines()[-len(rows) - 1 : -1] == rows, text


def test_english_wrap_is_jinjas_wordwrap_and_french_is_the_mails_fit() -> None:
    line = "  Austria (card Eight): " + "Control a home centre of Russia (Mos, Sev) + " * 4
    wordwrap = jinja2.Environment().filters["wordwrap"]
    expected = wordwrap(jinja2.Environment(), line, 72, False, "\n      ")
    assert LAYOUT["en"]["wrap"](line, 72, "      ") == expected
    assert LAYOUT["fr"]["wrap"](line, 72, "      ") == fit(line, 72, hang="      ")
