"""The French spellings of a few commands, read in every mail like the English ones.

The contract (spec/mail.md, `SET LANGUAGE`) reads commands "in either language's
usual words". Only the commands a French player most often types alone on a line
get a French word, and only words that can be nothing else in a mail:

    AIDE            HELP         (AIDE topic, as HELP topic)
    LISTE           LIST         (LISTE game)
    HISTORIQUE      HISTORY
    CARTE           MAP
    ENCHÈRE         BID          (ENCHERE, ENCHÈRES; ENCHÈRE Allemagne 5)
    ENCHÈRE AUCUNE  BID NONE
    PRÉFÉRENCES     PREFERENCES  (the English word with its accents)
    ANNULER         CANCEL       (ANNULER A PAR, ANNULER Allemagne)
    QUI JOUE        WHOGAME      (QUIJOUE g1)
    OBTENIR         GET          (OBTENIR press)
    RETOUR          ROLLBACK     (RETOUR S1902M: the master's)
    EFFACER         CLEAR        (the orders held with PHASE, which reads as in English)

Each French word is checked not to be a province name, an order word, nor the
start of another command (tests/language/test_french_keywords.py). Words that would
read as something else are left out on purpose: `RÉSUMÉ` (folded, it is RESUME),
`ORDRES`, `NULLE` (draw), `ABANDON` (concede or resign?). The arguments are read
as in English; power names may be French (`Allemagne`, see `rules.state.power_name`).
Other commands keep their English keyword, which French players know from the
rules and the HELP text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.language.keywords import Keyword, match_keyword

# English keyword name -> the French spelling, in `Keyword.spelling` form.
FRENCH_SPELLINGS: Mapping[str, str] = {
    "HELP": "AIDE",
    "LIST": "LISTE",
    "HISTORY": "HISTORIQUE",
    "MAP": "CARTE",
    "BID": "ENCH[EÈ]RES?",
    "BID NONE": "ENCH[EÈ]RES? AUCUNE",
    "PREFERENCES": "PR[EÉ]F[EÉ]RENCES?",
    "CANCEL": "ANNULER",
    "WHOGAME": "QUI JOUE",
    "GET": "OBTENIR",
    "ROLLBACK": "RETOUR",
    "CLEAR": "EFFACER",
}


def with_french(table: Iterable[tuple[Keyword, object]]) -> Iterable[Keyword]:
    """The French keyword for each English one of `table` that has one, named like
    it (so it is read by the same reader)."""
    for keyword, _ in table:
        french = FRENCH_SPELLINGS.get(keyword.name)
        if french is not None:
            yield Keyword(keyword.name, french)


# The French words no English command shares (PRÉFÉRENCES is the English word too).
_ONLY_FRENCH = [
    Keyword(name, spelling) for name, spelling in FRENCH_SPELLINGS.items()
    if name != "PREFERENCES"
]  # fmt: skip


def writes_french(lines: Iterable[str]) -> bool:
    """Whether a mail's lines use a French command word (`AIDE`, `LISTE g1`): a
    stranger who writes them is answered in French."""
    return any(match_keyword(line, _ONLY_FRENCH) is not None for line in lines)
