"""The grammar filters of a report's lists (`judge.wording.templates.GRAMMAR`):
`wrap_item` wraps an item with its hanging indent as each language's mails always
had it, and `list_of_words` joins words that are not names as the language lists."""

from __future__ import annotations

from judge.wording.mail_width import line_bytes
from judge.wording.templates import environment

ITEM = "  " + "La France (A PIE - TYR) viole la neutralité de l'Autriche-Hongrie " * 3


def wrapped(language: str, text: str, width: int, hang: str) -> list[str]:
    template = environment(language).from_string("{{ text|wrap_item(width, hang) }}")
    return template.render(text=text, width=width, hang=hang).split("\n")


def test_english_wraps_an_item_as_jinjas_wordwrap_the_hang_after_the_width() -> None:
    lines = wrapped("en", ITEM, 74, "    ")
    expected = environment("en").from_string('{{ text|wordwrap(74, false, "\\n    ") }}')
    assert "\n".join(lines) == expected.render(text=ITEM)
    assert all(line.startswith("    ") for line in lines[1:])
    assert max(len(line) for line in lines[1:]) > 74  # the hang is not counted


def test_french_fits_an_item_within_the_width_in_bytes() -> None:
    lines = wrapped("fr", ITEM, 74, "    ")
    assert len(lines) > 1 and " ".join(" ".join(lines).split()) == " ".join(ITEM.split())
    assert all(line_bytes(line) <= 74 for line in lines)
    # the hang is added to the item's own indent (`fit`)
    assert all(line.startswith("      ") and line[6] != " " for line in lines[1:])


def test_words_that_are_not_names_are_joined_as_the_language_lists_them() -> None:
    words = ["anglais", "allemands", "italiens"]
    french = environment("fr").from_string("{{ words|list_of_words }}")
    assert french.render(words=words) == "anglais, allemands et italiens"
    english = environment("en").from_string("{{ words|list_of_words }}")
    assert english.render(words=["English", "German"]) == "English and German"
