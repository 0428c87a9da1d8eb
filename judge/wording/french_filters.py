"""The filters of the French templates: what the code hands over in English, shown
in French.

Much of a mail's data is computed once for every reader, in the judge's own
(English) words: a power's title (`Germany`), a province (`Burgundy`), the phase
words (`Movement for Fall of 1901`), a moment (`Tue Dec  1 2026 18:00 UTC`). The
French templates print them through these filters: `|nom` (a power or province
name), `|phase` (phase words) and `|noms` (a list of names). A moment needs none:
the common `|when` shows it in the reader's language and zone
(`judge.wording.time_display`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from judge.wording.names_fr import french_name
from judge.wording.rule_help_fr import aide_regle
from judge.wording.vocabulary import ENGLISH, FRENCH

_TYPES = {word: code for code, word in ENGLISH.phase_types.items()}
_SEASONS = {word: code for code, word in ENGLISH.seasons.items()}
_PHASE = re.compile(r"^(\w+) for (\w+) of (\d+)$")


def nom(name: str | None) -> str | None:
    """`{{ power|nom }}`: `Germany` -> `Allemagne`; None stays None."""
    return None if name is None else french_name(name)


def noms(names: Iterable[str]) -> list[str]:
    """`{{ powers|noms|join(", ") }}`."""
    return [french_name(name) for name in names]


def phase(words: str | None) -> str | None:
    """`{{ next_phase|phase }}`: `Movement for Fall of 1901` -> `Mouvements de
    l'automne 1901`; other texts (a phase code) as they are."""
    if words is None:
        return None
    found = _PHASE.match(words)
    if found is None or found[1] not in _TYPES or found[2] not in _SEASONS:
        return words
    return FRENCH.patterns["phase"].format(
        type=FRENCH.phase_types[_TYPES[found[1]]],
        season=FRENCH.seasons[_SEASONS[found[2]]],
        year=found[3],
    )


FILTERS = {"nom": nom, "noms": noms, "phase": phase, "aide_regle": aide_regle}
