"""The subject of a game mail in the reader's language.

The code names each game mail in English (`S1901M Results`, `Press from France`,
`Rolled Back to S1901B`): that is the record's word and the English reader's
subject. `subject_in` words it for another reader, by one table of the subjects the
code makes, each an English pattern and what it reads as; the names inside (a
phase code, powers, the author of press) are carried over and said in that language.
A subject not in the table is sent as it is (a test plays French games and checks
that none of their subjects is left in English).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.wording import french_filters as fr
from judge.wording.readers import DEFAULT_LANGUAGE

_PHASE = r"(?P<phase>\S+)"
_NAMES = r"(?P<names>.+?)"
_CODE = r"(?P<code>\(\S+\))"


# Who a subject may name that is not a power, at the head of the French subject.
_PEOPLE = {"a player": "Un joueur", "A player": "Un joueur", "Master": "Le maître",
           "the Master": "Le maître", "Anonymous": "Anonyme"}  # fmt: skip


def _la(names: str) -> str:
    if names in _PEOPLE:
        return _PEOPLE[names]
    return fr.capitalize_first(fr.et_liste(names, "la"))


def _de(names: str) -> str:
    return fr.par(names)  # `de la France et de l'Allemagne`, `d'Anonyme`, `du maître`


# English pattern -> the French subject (a format over the pattern's groups, the
# names already said in French by the function given with them).
FRENCH: tuple[tuple[str, str], ...] = (
    (rf"{_PHASE} Results", "{phase} Résultats"),
    (rf"{_PHASE} Reminder", "{phase} Rappel"),
    (rf"{_PHASE} Late Notice", "{phase} Avis de retard"),
    (rf"{_PHASE} Late Powers", "{phase} Puissances en retard"),
    (rf"{_PHASE} Orders held with PHASE", "{phase} Ordres gardés avec PHASE"),
    (r"Game Start", "Début de la partie"),
    (r"Game Over", "Fin de la partie"),
    (r"Game Stopped", "Partie arrêtée"),
    (r"Game Paused", "Partie en pause"),
    (r"Game Resumed", "Reprise de la partie"),
    (r"Setting Changed", "Réglage modifié"),
    (r"Deadline Changed", "Date limite modifiée"),
    (r"Processed", "Phase traitée"),
    (r"Expired", "Partie expirée"),
    (r"Bouncing Address", "Adresse injoignable"),
    (r"Player Left", "Départ d'un joueur"),
    (r"You Are a Master", "Vous êtes maître"),
    (r"Resigned by the Master", "Retiré par le maître"),
    (r"Removed by the Master", "Renvoyé par le maître"),
    (rf"Rolled Back to {_PHASE}", "Retour à {phase}"),
    (rf"Press from {_NAMES}", "Presse {de}"),
    (rf"Broadcast from {_NAMES}", "Annonce {de}"),
    (rf"{_NAMES} Resigned", "Abandon {de}"),
    (rf"{_NAMES} Ejected", "Exclusion du joueur {de}"),
    (rf"{_NAMES} Taken Over", "Reprise {de}"),
    (rf"{_NAMES} Approved", "Reprise {de} acceptée"),
    (rf"{_NAMES} Takeover Request", "Demande de reprise {de}"),
    (rf"{_NAMES} Absence Declared", "{la} : absence déclarée"),
    (rf"{_NAMES} Absence Withdrawn", "{la} : absence retirée"),
    # Outside games (after the judge's code): the code in brackets is kept, replies
    # are matched on it.
    (rf"please confirm your address {_CODE}", "merci de confirmer votre adresse {code}"),
    (rf"please confirm {_CODE}", "merci de confirmer {code}"),
    (r"too many mails", "trop de courriers"),
)
_NAME_FORMS: dict[str, Callable[[str], str]] = {"la": _la, "de": _de}
_COMPILED = tuple((re.compile(pattern), french) for pattern, french in FRENCH)
TABLES = {"fr": _COMPILED}


def judge_subject(judge_code: str, what: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A subject outside any game (`UK: please confirm (AB12CD)`): the judge's code,
    then `what` in the reader's language."""
    return f"{judge_code}: {subject_in(what, language)}"


def subject_in(what: str, language: str = DEFAULT_LANGUAGE) -> str:
    """`what` (the code's English subject) as a reader of `language` reads it."""
    table = TABLES.get(language)
    if table is None or language == DEFAULT_LANGUAGE:
        return what
    for pattern, said in table:
        found = pattern.fullmatch(what)
        if found is None:
            continue
        values = found.groupdict()
        names = values.pop("names", None)
        if names is not None:
            values |= {form: word(names) for form, word in _NAME_FORMS.items()}
        return said.format(**values)
    if ", " in what:  # a batch of announcements names each (`Game Paused, Game Resumed`)
        return ", ".join(subject_in(part, language) for part in what.split(", "))
    return what
