"""The judge's entry point: adjudicate one phase and find the next one.

`adjudicate_phase` checks the orders (`intake`), hands them to the module for
the phase type (movement, retreats, adjustments) and returns the results with
the board at the start of the next phase that has anything to do:

* after a movement phase: its retreat phase if some dislodged unit can retreat;
  dislodged units with nowhere to go are disbanded at once, and if none can
  retreat the retreat phase is skipped (a unit listed in a retreat phase may
  have an empty option list when another unit can retreat);
* when a fall season ends (after F....M without retreats, or after F....R),
  each supply centre becomes owned by the power of the unit standing on it
  (empty centres keep their owner), and the winter adjustment phase follows if
  some power has more or fewer units than centres, else the next spring;
* after the adjustment phase: the next spring movement phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.rules.adjustments import adjudicate_adjustments, needs_adjustment
from judge.rules.intake import take_orders
from judge.rules.map import GameMap
from judge.rules.movement import adjudicate_movement
from judge.rules.orders import IllegalOrder, Order
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.retreats import adjudicate_retreats
from judge.rules.state import GameState, Phase, PhaseType, Season
from judge.rules.topology import topology

_DEFAULT_OPTIONS = RuleOptions()


def adjudicate_phase(
    game_map: GameMap,
    state: GameState,
    orders: Sequence[Order | IllegalOrder],
    options: RuleOptions = _DEFAULT_OPTIONS,
) -> PhaseResult:
    """Adjudicate `state.phase` with `orders`; see the module docstring."""
    intake = take_orders(game_map, state, orders)
    kind = state.phase.type
    extra: list[OrderResult] = []
    if kind is PhaseType.MOVEMENT:
        decided, after = adjudicate_movement(game_map, state, intake.accepted, options)
    elif kind is PhaseType.RETREAT:
        decided, after = adjudicate_retreats(state, intake.accepted)
    elif kind is PhaseType.ADJUSTMENT:
        decided, extra, after = adjudicate_adjustments(game_map, state, intake.accepted, options)
    else:
        raise ValueError(f"{state.phase} is not a movement, retreat or adjustment phase")
    results = (*intake.merge(decided), *extra)
    return PhaseResult(state.phase, results, next_phase_after(game_map, after))


def next_phase_after(game_map: GameMap, state_after: GameState) -> GameState:
    """The board at the start of the next phase with something to do.

    `state_after` is the board right after adjudicating `state_after.phase`
    (still labelled with that phase); after a movement phase its `dislodged`
    holds the dislodged units with their retreat options.
    """
    phase = state_after.phase
    if phase.type is PhaseType.MOVEMENT:
        if any(d.retreats for d in state_after.dislodged.values()):
            return state_after.with_(phase=Phase(phase.year, phase.season, PhaseType.RETREAT))
        return _season_over(game_map, state_after.with_(dislodged={}))
    if phase.type is PhaseType.RETREAT:
        return _season_over(game_map, state_after.with_(dislodged={}))
    if phase.type is PhaseType.ADJUSTMENT:
        return _spring(state_after, phase.year + 1)
    raise ValueError(f"no phase follows {phase} here")


def _season_over(game_map: GameMap, state: GameState) -> GameState:
    year = state.phase.year
    if state.phase.season is Season.SPRING:
        return state.with_(phase=Phase(year, Season.FALL, PhaseType.MOVEMENT))
    winter = state.with_(
        phase=Phase(year, Season.WINTER, PhaseType.ADJUSTMENT),
        centers=centre_owners_after_fall(game_map, state),
    )
    return winter if needs_adjustment(winter) else _spring(winter, year + 1)


def _spring(state: GameState, year: int) -> GameState:
    return state.with_(phase=Phase(year, Season.SPRING, PhaseType.MOVEMENT), dislodged={})


def centre_owners_after_fall(game_map: GameMap, state: GameState) -> dict[str, str]:
    """Centre owners once the fall season is over: occupiers take their centres."""
    centres = topology(game_map).centers
    owners = dict(state.centers)
    for province, unit in state.units.items():
        if province in centres:
            owners[province] = unit.power
    return owners
