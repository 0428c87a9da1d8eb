"""The words of a results mail that are computed rather than typed, per language.

An order line (`Army Paris -> Burgundy.`), a failure marker (`(*bounce*)`), a phase
title (`Movement results for Spring of 1901.`) and the phase words (`Movement for
Fall of 1901`) are built from order values and the map by `describe` and `report`;
this module holds the words and patterns they use, one `Wording` per language, so
that no language is written into the code that builds them. English is the judges'
classic wording (njudge's); French is a French judge's (`Armée Paris -> Bourgogne.`,
`Résultats des mouvements du printemps 1901.`), with the French names of
`judge.wording.names_fr`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.wording.collation import as_written, french_key
from judge.wording.names_fr import french_name
from judge.wording.readers import DEFAULT_LANGUAGE


def _same(name: str) -> str:
    return name


@dataclass(frozen=True)
class Wording:
    """Patterns are `str.format` texts; their fields are named in ENGLISH's."""

    units: Mapping[str | None, str]  # "A", "F", None (unknown) -> Army, Fleet, Unit
    coasts: Mapping[str, str]
    markers: Mapping[str, str]  # the English marker -> the shown one
    patterns: Mapping[str, str]
    phase_types: Mapping[str, str]  # in phase words: Movement
    phase_types_of: Mapping[str, str]  # in a title: Movement / des mouvements
    seasons: Mapping[str, str]
    seasons_of: Mapping[str, str]
    unowned: str
    or_word: str
    name: Callable[[str], str] = field(default=_same)  # a map or power name, shown
    # the sort key of a list of shown names (`judge.wording.collation`)
    collate: Callable[[str], Any] = field(default=as_written)


ENGLISH = Wording(
    units={"A": "Army", "F": "Fleet", None: "Unit"},
    coasts={"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"},
    markers={},
    patterns={
        "waive": "Build waived.",
        "build_army": "Builds an army in {place}.",
        "build_fleet": "Builds a fleet in {place}.",
        "remove_army": "Removes the army in {place}.",
        "remove_fleet": "Removes the fleet in {place}.",
        "hold": "{unit} HOLD.",
        "move": "{kind} {move}.",
        "disband": "{unit} DISBAND.",
        "support_hold": "{unit} SUPPORT {supported}.",
        "support_move": "{unit} SUPPORT {helped} {move}.",
        "convoy": "{unit} CONVOY {army} {move}.",
        "coast": "{province} ({coast})",
        "title": "{type} results for {season} of {year}.",
        "phase": "{type} for {season} of {year}",
    },
    phase_types={"B": "Bid", "M": "Movement", "R": "Retreat", "A": "Adjustment"},
    phase_types_of={"B": "Bid", "M": "Movement", "R": "Retreat", "A": "Adjustment"},
    seasons={"S": "Spring", "F": "Fall", "W": "Winter"},
    seasons_of={"S": "Spring", "F": "Fall", "W": "Winter"},
    unowned="Unowned",
    or_word="or",
)

FRENCH = Wording(
    units={"A": "Armée", "F": "Flotte", None: "Unité"},
    coasts={"NC": "côte nord", "SC": "côte sud", "EC": "côte est", "WC": "côte ouest"},
    markers={
        "bounce": "échec",
        "cut": "coupé",
        "dislodged": "délogée",
        "no convoy": "pas de convoi",
        "void": "nul",
        "civil disorder": "désordre civil",
        "illegal": "illégal",
    },
    patterns={
        "waive": "Construction abandonnée.",
        "build_army": "Construit une armée à {place}.",
        "build_fleet": "Construit une flotte à {place}.",
        "remove_army": "Retire l'armée de {place}.",
        "remove_fleet": "Retire la flotte de {place}.",
        "hold": "{unit} TIENT.",
        "move": "{kind} {move}.",
        "disband": "{unit} SE DISSOUT.",
        "support_hold": "{unit} SOUTIENT {supported}.",
        "support_move": "{unit} SOUTIENT {helped} {move}.",
        "convoy": "{unit} CONVOIE {army} {move}.",
        "coast": "{province} ({coast})",
        "title": "Résultats {type} {season} {year}.",
        "phase": "{type} {season} {year}",
    },
    phase_types={"B": "Enchères", "M": "Mouvements", "R": "Retraites", "A": "Ajustements"},
    phase_types_of={
        "B": "des enchères", "M": "des mouvements", "R": "des retraites", "A": "des ajustements",
    },
    seasons={"S": "du printemps", "F": "de l'automne", "W": "de l'hiver"},
    seasons_of={"S": "du printemps", "F": "de l'automne", "W": "de l'hiver"},
    unowned="Sans maître",
    or_word="ou",
    name=french_name,
    collate=french_key,
)

WORDINGS: dict[str, Wording] = {DEFAULT_LANGUAGE: ENGLISH, "fr": FRENCH}


def wording_for(language: str) -> Wording:
    """The wording of `language` (an unknown one: English)."""
    return WORDINGS.get(language, ENGLISH)


@dataclass(frozen=True)
class ByLanguage:
    """A text computed from values in each reader's language: an order sentence in a
    reply note or an order listing, which is worded once the reader is known.
    `render` resolves it (inside dicts and lists too) for a reader of another
    language; printed as it is, it is the English text."""

    word: Callable[[Wording], str]

    def __str__(self) -> str:
        return self.word(ENGLISH)

    def rstrip(self, chars: str | None = None) -> str:
        return str(self).rstrip(chars)


def localized(value: Any, wording: Wording) -> Any:
    """`value` with every ByLanguage in it (in dicts, lists, tuples) worded."""
    if isinstance(value, ByLanguage):
        return value.word(wording)
    if isinstance(value, dict):
        return {key: localized(item, wording) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(localized(item, wording) for item in value)
    return value
