"""The gettext catalogs: the judge's English sentences in each reader's language.

Every sentence a player reads is written once, in English, in the code (`_`, `N_`)
or a template (`{% trans %}`, `_()`), and translated by the catalog of the reader's
language, `judge/locale/<language>/LC_MESSAGES/judge.po` (package data). The `.po`
file is read and compiled in memory when a language is first needed (Babel's
`read_po`/`write_mo`), so no compiled `.mo` file is built, committed or shipped:
the text file a translator edits is the one the judge reads. English needs no
catalog (its msgids are its text). Adding a language is adding its `.po` file
(docs/translating.md).
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from judge.bundled import data_dir
from judge.wording.readers import DEFAULT_LANGUAGE, DOMAIN, languages_with_catalogs

__all__ = [
    "DOMAIN", "LOCALES", "catalog_path", "gettext_in", "languages_with_catalogs", "locale_dir",
    "locale_of", "translations",
]

# Babel's locale for each language the judge writes: English is the judges' British
# usage (`Austria, England and Russia`, no comma before the last `and`).
LOCALES = {"en": "en_GB", "fr": "fr_FR"}


def locale_dir() -> Path:
    """`judge/locale/`: inside the installed package, or the source tree's."""
    return data_dir("locale")


def catalog_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def locale_of(language: str) -> str:
    """Babel's locale for `language` (a language without an entry: its own code)."""
    return LOCALES.get(language, language)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The translations of `language`, compiled in memory from its `.po` file; English
    (or a language without a catalog) translates nothing. A fuzzy entry is not used
    (Babel's `write_mo` leaves it out), so a guess never reaches a player."""
    path = catalog_path(language)
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=locale_of(language), domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def gettext_in(language: str, text: str) -> str:
    """`text` (an English msgid) in `language`."""
    return translations(language).gettext(text)
