"""The `civil_disorder` and `rulebook` flags as a game sets them (DATC 3.1).

`SET RULE civil_disorder` accepts every rulebook's removal rule, 1971 included,
and the flag texts players and masters read (`HELP gm`, in English and French)
name the DATC version the judge follows.
"""

from __future__ import annotations

import pytest
from support.rules.helpers import board

from judge.rules.phases import adjudicate_phase
from judge.variants.base import VariantError
from judge.variants.registry import default_registry
from judge.wording.catalogs import gettext_in

VARIANTS = ("standard", "intimate", "intimate-2000", "propaganda", "taskdip")


@pytest.mark.parametrize("name", VARIANTS)
def test_set_rule_civil_disorder_accepts_the_1971_rule(name: str) -> None:
    variant = default_registry().get(name)
    assert variant.check_rule("civil_disorder", "1971") == "1971"
    options = variant.rule_options({"civil_disorder": "1971", "rulebook": "current"})
    assert options.civil_disorder == "1971"
    assert options.convoy_adjacent == "3.0"  # only the removal rule changes


def test_set_rule_civil_disorder_names_the_allowed_values() -> None:
    variant = default_registry().get("standard")
    with pytest.raises(VariantError, match="rule civil_disorder must be one of 2023, 2000, 1971"):
        variant.check_rule("civil_disorder", "1982")
    # godip's way is for replaying Droidippy games (JSON interface), not for games
    with pytest.raises(VariantError, match="rule civil_disorder must be one of"):
        variant.check_rule("civil_disorder", "godip")


def test_intimate_2000_removes_by_the_2000_text_ties_by_english_name() -> None:
    # Its rule text: "The Rules of the 2000 4th edition of Diplomacy apply"; the 2000
    # rulebook (DATC 3.1 4.D.8): "If units are equally distant, then remove Fleets
    # before Armies and then in alphabetical order by the provinces in which they are
    # located." F GRE and F LYO are two fleet moves from Naples and Rome: Greece goes
    # (Droidippy's godip sorted its ids, "gol" < "gre", and removed Gulf of Lyon).
    variant = default_registry().get("intimate-2000")
    state = board("W1901A", centers={"ITALY": "NAP"}, ITALY="F GRE, F LYO")
    result = adjudicate_phase(variant.map, state, [], variant.rule_options({}))
    assert [(r.text, r.reason) for r in result.results] == [("F GRE D", "civil disorder")]


@pytest.mark.parametrize("name", VARIANTS)
def test_flag_texts_name_datc_3_1_not_3_0(name: str) -> None:
    variant = default_registry().get(name)
    for flag, (_, _values, english) in variant.rule_flags.items():
        french = gettext_in("fr", english)
        for text in (english, french):
            assert "DATC 3.0 pref" not in text and "DATC 3.0 ;" not in text, (flag, text)
            assert "du DATC 3.0" not in text, (flag, text)
    assert "the DATC 3.1 preferences" in variant.rule_flags["rulebook"][2]
    assert "les préférences du DATC 3.1" in gettext_in("fr", variant.rule_flags["rulebook"][2])
    for value in variant.rule_flags["civil_disorder"][1]:
        assert value in variant.rule_flags["civil_disorder"][2]
        assert value in gettext_in("fr", variant.rule_flags["civil_disorder"][2])
