"""The words a player may type after `SET LANGUAGE` to choose a language the judge
writes: its code and its name in each of those languages (`FR`, `FRENCH`,
`FRANÇAIS`, `FRANCAIS`); and the list of them a refusal gives (`EN (English) or FR
(French)`, in French `EN (anglais) ou FR (français)`).

The names are Babel's (CLDR's), so a language added by its `.po` files
(docs/translating.md) is chosen by its code and by its name in every language the
judge writes, with and without accents, without a table to extend. The command
language cannot read this module (it is a layer below the wording): the command
that reads `SET LANGUAGE` passes these words to its reader
(`judge.service.commands.catalog.game_settings.SetLanguage`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from babel.lists import format_list

from judge.rules.folding import fold_accents
from judge.rules.reasons import Listed
from judge.wording.catalogs import locale_of
from judge.wording.readers import DEFAULT_LANGUAGE, LANGUAGES
from judge.wording.settings import language_name


def language_spellings(languages: Iterable[str] = LANGUAGES) -> Mapping[str, str]:
    """Every word (upper case) that names one of `languages`, and the language's code:
    `EN`, `ENGLISH`, `ANGLAIS` -> `en`. Two languages named by the same word is an
    error: the player's choice would depend on the table's order."""
    chosen = tuple(languages)
    spellings: dict[str, str] = {}
    for code in chosen:
        names = {code, *(language_name(code, reader) for reader in chosen)}
        for name in names:
            for word in {name.upper(), fold_accents(name).upper()}:
                if spellings.setdefault(word, code) != code:
                    raise ValueError(f"{word!r} names both {spellings[word]} and {code}")
    return MappingProxyType(spellings)


def language_listed(code: str, language: str) -> str:
    """`FR (French)`; in French `FR (français)`."""
    return f"{code.upper()} ({language_name(code, language)})"


@dataclass(frozen=True)
class LanguagesChosen:
    """What the reader of `SET LANGUAGE` is given
    (`judge.language.set_commands.LanguageChoice`)."""

    spellings: Mapping[str, str]
    listed: Listed


def languages_chosen(languages: Iterable[str] = LANGUAGES) -> LanguagesChosen:
    """The words for `languages`, and their list in English (`EN (English) or FR
    (French)`; a reader of another language reads each item worded again, kind
    `language`: `judge.wording.command_errors`)."""
    codes = tuple(languages)
    english = [language_listed(code, DEFAULT_LANGUAGE) for code in codes]
    joined = format_list(english, style="or", locale=locale_of(DEFAULT_LANGUAGE))
    listed = Listed(codes, joined, kind="language", alternatives=True)
    return LanguagesChosen(language_spellings(codes), listed)


LANGUAGES_CHOSEN = languages_chosen()
LANGUAGE_SPELLINGS = LANGUAGES_CHOSEN.spellings
