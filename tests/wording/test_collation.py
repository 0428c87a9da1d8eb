"""French names sort as a French dictionary sorts them (`judge.wording.collation`):
letters first, without accents or case, then accents, then case, as the Unicode
Collation Algorithm's levels do. The expected orders are the `pyuca` package's (the
UCA with Unicode's default table), checked when the key was written: the judge does
not depend on it (docs/translating.md)."""

from __future__ import annotations

import unicodedata

from judge.wording.collation import dictionary_key
from judge.wording.names_fr import FRENCH_NAMES


def _sorted(words: str) -> list[str]:
    return sorted(words.split(), key=dictionary_key)


def test_an_accented_capital_sorts_with_its_letter_not_after_z() -> None:
    assert _sorted("Norvège Édimbourg Ankara Yorkshire Écosse") == [
        "Ankara", "Écosse", "Édimbourg", "Norvège", "Yorkshire"]  # fmt: skip


def test_accents_decide_before_case_and_a_plain_letter_comes_first() -> None:
    assert _sorted("côté Côte coté Cote cote") == ["cote", "Cote", "coté", "Côte", "côté"]
    assert _sorted("Élève élève élevé Ève eve") == ["élevé", "élève", "Élève", "eve", "Ève"]


def test_a_ligature_sorts_as_its_letters() -> None:
    assert _sorted("Œuvre oeuvre ouvrir Oeuf œuf omettre") == [
        "Oeuf", "œuf", "oeuvre", "Œuvre", "omettre", "ouvrir"]  # fmt: skip


def test_the_map_names_sort_as_before_so_no_mail_changes() -> None:
    """The names of the standard map differ in their letters: the levels after the
    first never decide between two of them, and the order is the one the mails had
    with the accent-folding key this one replaced."""
    names = sorted(set(FRENCH_NAMES.values()))

    def folded(name: str) -> tuple[str, str]:
        plain = "".join(c for c in unicodedata.normalize("NFD", name)
                        if not unicodedata.combining(c))  # fmt: skip
        return plain.casefold(), name

    assert sorted(names, key=dictionary_key) == sorted(names, key=folded)
    assert len({dictionary_key(name)[0] for name in names}) == len(names)
