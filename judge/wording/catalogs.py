"""The gettext catalogs: the judge's English sentences in each reader's language.

Every sentence a player reads is written once, in English, in the code (`_`, `N_`)
or a template (`{% trans %}`, `_()`), and translated by the catalog of the reader's
language: the union of the `.po` files in `judge/locale/<language>/LC_MESSAGES/`
(package data), `judge.po` for the mails and `commands.po` for the command
registry's usage lines and descriptions (docs/translating.md). The files are read,
merged and compiled in memory when a language is first needed (Babel's
`read_po`/`write_mo`), so no compiled `.mo` file is built, committed or shipped:
the text files a translator edits are the ones the judge reads. A msgid in two files
is an error at load (`CatalogConflict`): which translation wins would otherwise
depend on the order the files are read. English needs no catalog (its msgids are its
text). Adding a language is adding its `.po` files (docs/translating.md).
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from judge.bundled import data_dir
from judge.wording.readers import DEFAULT_LANGUAGE, DOMAIN, languages_with_catalogs

__all__ = [
    "DOMAIN", "LOCALES", "catalog_paths", "gettext_in", "languages_with_catalogs", "locale_dir",
    "locale_of", "merged_catalog", "translations",
]

# Babel's locale for each language the judge writes: English is the judges' British
# usage (`Austria, England and Russia`, no comma before the last `and`).
LOCALES = {"en": "en_GB", "fr": "fr_FR"}


def locale_dir() -> Path:
    """`judge/locale/`: inside the installed package, or the source tree's."""
    return data_dir("locale")


class CatalogConflict(Exception):
    """Two `.po` files of one language translate the same msgid, or count differently."""


def catalog_paths(language: str) -> tuple[Path, ...]:
    """The `.po` files of `language`, by name (none: no catalog)."""
    folder = locale_dir() / language / "LC_MESSAGES"
    return tuple(sorted(folder.glob("*.po"))) if folder.is_dir() else ()


def merged_catalog(paths: tuple[Path, ...], language: str) -> Catalog:
    """One catalog holding every message of `paths`; `CatalogConflict` when a msgid
    (with its context) is in two of them, or when they disagree on `Plural-Forms`."""
    merged = Catalog(locale=locale_of(language), domain=DOMAIN)
    came_from: dict[tuple[str, str | None], Path] = {}
    for number, path in enumerate(paths):
        with path.open("rb") as po:
            part = read_po(po, locale=locale_of(language), domain=DOMAIN)
        if number == 0:
            merged.mime_headers = part.mime_headers  # its Plural-Forms, for ngettext
        elif part.plural_forms != merged.plural_forms:
            raise CatalogConflict(f"{path} counts {part.plural_forms!r}, "
                                  f"{paths[0]} {merged.plural_forms!r}")  # fmt: skip
        for message in part:
            if not message.id:
                continue  # the header
            singular = message.id if isinstance(message.id, str) else message.id[0]
            key = (singular, message.context)  # what gettext looks up
            if key in came_from:
                raise CatalogConflict(f"{singular!r} is in {came_from[key]} and in {path}")
            came_from[key] = path
            merged[message.id] = message
    return merged


def locale_of(language: str) -> str:
    """Babel's locale for `language` (a language without an entry: its own code)."""
    return LOCALES.get(language, language)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The translations of `language`, compiled in memory from its `.po` files; English
    (or a language without a catalog) translates nothing. A fuzzy entry is not used
    (Babel's `write_mo` leaves it out), so a guess never reaches a player."""
    paths = catalog_paths(language)
    if language == DEFAULT_LANGUAGE or not paths:
        return gettext.NullTranslations()
    return compiled(merged_catalog(paths, language))


def compiled(catalog: Catalog) -> gettext.GNUTranslations:
    """`catalog` compiled in memory, as `gettext` reads a `.mo` file."""
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return gettext.GNUTranslations(mo)


def gettext_in(language: str, text: str) -> str:
    """`text` (an English msgid) in `language`."""
    return translations(language).gettext(text)
