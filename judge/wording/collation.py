"""The order a language sorts names in, for the lists of names in mails.

English names sort as the code's strings do (`Ankara, Belgium, ...`). French ones
must not: `Édimbourg` would follow `Norvège`, an accented capital sorting after
every plain letter. Without a collation library (the French wording moves to
gettext later), French sorts by the letters without their accents and without case
(`É` as `e`), the name as written breaking a tie, which is the order of a French
dictionary for the names of a map.
"""

from __future__ import annotations

import unicodedata


def as_written(name: str) -> str:
    """English: the name itself."""
    return name


def french_key(name: str) -> tuple[str, str]:
    """`Édimbourg` -> `edimbourg`: accents taken off (NFD, the marks dropped), then
    compared without case; the name as written breaks a tie."""
    letters = unicodedata.normalize("NFD", name)
    plain = "".join(c for c in letters if not unicodedata.combining(c))
    return plain.casefold(), name
