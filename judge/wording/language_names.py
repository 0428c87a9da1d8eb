"""The words a player may type after `SET LANGUAGE` to choose a language the judge
writes: its code and its name in each of those languages (`FR`, `FRENCH`,
`FRANÇAIS`, `FRANCAIS`).

The names are Babel's (CLDR's), so a language added by its `.po` files
(docs/translating.md) is chosen by its code and by its name in every language the
judge writes, with and without accents, without a table to extend. The command
language cannot read this module (it is a layer below the wording): the command
that reads `SET LANGUAGE` passes these words to its reader
(`judge.service.commands.catalog.game_settings.SetLanguage`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from judge.rules.folding import fold_accents
from judge.wording.readers import LANGUAGES
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


LANGUAGE_SPELLINGS = language_spellings()
