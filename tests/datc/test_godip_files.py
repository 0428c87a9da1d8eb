"""godip's other test files: 18 real-game and regression cases, retreats included.

`dipai.txt` (9 phases of the DipAI harness: movement, retreat and build),
`diplicity_errors.txt` (1), `droidippy_errors.txt` (4) and `real.txt` (4), read
from `../shared/reference/datc/godip/` (GPL data, not copied; the tests skip
when the folder is absent). Each case is one phase: its orders, read by the
judge's parser as godip writes them, must give the `POSTSTATE` units and the
`POSTSTATE_DISLODGED` units, as godip's own harness checks. A retreat case is
played from the movement before it (`PRESTATE_RESULTS`): that movement must give
each order's `SUCCESS`/`FAILURE` and the `PRESTATE_DISLODGED` units, and the
retreat orders, on the board and retreat options the judge computed, must give
the `POSTSTATE`.

The cases are from DATC 2.4 days; they use no point where 3.0/3.1 changed the
preference except one "via convoy" move with no convoy, which both readings fail
(`droidippy_errors.txt`, Wales to Liverpool), so they run under the defaults.
"""

from __future__ import annotations

import pytest
from support.datc.godip_cases import FILES, GODIP, GodipCase, all_cases, location, unit_line

from judge.adjudicate.response import dislodged_by_power
from judge.rules.map import load_map
from judge.rules.orders import IllegalOrder, Order, UnreadableOrder
from judge.rules.parse import parse_order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import PhaseResult
from judge.rules.state import DislodgedUnit, GameState, Phase, PhaseType, Unit, UnitType

MAP = load_map()
MISSING = f"godip's test files not found in {GODIP} (GPL data, kept outside the repository)"
CASES = all_cases() if GODIP.is_dir() else []


def _board(phase: str, units: set[tuple[str, str]], centres: dict[str, str]) -> GameState:
    placed = [Unit(p, UnitType(text[0]), text.split()[1]) for p, text in sorted(units)]
    return GameState.from_units(Phase.parse(phase), placed, centres)


def _centres(case: GodipCase) -> dict[str, str]:
    owners = {}
    for line in case.lines("PRESTATE_SUPPLYCENTER_OWNERS"):
        power, unit = unit_line(line)
        owners[unit.split()[1].split("/")[0]] = power
    return owners


def _orders(state: GameState, lines: list[str]) -> list[Order | IllegalOrder]:
    read: list[Order | IllegalOrder] = []
    for line in lines:
        nation, _, text = line.partition(":")
        power = unit_line(f"{nation}: A x")[0]
        try:
            read.append(parse_order(text.strip(), MAP, state, {power}))
        except IllegalOrder as illegal:
            read.append(illegal)
        except UnreadableOrder as error:
            pytest.fail(f"the parser cannot read {line!r}: {error}")
    return read


def _dislodged(before: GameState, outcome: PhaseResult) -> set[tuple[str, str]]:
    """Every dislodged unit, by power and province (with or without a retreat)."""
    table = dislodged_by_power(before, outcome)
    return {(p, unit.split()[1].split("/")[0]) for p, units in table.items() for unit in units}


def _provinces(units: set[tuple[str, str]]) -> set[tuple[str, str]]:
    return {(p, text.split()[1].split("/")[0]) for p, text in units}


def _units(state: GameState) -> set[tuple[str, str]]:
    return {(u.power, str(u)) for u in state.units.values()}


def _movement_before_retreat(case: GodipCase) -> GameState:
    """Play the movement the retreat case comes from; check its results and dislodgements."""
    lines = [line.split(":", 1)[1].strip() for line in case.lines("PRESTATE_RESULTS")]
    verdicts = [line.split(":", 1)[0].strip() for line in case.lines("PRESTATE_RESULTS")]
    units = set()
    for line in lines:
        nation, _, order = line.partition(":")
        kind, where = order.split()[0], order.split()[1].split("-")[0]
        units.add((unit_line(f"{nation}: A x")[0], f"{kind.upper()} {location(where)}"))
    state = _board(case.phase[:-1] + "M", units, {})
    outcome = adjudicate_phase(MAP, state, _orders(state, lines))
    got = ["SUCCESS" if r.outcome.value == "succeeds" else "FAILURE" for r in outcome.results]
    pairs = zip(verdicts, lines, got, strict=True)
    wrong = [f"{v}: {line} (judge: {g})" for v, line, g in pairs if v != g]
    assert not wrong, f"{case.name}: movement results differ:\n" + "\n".join(wrong)
    want = _provinces(case.units("PRESTATE_DISLODGED"))
    assert _dislodged(state, outcome) == want, f"{case.name}: dislodged units differ"
    assert _provinces(_units(outcome.state)) == _provinces(case.units("PRESTATE"))
    return outcome.state


def _retreat_board(case: GodipCase) -> GameState:
    """A retreat case given without the movement's results: the dislodged units as
    listed, with no retreat options known (every order of such a case disbands)."""
    placed = [Unit(p, UnitType(t[0]), t.split()[1]) for p, t in sorted(case.units("PRESTATE"))]
    gone = [
        DislodgedUnit(Unit(p, UnitType(t[0]), t.split()[1]), ())
        for p, t in sorted(case.units("PRESTATE_DISLODGED"))
    ]
    return GameState.from_units(Phase.parse(case.phase), placed, {}, gone)


def run_case(case: GodipCase) -> None:
    if case.phase.endswith("R") and case.lines("PRESTATE_RESULTS"):
        state = _movement_before_retreat(case)
    elif case.phase.endswith("R"):
        state = _retreat_board(case)
    else:
        state = _board(case.phase, case.units("PRESTATE"), _centres(case))
    orders = _orders(state, case.lines("ORDERS"))
    if state.phase.type is not PhaseType.RETREAT or state.dislodged:
        outcome = adjudicate_phase(MAP, state, orders)
        after = outcome.state
    else:  # nobody could retreat: the judge disbanded them at once, no retreat phase
        after, outcome = state, None
    post = "PRESTATE" if "POSTSTATE_SAME" in case.sections else "POSTSTATE"
    assert _units(after) == case.units(post), f"{case.name}: units after the phase"
    if outcome is not None and state.phase.type is PhaseType.MOVEMENT:
        # godip lists a dislodged unit with nowhere to go, or not ("This is destroyed;
        # no need to put here."): every unit with a retreat must be listed, and every
        # listed unit must be dislodged.
        listed = _provinces(case.units("POSTSTATE_DISLODGED"))
        retreating = {(d.unit.power, d.unit.province) for d in after.dislodged.values()
                      if d.retreats}  # fmt: skip
        assert retreating <= listed <= _dislodged(state, outcome), case.name


@pytest.mark.skipif(not CASES, reason=MISSING)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_godip_case(case: GodipCase) -> None:
    run_case(case)


@pytest.mark.skipif(not CASES, reason=MISSING)
def test_all_eighteen_cases_are_read_three_of_them_retreats() -> None:
    assert len(CASES) == 18 and len(FILES) == 4
    retreats = [c.name for c in CASES if c.phase.endswith("R")]
    assert len(retreats) == 3, retreats
    assert all(c.lines("ORDERS") for c in CASES)
