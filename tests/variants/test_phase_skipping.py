"""A phase in which no power can do anything is skipped, in every variant
(`Variant.advance`): e.g. a winter whose only adjustment is a build that cannot be
made because the power owns no free home centre goes straight to the spring."""

from __future__ import annotations

import random

from judge.rules.map import load_map
from judge.rules.parse import parse_order
from judge.rules.state import GameState, Phase, Unit, UnitType
from judge.variants.base import Snapshot, Submission, Variant
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.rulesets import RULESETS
from judge.variants.intimate.variant import IntimateVariant
from judge.variants.registry import default_registry
from judge.variants.standard import StandardVariant
from judge.variants.taskdip.data import TaskCard, TaskdipData, fall_record
from judge.variants.taskdip.variant import TaskdipVariant

MAP = load_map("standard")
RNG = random.Random(0)
MERCS = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")

# France owns Spain too, and every French home centre has a unit on it; after the
# fall it takes Belgium: 5 centres, 4 units, a build due and nowhere to put it.
FRENCH = ["FRANCE A PAR", "FRANCE A MAR", "FRANCE F BRE", "FRANCE A BUR"]
FRENCH_CENTRES = {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "SPA": "FRANCE"}
ENGLISH = ["ENGLAND F LON"]


def _unit(text: str) -> Unit:
    power, kind, location = text.split()
    return Unit(power, UnitType(kind), location)


def _state(phase: str, units: list[str], centres: dict[str, str]) -> GameState:
    return GameState.from_units(Phase.parse(phase), [_unit(u) for u in units], centres)


def _standard(phase: str, units: list[str], centres: dict[str, str]) -> Snapshot:
    data = {"seats": {"1": ["FRANCE"], "2": ["ENGLAND"]}}
    return Snapshot(_state(phase, units, centres), data, {})


def _move(variant: Variant, snap: Snapshot, seat: str, *lines: str) -> dict[str, Submission]:
    mine = variant.orderable_powers(snap, seat)
    return {seat: Submission(tuple(parse_order(x, MAP, snap.state, mine) for x in lines))}


def test_a_winter_where_the_only_build_cannot_be_made_is_skipped() -> None:
    v = StandardVariant(MAP)
    snap = _standard("F1901M", FRENCH + ENGLISH, {**FRENCH_CENTRES, "LON": "ENGLAND"})
    out = v.advance(snap, _move(v, snap, "1", "A BUR-BEL"), RNG)
    assert str(out.snapshot.phase) == "S1902M"
    assert out.report["public"]["skipped"] == ["W1901A"]
    assert out.snapshot.state.centers["BEL"] == "FRANCE"
    assert len(out.snapshot.state.units_of("FRANCE")) == 4


def test_a_winter_with_a_build_that_can_be_made_is_not_skipped() -> None:
    v = StandardVariant(MAP)
    units = ["FRANCE A PAR", "FRANCE A MAR", "FRANCE A BUR", "ENGLAND F LON"]
    snap = _standard("F1901M", units, {**FRENCH_CENTRES, "LON": "ENGLAND"})
    out = v.advance(snap, _move(v, snap, "1", "A BUR-BEL"), RNG)
    assert str(out.snapshot.phase) == "W1901A"
    assert "skipped" not in (out.report.get("public") or {})


def test_nothing_to_do_is_never_true_for_a_movement_phase() -> None:
    v = StandardVariant(MAP)
    assert not v.nothing_to_do(_standard("S1901M", [], {}))
    assert v.nothing_to_do(_standard("W1901A", FRENCH, {**FRENCH_CENTRES, "BEL": "FRANCE"}))


def test_the_skipped_phases_results_are_counted_for_the_zine() -> None:
    v = StandardVariant(MAP)
    snap = _standard("F1901M", FRENCH + ENGLISH, {**FRENCH_CENTRES, "LON": "ENGLAND"})
    out = v.advance(snap, _move(v, snap, "1", "A BUR-BEL"), RNG)
    rows = out.report["public"]["results_by_phase"]
    assert [r["phase"] for r in rows] == ["F1901M", "W1901A"]
    assert sum(r["results"] for r in rows) == len(out.results)


def test_taskdip_skips_a_winter_where_no_player_can_build() -> None:
    v = TaskdipVariant(MAP)
    players = {"1": ("FRANCE",), "2": ("ENGLAND",)}
    state = _state("F1901M", FRENCH + ENGLISH, {**FRENCH_CENTRES, "LON": "ENGLAND"})
    data = TaskdipData(
        players=players,
        original=players,
        tasks={"FRANCE": TaskCard("Nine"), "ENGLAND": TaskCard("Nine")},
        fall=fall_record(None, state.centers, players),
    )
    snap = Snapshot(state, data.to_data(), v.default_rules())
    out = v.advance(snap, _move(v, snap, "1", "A BUR-BEL"), RNG)
    assert str(out.snapshot.phase) == "S1902M"
    public = out.report["public"]
    assert "W1901A" in public.get("auto_processed", []) + public.get("skipped", [])


def test_intimate_skips_a_winter_where_no_player_can_build() -> None:
    v = IntimateVariant(MAP, RULESETS["intimate"])
    state = _state("F1901M", FRENCH + ENGLISH, {**FRENCH_CENTRES, "LON": "ENGLAND"})
    data = IntimateData(
        ruleset="intimate",
        homes={"1": "FRANCE", "2": "ENGLAND"},
        credits={"FRANCE": 10, "ENGLAND": 10},
        control=anarchy(MERCS),
        year_start_centers=dict(state.centers),
    )
    snap = Snapshot(state, data.to_data(), {})
    out = v.advance(snap, _move(v, snap, "1", "A BUR-BEL"), RNG)
    assert str(out.snapshot.phase) == "S1902M"  # no mercenary owns a centre: no bid phase
    public = out.report["public"]
    assert "W1901A" in public.get("auto_processed", []) + public.get("skipped", [])


def test_every_registered_variant_advances_through_the_base_contract() -> None:
    registry = default_registry()
    for name in registry.names():
        assert type(registry.get(name)).advance is Variant.advance
