"""`SET LANGUAGE`: the words a player may type for each language come from the
languages the judge has catalogs for (Babel's names of them), handed to the reader."""

from __future__ import annotations

import pytest

from judge.language.arguments import CommandError
from judge.language.command_types import SetLanguage
from judge.language.set_commands import set_language
from judge.wording.command_errors import worded
from judge.wording.language_names import (
    LANGUAGE_SPELLINGS,
    LANGUAGES_CHOSEN,
    language_spellings,
    languages_chosen,
)

# Every spelling a player could type before the names came from the catalogs.
TYPED_BEFORE = {"EN": "en", "ENGLISH": "en", "ANGLAIS": "en",
                "FR": "fr", "FRENCH": "fr", "FRANCAIS": "fr", "FRANÇAIS": "fr"}  # fmt: skip


@pytest.mark.parametrize(("typed", "code"), sorted(TYPED_BEFORE.items()))
def test_every_spelling_a_player_typed_before_still_chooses_its_language(
    typed: str, code: str
) -> None:
    for shown in (typed, typed.lower(), typed.title()):
        assert set_language(shown, LANGUAGES_CHOSEN) == SetLanguage(code)


def test_the_words_are_the_codes_and_the_names_and_nothing_else() -> None:
    assert dict(LANGUAGE_SPELLINGS) == TYPED_BEFORE


@pytest.mark.parametrize("rest", ["", "DE", "klingon", "FR EN", "FRANÇAISE"])
def test_a_word_that_names_no_language_is_refused_with_the_usage(rest: str) -> None:
    with pytest.raises(CommandError) as refused:
        set_language(rest, LANGUAGES_CHOSEN)
    message = refused.value.message
    assert str(message) == "SET LANGUAGE takes EN (English) or FR (French): SET LANGUAGE FR"
    assert worded(message, "fr") == (
        "SET LANGUAGE prend EN (anglais) ou FR (français) : SET LANGUAGE FR")  # fmt: skip


def test_a_third_language_is_named_in_every_language_without_a_table() -> None:
    """What adding `judge/locale/de/` would give: German by its code and its names in
    English, French and German, and English and French by their German names."""
    spellings = language_spellings(("en", "fr", "de"))
    assert {word for word, code in spellings.items() if code == "de"} == {
        "DE", "GERMAN", "ALLEMAND", "DEUTSCH"}  # fmt: skip
    assert spellings["ENGLISCH"] == "en" and spellings["FRANZOSISCH"] == "fr"
    chosen = languages_chosen(("en", "fr", "de"))
    assert set_language("Deutsch", chosen) == SetLanguage("de")
    with pytest.raises(CommandError) as refused:
        set_language("klingon", chosen)
    assert str(refused.value.message) == (
        "SET LANGUAGE takes EN (English), FR (French) or DE (German): SET LANGUAGE FR")
    assert worded(refused.value.message, "fr") == (
        "SET LANGUAGE prend EN (anglais), FR (français) ou DE (allemand) : SET LANGUAGE FR")
