"""Lists and agreement in running text: `Austria, England and Russia`, `is`/`are`.

A notice that names several powers reads as a sentence: the names joined with
commas and a last `and` (`et` in French), and the verb agreeing with the count
(`France and Turkey are in civil disorder`). The code hands over either a list
of names or, as some older callers do, one text already joined with ` and `
(`Austria and Italy`); both are read the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.lists import format_list

from judge.wording.catalogs import locale_of
from judge.wording.readers import DEFAULT_LANGUAGE


def names_of(names: Iterable[str] | str | None) -> list[str]:
    """A list of names from a list, or from one text joined with ` and `/`, `."""
    if names is None:
        return []
    if isinstance(names, str):
        return [n.strip() for part in names.split(" and ") for n in part.split(", ") if n.strip()]
    return [str(n) for n in names]


def join_names(names: Iterable[str] | str | None, language: str = DEFAULT_LANGUAGE) -> str:
    """`A`, `A and B`, `A, B and C`, joined as `language` joins a list (Babel's CLDR
    patterns: French `A, B et C`)."""
    return format_list(names_of(names), locale=locale_of(language))


def and_list(names: Iterable[str] | str | None) -> str:
    """`{{ powers|and_list }}`: `Austria, England and Russia`."""
    return join_names(names)


def count_of(names: Iterable[str] | str | int | None) -> int:
    return names if isinstance(names, int) else len(names_of(names))


def is_are(names: Iterable[str] | str | int | None) -> str:
    """`{{ powers|and_list }} {{ powers|is_are }}`: `France is`, `France and Turkey are`."""
    return "is" if count_of(names) == 1 else "are"


def has_have(names: Iterable[str] | str | int | None) -> str:
    return "has" if count_of(names) == 1 else "have"


FILTERS = {"and_list": and_list, "is_are": is_are, "has_have": has_have}
