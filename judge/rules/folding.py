"""Letters with accents read as the letters without them: `Bohême` is `Boheme`.

French players write province names with accents (`Sébastopol`, `Grèce`,
`Bohême`, `Saint-Pétersbourg`), or without them on a keyboard that has none;
both must name the same province. The order parser and the map's name index read
every name through `fold_accents`, so an accent never changes what a word means.

The table is written out (no `unicodedata`: the rules core imports only what it
needs) and covers the Latin letters of French and of the other languages
players' mail programs produce (German, Spanish, Italian, Portuguese,
Scandinavian names). Typographic apostrophes and quotes become plain ones.
"""

from __future__ import annotations

_FOLDS = {
    "a": "àáâãäåāăą",
    "c": "çćĉċč",
    "d": "ďđ",
    "e": "èéêëēĕėęě",
    "g": "ĝğġģ",
    "i": "ìíîïĩīĭįı",
    "n": "ñńņň",
    "o": "òóôõöøōŏő",
    "s": "śŝşšș",
    "t": "ţťț",
    "u": "ùúûüũūŭůűų",
    "y": "ýÿŷ",
    "z": "źżž",
    "'": "\u2018\u2019\u02bc\u00b4`",  # quotation marks, modifier apostrophe, acute, backtick
    '"': "\u201c\u201d\u00ab\u00bb",  # double quotation marks and guillemets
}


def _fold_table() -> dict[int, str]:
    """The `str.translate` table of `_FOLDS`, both cases, and the ligatures."""
    table: dict[int, str] = {}
    for plain, accented in _FOLDS.items():
        for char in accented:
            table[ord(char)] = plain
            table[ord(char.upper())] = plain.upper()
    table.update({ord("œ"): "oe", ord("Œ"): "OE", ord("æ"): "ae", ord("Æ"): "AE", ord("ß"): "ss"})
    return table


_TABLE = _fold_table()


def fold_accents(text: str) -> str:
    """`text` with its accented letters replaced by plain ones (`Grèce` -> `Grece`).

    Ligatures become two letters (`œ` -> `oe`), so the result may be longer;
    every other character is kept as it is.
    """
    if text.isascii():
        return text
    return text.translate(_TABLE)
