"""The words of a results mail that are computed rather than typed, per language.

An order line (`Army Paris -> Burgundy.`), a failure marker (`(*bounce*)`), a phase
title (`Movement results for Spring of 1901.`) and the phase words (`Movement for
Fall of 1901`) are built from order values and the map by `describe` and `report`;
this module holds the words and patterns they use, one `Wording` per language, so
that no language is written into the code that builds them. English is the judges'
classic wording (njudge's), and the msgids; another language's `Wording` is ENGLISH
through its catalog (French: `Armée Paris -> Bourgogne.`, `Résultats des mouvements
du printemps 1901.`), with the names of its map (`judge.wording.names_fr`, data).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.i18n import NP_
from judge.wording.catalogs import translations
from judge.wording.collation import as_written, collation_for
from judge.wording.names_fr import french_name
from judge.wording.readers import DEFAULT_LANGUAGE, LANGUAGES


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


# The English words and patterns, each marked for the catalogs with its context (the
# same English word is a different French one in a title: `Movement` is `Mouvements`
# in phase words, `des mouvements` in `Résultats des mouvements`).
ENGLISH = Wording(
    units={
        "A": NP_("unit", "Army"), "F": NP_("unit", "Fleet"), None: NP_("unit", "Unit"),
    },
    coasts={
        "NC": NP_("coast", "north coast"), "SC": NP_("coast", "south coast"),
        "EC": NP_("coast", "east coast"), "WC": NP_("coast", "west coast"),
    },
    markers={
        word: word
        for word in (
            NP_("result marker", "bounce"), NP_("result marker", "cut"),
            NP_("result marker", "dislodged"), NP_("result marker", "no convoy"),
            NP_("result marker", "void"), NP_("result marker", "civil disorder"),
            NP_("result marker", "illegal"),
        )
    },
    patterns={
        "waive": NP_("order", "Build waived."),
        "build_army": NP_("order", "Builds an army in {place}."),
        "build_fleet": NP_("order", "Builds a fleet in {place}."),
        "remove_army": NP_("order", "Removes the army in {place}."),
        "remove_fleet": NP_("order", "Removes the fleet in {place}."),
        "hold": NP_("order", "{unit} HOLD."),
        "move": NP_("order", "{kind} {move}."),
        "disband": NP_("order", "{unit} DISBAND."),
        "support_hold": NP_("order", "{unit} SUPPORT {supported}."),
        "support_move": NP_("order", "{unit} SUPPORT {helped} {move}."),
        "convoy": NP_("order", "{unit} CONVOY {army} {move}."),
        "coast": NP_("order", "{province} ({coast})"),
        "title": NP_("results title", "{type} results for {season} of {year}."),
        "phase": NP_("phase words", "{type} for {season} of {year}"),
    },
    phase_types={
        "B": NP_("phase type", "Bid"), "M": NP_("phase type", "Movement"),
        "R": NP_("phase type", "Retreat"), "A": NP_("phase type", "Adjustment"),
    },
    phase_types_of={
        "B": NP_("phase type in a title", "Bid"),
        "M": NP_("phase type in a title", "Movement"),
        "R": NP_("phase type in a title", "Retreat"),
        "A": NP_("phase type in a title", "Adjustment"),
    },
    seasons={
        "S": NP_("season", "Spring"), "F": NP_("season", "Fall"), "W": NP_("season", "Winter"),
    },
    seasons_of={
        "S": NP_("season in a title", "Spring"), "F": NP_("season in a title", "Fall"),
        "W": NP_("season in a title", "Winter"),
    },
    unowned=NP_("centre owner", "Unowned"),
    or_word=NP_("conjunction", "or"),
)  # fmt: skip

# The contexts of ENGLISH's fields in the catalogs (NP_ above).
_CONTEXTS = {
    "units": "unit", "coasts": "coast", "markers": "result marker", "phase_types": "phase type",
    "phase_types_of": "phase type in a title", "seasons": "season",
    "seasons_of": "season in a title", "unowned": "centre owner", "or_word": "conjunction",
}  # fmt: skip
_PATTERN_CONTEXTS = {"title": "results title", "phase": "phase words"}


def translated_wording(
    language: str, name: Callable[[str], str], collate: Callable[[str], Any]
) -> Wording:
    """ENGLISH in `language`, each word and pattern from the catalog (`pgettext`), with
    the language's names of the map (data) and its sort order."""
    catalog = translations(language)

    def word(context: str, text: str) -> str:
        return catalog.pgettext(context, text)

    def mapping(field_name: str, english: Mapping[Any, str]) -> dict[Any, str]:
        return {key: word(_CONTEXTS[field_name], text) for key, text in english.items()}

    return Wording(
        units=mapping("units", ENGLISH.units),
        coasts=mapping("coasts", ENGLISH.coasts),
        markers=mapping("markers", ENGLISH.markers),
        patterns={key: word(_PATTERN_CONTEXTS.get(key, "order"), text)
                  for key, text in ENGLISH.patterns.items()},
        phase_types=mapping("phase_types", ENGLISH.phase_types),
        phase_types_of=mapping("phase_types_of", ENGLISH.phase_types_of),
        seasons=mapping("seasons", ENGLISH.seasons),
        seasons_of=mapping("seasons_of", ENGLISH.seasons_of),
        unowned=word(_CONTEXTS["unowned"], ENGLISH.unowned),
        or_word=word(_CONTEXTS["or_word"], ENGLISH.or_word),
        name=name,
        collate=collate,
    )  # fmt: skip


# A language's names of the standard map (data: `judge.wording.names_fr`); a language
# without its names shows the map's own.
MAP_NAMES: dict[str, Callable[[str], str]] = {"fr": french_name}

# Every language the judge writes (a catalog's): ENGLISH through its catalog.
WORDINGS: dict[str, Wording] = {DEFAULT_LANGUAGE: ENGLISH} | {
    language: translated_wording(language, MAP_NAMES.get(language, _same), collation_for(language))
    for language in LANGUAGES
    if language != DEFAULT_LANGUAGE
}
FRENCH = WORDINGS["fr"]


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
