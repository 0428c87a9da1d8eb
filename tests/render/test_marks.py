"""Which marks each kind of order result gets: arrows, dashes, dots, rings and crosses."""

from __future__ import annotations

from judge.render.geometry import MapGeometry
from judge.render.marks import Cross, Ghost, Line, Mark, Planner, Ring
from judge.render.palette import BUILD, FAILED, RETREAT, power_colour
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import GameState, Phase, Unit, UnitType

A, F = UnitType.ARMY, UnitType.FLEET
EMPTY = GameState(Phase.parse("S1901M"))


def plan(
    geometry: MapGeometry, order: Order, ok: bool = True, state: GameState = EMPTY
) -> list[Mark]:
    outcome = Outcome.SUCCEEDS if ok else Outcome.FAILS
    result = OrderResult("FRANCE", str(order), outcome, None if ok else "bounce", order)
    return Planner(geometry, 1.0, power_colour, state).plan([result])


def lines(marks: list[Mark]) -> list[Line]:
    return [m for m in marks if isinstance(m, Line)]


def test_a_move_is_a_solid_arrow_in_the_powers_colour(geometry: MapGeometry) -> None:
    marks = plan(geometry, Move("FRANCE", A, "PAR", "BUR"))
    [arrow] = lines(marks)
    assert arrow.head > 0 and arrow.gap == 0
    assert arrow.fill == power_colour("FRANCE")
    assert not any(isinstance(m, Cross) for m in marks)


def test_a_failed_move_is_grey_and_crossed(geometry: MapGeometry) -> None:
    marks = plan(geometry, Move("FRANCE", A, "PAR", "BUR"), ok=False)
    [arrow] = lines(marks)
    assert arrow.fill == FAILED
    assert sum(isinstance(m, Cross) for m in marks) == 1


def test_a_move_to_a_coast_ends_at_that_coast(geometry: MapGeometry) -> None:
    [arrow] = lines(plan(geometry, Move("FRANCE", F, "MAO", "SPA/NC")))
    north = geometry.unit_point("SPA/NC")
    south = geometry.unit_point("SPA/SC")
    end = arrow.segment[1]
    assert abs(end[1] - north[1]) < abs(end[1] - south[1])


def test_supports_are_dashed_and_convoys_dotted(geometry: MapGeometry) -> None:
    [support] = lines(plan(geometry, SupportMove("FRANCE", A, "GAS", "PAR", "BUR")))
    [convoy] = lines(plan(geometry, Convoy("FRANCE", F, "ENG", "PIC", "LON")))
    assert support.gap > 0 and support.head > 0
    assert convoy.gap > 0 and convoy.dash < support.dash


def test_a_support_to_hold_rings_the_supported_unit(geometry: MapGeometry) -> None:
    marks = plan(geometry, SupportHold("FRANCE", A, "GAS", "PAR"))
    assert [type(m) for m in marks] == [Line, Ring]
    assert lines(marks)[0].head == 0


def test_a_retreat_is_an_orange_arrow_and_a_disband_a_cross(geometry: MapGeometry) -> None:
    [arrow] = lines(plan(geometry, Retreat("FRANCE", A, "MUN", "BOH")))
    assert arrow.fill == RETREAT
    assert [type(m) for m in plan(geometry, Disband("FRANCE", A, "MUN"))] == [Cross]


def test_a_build_shows_the_new_unit_in_a_green_ring(geometry: MapGeometry) -> None:
    marks = plan(geometry, Build("FRANCE", F, "BRE"))
    assert [type(m) for m in marks] == [Ghost, Ring]
    assert isinstance(marks[1], Ring) and marks[1].colour == BUILD


def test_a_build_where_the_unit_already_stands_adds_no_ghost(geometry: MapGeometry) -> None:
    state = GameState.from_units(Phase.parse("W1901A"), [Unit("FRANCE", F, "BRE")])
    assert [type(m) for m in plan(geometry, Build("FRANCE", F, "BRE"), state=state)] == [Ring]


def test_a_removal_is_a_cross(geometry: MapGeometry) -> None:
    assert [type(m) for m in plan(geometry, Remove("FRANCE", A, "PAR"))] == [Cross]


def test_holds_waives_and_unknown_places_leave_no_mark(geometry: MapGeometry) -> None:
    assert plan(geometry, Hold("FRANCE", A, "PAR")) == []
    assert plan(geometry, Waive("FRANCE")) == []
    assert plan(geometry, Move("FRANCE", A, "PAR", "XYZ")) == []
    result = OrderResult("FRANCE", "A PAR - ???", Outcome.ILLEGAL, "unreadable", None)
    assert Planner(geometry, 1.0, power_colour, EMPTY).plan([result]) == []
