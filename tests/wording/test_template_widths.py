"""The fixed wording of every template fits in 78 columns.

A line of a template that prints no value (`{{ ... }}`) is mail text as it stands,
once the Jinja tags and comments are taken out: it must fit, or every mail that
uses it goes out quoted-printable. Lines that print values are checked with real
values by `tests/service/game_mail/test_mail_widths.py`, which plays games by mail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.wording.mail_width import MAIL_WIDTH, fit
from judge.wording.templates import render, template_dir

TEMPLATE_DIR = template_dir()

COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)
TAG = re.compile(r"\{%-?.*?-?%\}")
# Mail templates; the zine's pages are HTML. The notes are one-line macros that the
# reply (and every other user) prints through `fit`; so are the command errors they word.
ONE_LINE_MACROS = {"notes.txt.j2", "_command_errors.txt.j2"}
TEMPLATES = sorted(p for p in Path(TEMPLATE_DIR).rglob("*.txt.j2") if p.name not in ONE_LINE_MACROS)


def fixed_lines(path: Path) -> list[str]:
    source = COMMENT.sub("", path.read_text("utf-8"))
    return [TAG.sub("", line) for line in source.splitlines() if "{{" not in line]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(TEMPLATE_DIR)))
def test_the_fixed_text_of_each_template_fits_in_78_columns(path: Path) -> None:
    assert [line for line in fixed_lines(path) if len(line) > MAIL_WIDTH] == []


def test_fit_breaks_long_lines_at_spaces_and_keeps_their_indent() -> None:
    line = "  " + " ".join(["word"] * 30)
    lines = fit(line).split("\n")
    assert all(len(x) <= MAIL_WIDTH and x.startswith("  word") for x in lines)
    assert " ".join(x.strip() for x in lines) == line.strip()
    assert fit("short\n\n  kept") == "short\n\n  kept"
    assert fit("x" * 100) == "x" * 100  # one word longer than a line stays whole


def test_a_long_results_line_is_broken_with_a_hanging_indent() -> None:
    text = render(
        "_phase_results.txt.j2",
        title="Movement results for Fall of 1901.",
        orders=[
            {
                "power": "Russia",
                "lines": [
                    {
                        "text": "Fleet St Petersburg (south coast) SUPPORT Fleet Gulf of "
                        "Bothnia -> Sweden.",
                        "markers": "(*cut, dislodged*)",
                    },
                    {"text": "Army Moscow HOLD.", "markers": ""},
                ],
            }
        ],
        dislodged=[],
        ownership=[],
        adjustments=[],
    )
    assert (
        "Russia: Fleet St Petersburg (south coast) SUPPORT Fleet Gulf of Bothnia ->\n"
        "    Sweden.  (*cut, dislodged*)\n"
        "Russia: Army Moscow HOLD.\n\n"
    ) in text
