"""The judge's entry point: adjudicate one phase and find the next one.

`adjudicate_phase` checks the orders (`intake`), hands them to the module for
the phase type (movement, retreats, adjustments) and returns the results with
the board at the start of the phase that follows:

* after a movement phase: its retreat phase if some dislodged unit can retreat;
  dislodged units with nowhere to go are disbanded at once, and if none can
  retreat the retreat phase is skipped (a unit listed in a retreat phase may
  have an empty option list when another unit can retreat);
* when a fall season ends (after F....M without retreats, or after F....R),
  each supply centre becomes owned by the power of the unit standing on it
  (empty centres keep their owner), and the winter adjustment phase follows if
  some power has more or fewer units than centres, else the next spring;
* after the adjustment phase: the next spring movement phase.

A winter in which no power can act (its only adjustments are builds with no free
home centre to make them in) still follows here, as the single-phase answer;
`judge.rules.idle.adjudicate_through` passes over it, and `judge adjudicate`, a
game by mail (`Variant.advance`, through `judge.rules.idle.powers_to_act`) and
the replay tests all take that path.

Units without orders hold (movement) or are disbanded (retreats) and get no
result; civil-disorder removals are reported after the given orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.rules.adjustments import adjudicate_adjustments, needs_adjustment
from judge.rules.map import GameMap
from judge.rules.movement import adjudicate_by_province
from judge.rules.order_taking import take_orders
from judge.rules.orders import IllegalOrder, Order
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.retreats import adjudicate_retreats
from judge.rules.rulebook import check_options
from judge.rules.state import DislodgedUnit, GameState, Phase, PhaseType, Season, Unit

_DEFAULT_OPTIONS = RuleOptions()


def adjudicate_phase(
    game_map: GameMap,
    state: GameState,
    orders: Sequence[Order | IllegalOrder],
    options: RuleOptions = _DEFAULT_OPTIONS,
) -> PhaseResult:
    """Adjudicate `state.phase` with `orders`; see the module docstring.

    Raises ValueError for a bid phase or an unknown option value.
    """
    check_options(options)
    intake = take_orders(game_map, state, orders)
    kind = state.phase.type
    extra: list[OrderResult] = []
    dislodged: Mapping[str, DislodgedUnit] = {}
    if kind is PhaseType.MOVEMENT:
        decided, (units, dislodged) = adjudicate_by_province(
            game_map, state, intake.by_province, options
        )
    elif kind is PhaseType.RETREAT:
        decided, units = adjudicate_retreats(state, intake.accepted)
    elif kind is PhaseType.ADJUSTMENT:
        decided, extra, units = adjudicate_adjustments(game_map, state, intake.accepted, options)
    else:
        raise ValueError(f"{state.phase} is not a movement, retreat or adjustment phase")
    merged = intake.merge(decided)
    if dislodged and intake.illegal_at:
        merged = intake.mark_dislodged(merged, dislodged)
    results = (*merged, *extra)
    after = _advance(game_map, state.phase, units, dislodged, state.centers)
    return PhaseResult(state.phase, results, after)


def next_phase_after(game_map: GameMap, state_after: GameState) -> GameState:
    """The board at the start of the next phase with something to do.

    `state_after` is the board right after adjudicating `state_after.phase`
    (still labelled with that phase); after a movement phase its `dislodged`
    holds the dislodged units with their retreat options.
    """
    s = state_after
    return _advance(game_map, s.phase, s.units, s.dislodged, s.centers)


def _advance(
    game_map: GameMap,
    phase: Phase,
    units: Mapping[str, Unit],
    dislodged: Mapping[str, DislodgedUnit],
    centers: Mapping[str, str],
) -> GameState:
    year, season, kind = phase.year, phase.season, phase.type
    if kind is PhaseType.ADJUSTMENT:
        return _board(Phase(year + 1, Season.SPRING, PhaseType.MOVEMENT), units, {}, centers)
    if kind is not PhaseType.MOVEMENT and kind is not PhaseType.RETREAT:
        raise ValueError(f"no phase follows {phase} here")
    if kind is PhaseType.MOVEMENT and any(d.retreats for d in dislodged.values()):
        return _board(Phase(year, season, PhaseType.RETREAT), units, dislodged, centers)
    if season is Season.SPRING:
        return _board(Phase(year, Season.FALL, PhaseType.MOVEMENT), units, {}, centers)
    owners = centre_owners_after_fall(game_map, units, centers)
    if needs_adjustment(units, owners):
        return _board(Phase(year, Season.WINTER, PhaseType.ADJUSTMENT), units, {}, owners)
    return _board(Phase(year + 1, Season.SPRING, PhaseType.MOVEMENT), units, {}, owners)


def _board(
    phase: Phase,
    units: Mapping[str, Unit],
    dislodged: Mapping[str, DislodgedUnit],
    centers: Mapping[str, str],
) -> GameState:
    """The next state; the fresh dicts the adjudicator built are adopted, not copied."""
    if type(units) is dict and type(dislodged) is dict:
        return GameState.adopting(phase, units, dislodged, centers)
    return GameState(phase, units, dislodged, centers)


def centre_owners_after_fall(
    game_map: GameMap, units: Mapping[str, Unit], centers: Mapping[str, str]
) -> dict[str, str]:
    """Centre owners once the fall season is over: occupiers take their centres."""
    centres = game_map.topology.centers
    owners = dict(centers)
    for province, unit in units.items():
        if province in centres:
            owners[province] = unit.power
    return owners
