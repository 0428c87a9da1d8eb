"""What adjudicating a phase produces: one result per order, and the next state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, cast

from judge.rules.orders import Order
from judge.rules.state import GameState, Phase


class Outcome(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class OrderResult:
    """The fate of one order.

    `reason` is set for every non-success: `bounce`, `cut`, `dislodged`,
    `no convoy`, `disrupted`, `void`, `no such unit`, `not adjacent`,
    `civil disorder`, or a sentence for an illegal order. `dislodged` tells
    whether the ordered unit itself was dislodged (movement phases).
    """

    power: str
    text: str  # canonical order text (or the player's own text when unreadable)
    outcome: Outcome
    reason: str | None = None
    order: Order | None = None
    dislodged: bool = False


class _ResultDraft:
    """An `OrderResult` under construction: the same slots, filled by plain stores.

    A frozen dataclass sets each field through `object.__setattr__`, which is most
    of the cost of a result (and a phase has one per order). A draft has exactly
    the slots of `OrderResult`, so once filled its class becomes `OrderResult`
    (CPython allows `__class__` assignment between classes of identical layout):
    from then on it is an ordinary, frozen `OrderResult`.
    """

    __slots__ = ("dislodged", "order", "outcome", "power", "reason", "text")

    def __init__(
        self,
        power: str,
        text: str,
        outcome: Outcome,
        reason: str | None = None,
        order: Order | None = None,
        dislodged: bool = False,
    ) -> None:
        self.power = power
        self.text = text
        self.outcome = outcome
        self.reason = reason
        self.order = order
        self.dislodged = dislodged
        self.__class__ = OrderResult  # type: ignore[assignment]


new_result = cast(
    Callable[[str, str, Outcome, str | None, Order | None, bool], OrderResult], _ResultDraft
)
"""`OrderResult(power, text, outcome, reason, order, dislodged)`, about three times faster."""


ConvoyAdjacent = Literal["3.0", "2.4", "1971"]
CivilDisorderRule = Literal["2023", "2000", "1971", "godip"]
MultiRouteConvoy = Literal["all", "any"]
ParadoxRule = Literal["szykman", "1971"]


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The DATC options that `adjudicate.md` exposes, one field per disputed point.

    `convoy_adjacent` (4.A.3): "3.0" (no land-route fallback for a failed convoy to
    an adjacent province), "2.4" (fall back to the land route) or "1971" (a move to
    an adjacent province takes a convoy, anybody's, only when the unit there moves
    the opposite way and the convoy is not disrupted; "via convoy" is ignored).
    `civil_disorder` (4.D.8): "2023" (units off supply centres first, distance to
    the nearest owned centre, any path), "1971" (the 1971 text: distance to home
    centres, fleets by their own moves, ties by full English name), "2000" (the
    2000 text, read the same way) or "godip" (distance to home centres and ties by
    province id as Droidippy computed them, for replaying its games).
    `multi_route_convoy` (4.A.1): "all" (disrupted only when every route is) or
    "any" (1971: disrupted when any route is).
    `paradox_rule` (4.A.2): "szykman" or "1971" (a convoyed army does not cut a
    support of an attack on one of its convoying fleets; Szykman for the rest).
    `judge.rules.rulebook` sets them all at once for a rulebook.
    """

    convoy_adjacent: ConvoyAdjacent = "3.0"
    civil_disorder: CivilDisorderRule = "2023"
    multi_route_convoy: MultiRouteConvoy = "all"
    paradox_rule: ParadoxRule = "szykman"


@dataclass(frozen=True, slots=True)
class PhaseResult:
    """`state` is the board at the start of the phase that follows (a retreat phase no
    unit can retreat in is passed over; `judge.rules.idle.adjudicate_through` also
    passes over a winter nobody can act in)."""

    phase: Phase
    results: tuple[OrderResult, ...]
    state: GameState
