"""A few commands have a French word, read in every mail like the English keyword.

Each French line must read as the same command as its English line, and no
French word may be anything else: a province, an order word, another command.
"""

from __future__ import annotations

import re

import pytest
from support.language.parsing import GRAMMAR, VOCABULARY

from judge.language.command_types import OrderLine, ParsedLine, Resume
from judge.language.commands import parse_line
from judge.language.grammar import spellings_of
from judge.language.keywords import Keyword, match_keyword
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
    assert _read(french).command == _read(english).command
    assert _read(french).command is not None


def test_french_command_errors_are_the_english_ones() -> None:
    assert _read("CARTE").error == _read("MAP").error
    french = parse_line("ENCHÈRE Suisse 3", VOCABULARY, GRAMMAR)
    assert french.error == parse_line("BID Suisse 3", VOCABULARY, GRAMMAR).error


def _read(line: str) -> ParsedLine:
    return parse_line(line, VOCABULARY, GRAMMAR)


# Each command's French spellings, as the command registry declares them.
FRENCH_SPELLINGS = [(command.name, spelling) for command in GRAMMAR.commands
                    for spelling in spellings_of(command, "fr")]  # fmt: skip


def test_the_french_words_are_the_ones_chosen() -> None:
    assert {name for name, _ in FRENCH_SPELLINGS} == {
        "HELP", "LIST", "HISTORY", "MAP", "BID", "BID NONE", "PREFERENCES", "CANCEL",
        "WHOGAME", "GET", "ROLLBACK", "CLEAR",
    }  # fmt: skip


def _first_words() -> list[str]:
    """The first word of each French spelling, with and without accents."""
    found: set[str] = set()
    for _, spelling in FRENCH_SPELLINGS:
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
    french = [Keyword(name, spelling) for name, spelling in FRENCH_SPELLINGS]
    for name in GRAMMAR.names:
        found = match_keyword(name, french)
        assert found is None or found[0].name == name, name  # PRÉFÉRENCES is PREFERENCES


def test_resume_with_accents_is_no_command() -> None:
    """RÉSUMÉ (summary) is not the English RESUME: it is left to the order reader."""
    assert isinstance(parse_line("RÉSUMÉ", VOCABULARY, GRAMMAR).command, OrderLine)
    assert isinstance(parse_line("RESUME", VOCABULARY, GRAMMAR).command, Resume)


@pytest.mark.parametrize(
    ("name", "power"),
    [("Allemagne", "GERMANY"), ("ANGLETERRE", "ENGLAND"), ("autriche", "AUSTRIA"),
     ("Italie", "ITALY"), ("Russie", "RUSSIA"), ("Turquie", "TURKEY"), ("France", "FRANCE"),
     ("A", "AUSTRIA"), ("E", "ENGLAND"), ("GER", "GERMANY")],
)  # fmt: skip
def test_power_names_in_french_and_english(name: str, power: str) -> None:
    assert power_name(name) == power
