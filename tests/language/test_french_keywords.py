"""A few commands have a French word, read in every mail like the English keyword.

Each French line must read as the same command as its English line, and no
French word may be anything else: a province, an order word, another command.
"""

from __future__ import annotations

import re

import pytest
from support.language.parsing import VOCABULARY

from judge.language.command_types import OrderLine, Resume
from judge.language.commands import _NAMES, _TABLE, parse_line
from judge.language.french_keywords import FRENCH_SPELLINGS, with_french
from judge.language.keywords import match_keyword
from judge.rules import french_words
from judge.rules.map import load_map
from judge.rules.parse import parse_order
from judge.rules.state import power_name


@pytest.mark.parametrize(
    ("french", "english"),
    [
        ("AIDE", "HELP"),
        ("aide orders", "HELP orders"),
        ("LISTE", "LIST"),
        ("Liste partie1", "LIST partie1"),
        ("HISTORIQUE partie1", "HISTORY partie1"),
        ("CARTE partie1", "MAP partie1"),
        ("ENCHÈRE Allemagne 5", "BID Germany 5"),
        ("enchere 3 italie", "BID Italy 3"),
        ("Enchères Autriche 2", "BID Austria 2"),
        ("ENCHÈRE AUCUNE", "BID NONE"),
        ("enchere aucune.", "BID NONE"),
        ("PRÉFÉRENCES FGEAIRT", "PREFERENCES FGEAIRT"),
        ("Préférences Allemagne, France, Italie, Russie, Turquie, Autriche, Angleterre",
         "PREFERENCES GFIRTAE"),
    ],
)
def test_french_command_reads_as_the_english_one(french: str, english: str) -> None:
    assert parse_line(french, VOCABULARY).command == parse_line(english, VOCABULARY).command
    assert parse_line(french, VOCABULARY).command is not None


def test_french_command_errors_are_the_english_ones() -> None:
    assert parse_line("CARTE", VOCABULARY).error == parse_line("MAP", VOCABULARY).error
    french = parse_line("ENCHÈRE Suisse 3", VOCABULARY)
    assert french.error == parse_line("BID Suisse 3", VOCABULARY).error


def _first_words() -> list[str]:
    """The first word of each French spelling, with and without accents."""
    found: set[str] = set()
    for spelling in FRENCH_SPELLINGS.values():
        word = spelling.split()[0].replace("S?", "")
        found.add(re.sub(r"\[(.)(.)\]", r"\1", word))
        found.add(re.sub(r"\[(.)(.)\]", r"\2", word))
    return sorted(found)


@pytest.mark.parametrize("word", _first_words())
def test_no_french_command_word_means_anything_else(word: str) -> None:
    game_map = load_map("standard")
    assert game_map.lookup(word) is None
    assert word.lower() not in french_words.HOLD_WORDS | french_words.MOVE_VERBS
    assert power_name(word) is None
    with pytest.raises(ValueError):  # not an order either
        parse_order(word, game_map, game_map.initial_state())


def test_no_french_keyword_catches_an_english_line() -> None:
    french = list(with_french(_TABLE))
    for name in _NAMES:
        found = match_keyword(name, french)
        assert found is None or found[0].name == name, name  # PRÉFÉRENCES is PREFERENCES


def test_resume_with_accents_is_no_command() -> None:
    """RÉSUMÉ (summary) is not the English RESUME: it is left to the order reader."""
    assert isinstance(parse_line("RÉSUMÉ", VOCABULARY).command, OrderLine)
    assert isinstance(parse_line("RESUME", VOCABULARY).command, Resume)


@pytest.mark.parametrize(
    ("name", "power"),
    [("Allemagne", "GERMANY"), ("ANGLETERRE", "ENGLAND"), ("autriche", "AUSTRIA"),
     ("Italie", "ITALY"), ("Russie", "RUSSIA"), ("Turquie", "TURKEY"), ("France", "FRANCE"),
     ("A", "AUSTRIA"), ("E", "ENGLAND"), ("GER", "GERMANY")],
)  # fmt: skip
def test_power_names_in_french_and_english(name: str, power: str) -> None:
    assert power_name(name) == power
