"""The French names of the board add to the English ones and change none of them.

`standard.fr.toml` gives every province a French name, read in orders next to
the English ids, names and aliases. These tests hold the map with and without
the French names side by side: every English spelling must name the same
province in both, in an order as in a lookup; the French abbreviations left out
on purpose (they would mean another province) stay unread.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import pytest

from judge.rules import french_words as fr
from judge.rules.map import GameMap, MapError, ProvinceKind, build_map, load_map
from judge.rules.parse import parse_order
from judge.rules.state import GameState, Phase, Unit, UnitType


def _data(name: str) -> dict:  # type: ignore[type-arg]
    text = resources.files("judge.rules.data").joinpath(name).read_text("utf-8")
    return tomllib.loads(text)


@cache
def english_map() -> GameMap:
    return build_map("standard", _data("standard.toml"))


@cache
def bilingual_map() -> GameMap:
    return load_map("standard")


def english_spellings() -> list[tuple[str, str]]:
    """Every (spelling, province) the English map knows: ids, names, aliases."""
    return [
        (spelling, province.id)
        for province in english_map().provinces.values()
        for spelling in (province.id, province.name, *province.aliases)
    ]


def test_every_province_has_a_french_name() -> None:
    french = bilingual_map().translations["fr"]
    assert set(french) == set(bilingual_map().provinces)
    assert french["ENG"] == "Manche"
    assert french["STP"] == "Saint-Pétersbourg"
    assert french["MAO"] == "Atlantique Moyen"


def test_english_names_are_kept() -> None:
    for province in english_map().provinces.values():
        both = bilingual_map().provinces[province.id]
        assert both.name == province.name
        assert both.aliases[: len(province.aliases)] == province.aliases


@pytest.mark.parametrize(("spelling", "province"), english_spellings())
def test_every_english_spelling_names_the_same_province(spelling: str, province: str) -> None:
    assert bilingual_map().lookup(spelling) == english_map().lookup(spelling) == province


def _unit_in(province: str) -> Unit:
    game_map = english_map()
    kind = ProvinceKind.SEA if game_map.is_sea(province) else None
    location = game_map.fleet_locations(province)[0] if kind else province
    return Unit("FRANCE", UnitType.FLEET if kind else UnitType.ARMY, location)


@pytest.mark.parametrize(("spelling", "province"), english_spellings())
def test_every_english_spelling_reads_the_same_in_orders(spelling: str, province: str) -> None:
    """As the ordered unit and as a move's target, on both maps, the same order."""
    unit = _unit_in(province)
    neighbour = sorted(english_map().topology.any_borders[province])[0]
    other = _unit_in(neighbour)
    state = GameState.from_units(Phase.parse("S1901M"), [unit, other], {})
    texts = (
        f"{unit.kind.value} {spelling} H",
        f"{unit.kind.value} {spelling} S {other.kind.value} {neighbour}",
        f"{other.kind.value} {neighbour} - {spelling}",
    )
    for text in texts:
        assert _outcome(text, bilingual_map(), state) == _outcome(text, english_map(), state)


def _outcome(text: str, game_map: GameMap, state: GameState) -> str:
    try:
        return str(parse_order(text, game_map, state))
    except ValueError as error:
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize(
    ("spelling", "meaning"),
    [
        ("GAL", "GAL"),  # Galicia's id; not Galles (Wales)
        ("TYR", "TYR"),  # Tyrolia's id; not Tyrrhénienne
        ("LIV", None),  # Liverpool or Livonia, in both languages
        ("NOR", "NWY"),  # Norvège is Norway already
        ("Galles", "WAL"),
        ("Tyrrhénienne", "TYS"),
        ("Livonie", "LVN"),
        ("MAN", "ENG"),
        ("MAO", "MAO"),  # the same in both languages
        ("Atlantique", None),  # North or Mid-Atlantic?
        ("Méditerranée", None),  # eastern or western?
        ("mer", None),
    ],
)
def test_ambiguous_french_spellings_are_resolved_as_documented(
    spelling: str, meaning: str | None
) -> None:
    assert bilingual_map().lookup(spelling) == meaning


def test_a_french_name_for_two_provinces_is_refused() -> None:
    french = _data("standard.fr.toml")
    french["provinces"]["WAL"]["aliases"] = ["gal"]
    with pytest.raises(MapError, match="means both"):
        build_map("standard", _data("standard.toml"), {"fr": french})


def test_a_french_names_file_must_name_every_province() -> None:
    french = _data("standard.fr.toml")
    del french["provinces"]["WAL"]
    with pytest.raises(MapError, match="missing \\['WAL'\\]"):
        build_map("standard", _data("standard.toml"), {"fr": french})


def _french_words() -> list[str]:
    sets = (
        fr.UNIT_WORDS, fr.HOLD_WORDS, fr.SUPPORT_WORDS, fr.CONVOY_WORDS, fr.MOVE_VERBS,
        fr.MOVE_PREPOSITIONS, fr.RETREAT_WORDS, fr.DISBAND_WORDS, fr.BUILD_WORDS,
        fr.WAIVE_WORDS, fr.ARTICLES, fr.PLACE_FILLERS, fr.VIA_WORDS, fr.COAST_WORDS,
        fr.COAST_DIRECTIONS, fr.COAST_NOUNS,
    )  # fmt: skip
    return sorted({word for words in sets for word in words})


@pytest.mark.parametrize("word", _french_words())
def test_no_french_order_word_is_a_province(word: str) -> None:
    assert word.isascii() and word == word.lower()
    assert bilingual_map().lookup(word) is None


@pytest.mark.parametrize("word", sorted(fr.POWER_WORDS))
def test_no_french_power_word_is_a_province(word: str) -> None:
    assert bilingual_map().lookup(word) is None


def test_par_after_a_move_is_paris_and_before_convoi_is_by() -> None:
    """`par` is Paris's id and the French "by": only `par convoi`/`par mer` after
    the target is read as "by"."""
    state = GameState.from_units(
        Phase.parse("S1901M"),
        [Unit("FRANCE", UnitType.ARMY, "BUR"), Unit("FRANCE", UnitType.ARMY, "PIC")],
        {},
    )
    assert str(parse_order("A BUR - PAR", bilingual_map(), state)) == "A BUR - PAR"
    assert str(parse_order("A PIC S A BUR - PAR", bilingual_map(), state)) == "A PIC S A BUR - PAR"
