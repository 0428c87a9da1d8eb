"""The judge's default orders must not be suppressed by an illegal order.

* Intimate: a controlled mercenary with 2 builds due and an illegal build (`A BER B`
  with an army in Berlin) gets its 2 default builds;
* propaganda: a controlled mercenary whose retreat is illegal gets the judge's
  default retreat, not a disband;
* standard and Taskdip: the judge's defaults are civil disorder; an illegal removal
  does not stop the civil-disorder removals that are due.
"""

from __future__ import annotations

import random

from judge.rules.map import load_map
from judge.rules.orders import Build, IllegalOrder, Order, Remove, Retreat
from judge.rules.phases import adjudicate_phase
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType
from judge.variants.base import Snapshot, Submission
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.defaults import default_builds
from judge.variants.intimate.rulesets import RULESETS
from judge.variants.intimate.variant import IntimateVariant

MAP = load_map("standard")
HOME_OWNERS = {c: p for p, cs in MAP.home_centers.items() for c in cs}
MERCS = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
A, F = UnitType.ARMY, UnitType.FLEET
RNG = random.Random(0)


def _snap(ruleset: str, state: GameState) -> Snapshot:
    data = IntimateData(
        ruleset=ruleset,
        homes={"1": "FRANCE", "2": "ENGLAND"},
        credits={"FRANCE": 20, "ENGLAND": 20},
        control={**anarchy(MERCS), "GERMANY": "FRANCE"},
        year_start_centers=dict(state.centers),
    )
    return Snapshot(state, data.to_data(), {})


def _german_winter() -> GameState:
    """Germany (controlled by France): 4 centres, 1 unit in Berlin; Kiel and Munich free."""
    units = [Unit("GERMANY", A, "BER"), Unit("FRANCE", A, "PAR")]
    return GameState.from_units(
        Phase.parse("W1902A"), units, {**HOME_OWNERS, "DEN": "GERMANY"}
    )


def _built(outcome_state: GameState) -> set[str]:
    return {p for p, u in outcome_state.units.items() if u.power == "GERMANY"} - {"BER"}


def test_an_illegal_build_does_not_suppress_the_default_builds() -> None:
    v = IntimateVariant(MAP, RULESETS["intimate"])
    snap = _snap("intimate", _german_winter())
    sent = {"1": Submission((Build("GERMANY", A, "BER"),))}
    out = v.process(snap, sent, RNG)
    assert _built(out.snapshot.state) == {"KIE", "MUN"}
    defaults = out.report["public"]["default_orders"]
    assert [d["order"] for d in defaults] == ["A KIE B", "A MUN B"]


def test_an_illegal_order_object_does_not_suppress_the_default_builds() -> None:
    v = IntimateVariant(MAP, RULESETS["intimate"])
    snap = _snap("intimate", _german_winter())
    sent = {"1": Submission((IllegalOrder("no such unit", "A BER B", "GERMANY"),))}
    out = v.process(snap, sent, RNG)
    assert _built(out.snapshot.state) == {"KIE", "MUN"}


def test_a_duplicate_build_counts_once() -> None:
    orders: list[Order] = [Build("GERMANY", A, "KIE"), Build("GERMANY", F, "KIE")]
    assert default_builds(MAP, _german_winter(), "GERMANY", orders) == [
        Build("GERMANY", A, "MUN")
    ]


def test_a_legal_build_still_counts_against_the_builds_due() -> None:
    orders: list[Order] = [Build("GERMANY", A, "BER"), Build("GERMANY", A, "MUN")]
    assert default_builds(MAP, _german_winter(), "GERMANY", orders) == [
        Build("GERMANY", A, "KIE")
    ]


def _propaganda_retreat() -> GameState:
    dislodged = [DislodgedUnit(Unit("GERMANY", A, "MUN"), ("BOH", "RUH"))]
    units = [Unit("FRANCE", A, "MUN"), Unit("FRANCE", A, "PAR")]
    return GameState.from_units(Phase.parse("F1902R"), units, HOME_OWNERS, dislodged)


def test_an_illegal_retreat_of_a_controlled_mercenary_gets_the_default_retreat() -> None:
    v = IntimateVariant(MAP, RULESETS["propaganda"])
    snap = _snap("propaganda", _propaganda_retreat())
    illegal = Retreat("GERMANY", A, "MUN", "BUR")  # not among its retreats
    out = v.process(snap, {"1": Submission((illegal,))}, RNG)
    german = {p for p, u in out.snapshot.state.units.items() if u.power == "GERMANY"}
    assert "BOH" in german
    defaults = out.report["public"]["default_orders"]
    assert [d["order"] for d in defaults] == ["A MUN R BOH"]


def test_an_illegal_order_object_for_a_retreat_gets_the_default_retreat() -> None:
    v = IntimateVariant(MAP, RULESETS["propaganda"])
    snap = _snap("propaganda", _propaganda_retreat())
    illegal = IllegalOrder("not a retreat", "A MUN R BUR", "GERMANY")
    out = v.process(snap, {"1": Submission((illegal,))}, RNG)
    assert any(u.power == "GERMANY" for u in out.snapshot.state.units.values())


def test_an_illegal_removal_does_not_stop_the_civil_disorder_removals() -> None:
    units = [Unit("GERMANY", A, "BER"), Unit("GERMANY", A, "MUN"), Unit("GERMANY", F, "KIE")]
    state = GameState.from_units(Phase.parse("W1901A"), units, {"BER": "GERMANY"})
    orders: list[Order | IllegalOrder] = [
        Remove("GERMANY", A, "PAR"),
        IllegalOrder("no such unit", "A XXX D", "GERMANY"),
    ]
    after = adjudicate_phase(MAP, state, orders).state
    assert len(after.units_of("GERMANY")) == 1
