"""The order a language sorts names in, for the lists of names in mails.

English names sort as the code's strings do (`Ankara, Belgium, ...`). French ones
must not: `Édimbourg` would follow `Norvège`, an accented capital sorting after
every plain letter. French, and any other language unless it is given its own key
here, sorts as the Unicode Collation Algorithm does, level by level, which is the
order of a French dictionary:

1. the letters, without accents or case, a ligature as its letters (`Œ` as `oe`);
2. then the accents, from the first letter on: a letter without one first (`cote`,
   `coté`, `côte`, `côté`);
3. then the case: lower case first (`cote`, `Cote`), a ligature after its letters.

Babel has no collation. The `pyuca` package (the UCA with Unicode's default table)
gives the same order for every French name of the map, and the one of these three
levels for the test words of `tests/wording/test_collation.py`; it costs a
dependency and most of a second to read its 1.8 MB table in each process that sorts,
for no change in any mail, so the judge keeps this key (docs/translating.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from judge.wording.readers import DEFAULT_LANGUAGE

# Letters the UCA expands at the first level; at the second, the expansion weighs as
# one more accent between its letters (`Oè` before `œ`), at the third after case.
_EXPANDED = {"œ": ("o", "e"), "æ": ("a", "e"), "ß": ("s", "s"), "ĳ": ("i", "j")}
_LIGATURE_ACCENT = 99
_LIGATURE_CASE = 1  # third level: lower case 0, a ligature 1 (2: a capital one), upper 3
# The order of the accents at the second level (the UCA's: acute before grave, ...);
# an accent not listed comes after these, by its code. A letter's own weight is 0.
_ACCENTS = "\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0327\u0328\u0304"
_ACCENT_ORDER = {mark: rank for rank, mark in enumerate(_ACCENTS, 1)}


def as_written(name: str) -> str:
    """English: the name itself."""
    return name


def dictionary_key(name: str) -> tuple[str, tuple[int, ...], tuple[int, ...], str]:
    """`Édimbourg` sorts as `edimbourg`, then by its accents, then by its case (each
    level a sequence over the whole name, as the UCA compares); the name as written
    breaks a last tie."""
    letters: list[str] = []
    accents: list[int] = []
    cases: list[int] = []
    for char in name:
        lower = char.lower()
        if lower in _EXPANDED:
            first, second = _EXPANDED[lower]
            case = _LIGATURE_CASE + (lower != char)
            letters += [first, second]
            accents += [0, _LIGATURE_ACCENT, 0]
            cases += [case, case, case]
            continue
        decomposed = unicodedata.normalize("NFD", char)
        for letter in decomposed:
            if unicodedata.combining(letter):
                accents.append(_ACCENT_ORDER.get(letter, 100 + ord(letter)))
                continue
            for folded in letter.casefold():
                letters.append(folded)
                accents.append(0)
                cases.append(3 if char != lower else 0)
    return "".join(letters), tuple(accents), tuple(cases), name


# A language whose names sort otherwise than `dictionary_key` does.
COLLATIONS: dict[str, Callable[[str], Any]] = {DEFAULT_LANGUAGE: as_written}


def collation_for(language: str) -> Callable[[str], Any]:
    """The sort key of `language`'s names."""
    return COLLATIONS.get(language, dictionary_key)
