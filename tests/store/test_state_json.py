"""GameState survives the trip to JSON and back, whatever the board."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.rules.state import POWERS, DislodgedUnit, GameState, Phase, Unit, UnitType
from judge.store.state_json import StateFormatError, state_from_json, state_to_json

provinces = st.sampled_from(["PAR", "BRE", "MAR", "STP", "SPA", "BUL", "LON", "NTH", "SER"])
locations = st.one_of(provinces, st.sampled_from(["STP/SC", "STP/NC", "SPA/NC", "BUL/EC"]))
units = st.builds(Unit, st.sampled_from(POWERS), st.sampled_from(list(UnitType)), locations)
phases = st.builds(
    lambda year, season_type: Phase.parse(f"{season_type[0]}{year}{season_type[1]}"),
    st.integers(1901, 2099),
    st.sampled_from([("S", "B"), ("S", "M"), ("S", "R"), ("F", "M"), ("F", "R"), ("W", "A")]),
)
dislodged = st.builds(
    DislodgedUnit,
    units,
    st.lists(provinces, unique=True).map(lambda items: tuple(sorted(items))),
    st.one_of(st.none(), provinces),
)
states = st.builds(
    GameState,
    phase=phases,
    units=st.dictionaries(provinces, units),
    dislodged=st.dictionaries(provinces, dislodged),
    centers=st.dictionaries(provinces, st.sampled_from(POWERS)),
)


@given(states)
def test_any_state_round_trips_through_json_text(state: GameState) -> None:
    text = json.dumps(state_to_json(state))
    assert state_from_json(json.loads(text)) == state


def test_layout_uses_province_keys_and_unit_triples() -> None:
    state = GameState.from_units(
        Phase.parse("F1901R"),
        [Unit("RUSSIA", UnitType.FLEET, "STP/SC")],
        centers={"STP": "RUSSIA"},
        dislodged=[DislodgedUnit(Unit("AUSTRIA", UnitType.ARMY, "SER"), ("ALB", "GRE"), "BUL")],
    )
    assert state_to_json(state) == {
        "phase": "F1901R",
        "units": {"STP": ["RUSSIA", "F", "STP/SC"]},
        "dislodged": {
            "SER": {"unit": ["AUSTRIA", "A", "SER"], "retreats": ["ALB", "GRE"],
                    "attacker_from": "BUL"}
        },
        "centers": {"STP": "RUSSIA"},
    }


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"phase": "X1901M"},
        {"phase": "S1901M", "units": {"PAR": ["FRANCE", "Q", "PAR"]}},
        {"phase": "S1901M", "units": {"PAR": ["FRANCE", "A"]}},
        {"phase": "S1901M", "centers": {"PAR": 3}},
        {"phase": "S1901M", "dislodged": {"SER": {"unit": ["A", "A", "SER"], "retreats": "ALB"}}},
    ],
)
def test_malformed_json_is_refused(bad: object) -> None:
    with pytest.raises(StateFormatError):
        state_from_json(bad)
