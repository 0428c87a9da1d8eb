"""The two-column table of the HELP COMMANDS page: aligned, wrapped under itself,
within 78 bytes, French punctuation never starting a line."""

from __future__ import annotations

from judge.wording.command_table import DESCRIPTION_COLUMN, command_table
from judge.wording.mail_width import line_bytes


def test_a_short_row_is_one_line_with_the_description_in_its_column() -> None:
    assert command_table([("DRAW", "propose a draw")]) == (
        "  DRAW" + " " * (DESCRIPTION_COLUMN - 6) + "propose a draw"
    )


def test_a_long_description_wraps_under_itself() -> None:
    lines = command_table([("SET CD", "a power that sent no orders goes into civil "
                                      "disorder at the end of the grace period")]).split("\n")
    assert len(lines) == 2
    assert lines[1].startswith(" " * DESCRIPTION_COLUMN + "disorder")
    assert all(line_bytes(line) <= 78 for line in lines)


def test_a_usage_too_long_for_its_column_puts_the_description_below() -> None:
    lines = command_table([("PRESS [TO puissances] ... ENDPRESS", "presse à tous")]).split("\n")
    assert lines == ["  PRESS [TO puissances] ... ENDPRESS",
                     " " * DESCRIPTION_COLUMN + "presse à tous"]  # fmt: skip


def test_french_punctuation_stays_with_the_word_before_it() -> None:
    text = ("se connecter à une partie en tant que puissance X, M (maître) ou "
            "O (observateur) ; ? pour la rejoindre")  # fmt: skip
    lines = command_table([("SIGNON Xpartie motdepasse", text)]).split("\n")
    assert not any(line.strip().startswith((";", "?")) for line in lines), lines
    assert all(line_bytes(line) <= 78 for line in lines)


def test_accented_usage_keeps_the_line_within_78_bytes() -> None:
    lines = command_table([("SET PRÉFÉRENCES", "é" * 10 + " " + "x" * 30)]).split("\n")
    assert all(line_bytes(line) <= 78 for line in lines), lines
