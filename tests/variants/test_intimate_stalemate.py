"""STALEMATE is the rx03 rule 10, and `intimate` only: accepted "once all neutral
countries have been eliminated" (no mercenary owns a centre), per the flag
`stalemate = eliminated | always | off`; refused with a reason elsewhere."""

from __future__ import annotations

from judge.rules.map import load_map
from judge.rules.state import GameState, Phase
from judge.variants.base import Snapshot
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.rulesets import RULESETS
from judge.variants.intimate.variant import IntimateVariant
from judge.variants.standard import StandardVariant

MAP = load_map("standard")
MERCS = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
HOMES_ONLY = {"PAR": "FRANCE", "BRE": "FRANCE", "MAR": "FRANCE", "LON": "ENGLAND"}
WITH_TURKEY = {**HOMES_ONLY, "CON": "TURKEY", "ANK": "TURKEY"}


def _snap(ruleset: str, centres: dict[str, str], rules: dict[str, str] | None = None) -> Snapshot:
    state = GameState.from_units(Phase.parse("S1910M"), [], centres)
    data = IntimateData(
        ruleset=ruleset,
        homes={"1": "FRANCE", "2": "ENGLAND"},
        credits={"FRANCE": 20, "ENGLAND": 20},
        control=anarchy(MERCS),
        year_start_centers=dict(centres),
    )
    return Snapshot(state, data.to_data(), rules or {})


def _variant(ruleset: str = "intimate") -> IntimateVariant:
    return IntimateVariant(MAP, RULESETS[ruleset])


def test_stalemate_is_accepted_once_all_neutral_countries_have_been_eliminated() -> None:
    assert _variant().stalemate_refusal(_snap("intimate", HOMES_ONLY)) is None


def test_stalemate_is_refused_while_a_mercenary_owns_a_centre() -> None:
    refused = _variant().stalemate_refusal(_snap("intimate", WITH_TURKEY))
    assert refused is not None
    assert refused.key == "stalemate_mercenaries_remain"
    assert refused.params == {"mercenaries": "Turkey"}


def test_stalemate_always_is_accepted_at_any_time() -> None:
    snap = _snap("intimate", WITH_TURKEY, {"stalemate": "always"})
    assert _variant().stalemate_refusal(snap) is None


def test_stalemate_off_is_refused_even_when_the_mercenaries_are_gone() -> None:
    refused = _variant().stalemate_refusal(_snap("intimate", HOMES_ONLY, {"stalemate": "off"}))
    assert refused is not None and refused.key == "stalemate_off"


def test_the_stalemate_flag_is_an_intimate_flag_only() -> None:
    assert _variant().default_rules()["stalemate"] == "eliminated"
    assert "stalemate" not in _variant("intimate-2000").rule_flags
    assert "stalemate" not in _variant("propaganda").rule_flags


def test_the_2000_and_propaganda_texts_have_no_stalemate_rule() -> None:
    for ruleset in ("intimate-2000", "propaganda"):
        refused = _variant(ruleset).stalemate_refusal(_snap(ruleset, HOMES_ONLY))
        assert refused is not None and refused.key == "stalemate_not_in_ruleset"


def test_a_variant_without_a_stalemate_rule_refuses_it_by_default() -> None:
    snap = Snapshot(MAP.initial_state(Phase.parse("S1901M")), {}, {})
    refused = StandardVariant(MAP).stalemate_refusal(snap)
    assert refused is not None and refused.key == "stalemate_not_possible"
    assert StandardVariant(MAP).stalemate_winner(snap) is None
