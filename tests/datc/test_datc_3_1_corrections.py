"""DATC 3.1 (2024-05-19) corrected test cases 6.J.3, 6.J.5, 6.J.9 and 6.J.10.

`cases.json` holds the 3.1 boards (`test_datc.py` runs them). The 3.0 boards put
the unit to remove on a supply centre (Sweden, Berlin, Greece), which the 2023
rule 3.1 quotes in 4.D.8 keeps: "(a) No unit on a supply center is to be removed
unless there are no viable options". This file records the 3.0 boards and what
the judge does with them, so that the deviation from the 3.0 answers is a
conscious one (`docs/datc.md`).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.rules.civil_disorder import civil_disorder_removals
from judge.rules.map import load_map
from judge.rules.state import GameState, Phase, Unit, UnitType

MAP = load_map()
CASES = {
    c["id"]: c
    for c in json.loads((Path(__file__).parent / "cases.json").read_text(encoding="utf-8"))["cases"]
}

# case: (power, 3.0 units, owned centres, 3.0's answer, the judge's 2023 answer, 3.1 units)
CORRECTED = {
    "6.J.3": ("RUSSIA", "A LVN, A SWE", "STP", "A SWE", "A LVN", "A LVN, A PRU"),
    "6.J.5": ("RUSSIA", "F BER, F SKA", "STP", "F BER", "F SKA", "F NAO, F SKA"),
    "6.J.9": ("RUSSIA", "A GRE, A SEV, F BAL", "SEV STP", "A GRE", "F BAL", "A ALB, A SEV, F BAL"),
    "6.J.10": ("ITALY", "A GRE, A PIE", "NAP", "A PIE", "A PIE", "A ALB, A PIE"),
}


def _removed(power: str, units: str, centres: str) -> str:
    placed = [Unit(power, UnitType(t.split()[0]), t.split()[1]) for t in units.split(", ")]
    state = GameState.from_units(Phase.parse("W1901A"), placed, {c: power for c in centres.split()})
    (unit,) = civil_disorder_removals(MAP, state, power, 1, (), "2023")
    return str(unit)


@pytest.mark.parametrize("case_id", sorted(CORRECTED))
def test_the_data_holds_the_3_1_board(case_id: str) -> None:
    power, *_, units_3_1 = CORRECTED[case_id]
    step = CASES[case_id]["steps"][0]
    assert sorted(step["units"][power]) == sorted(units_3_1.split(", "))


@pytest.mark.parametrize("case_id", sorted(CORRECTED))
def test_the_3_0_board_under_the_2023_rule_spares_units_on_centres(case_id: str) -> None:
    power, units, centres, answer_3_0, ours, _ = CORRECTED[case_id]
    assert _removed(power, units, centres) == ours
    if ours != answer_3_0:  # the 3.0 answer removed a unit standing on a centre
        assert answer_3_0.split()[1] in MAP.centers
