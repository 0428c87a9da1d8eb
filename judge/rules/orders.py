"""Order values: what a player told one unit (or a power, for builds) to do.

Orders are small frozen dataclasses with a canonical text form (`str(order)`),
the short syntax of `adjudicate.md`: `A PAR - BUR`, `F NTH C A LON - NWY`,
`A PAR S A MAR - BUR`, `A SER R ALB`, `A PAR B`, `F KIE D`, `WAIVE`.

Locations are canonical ids (`PAR`, `STP/SC`). A move target keeps its coast
only where the coast matters (a fleet onto a split-coast province).
`power` is the nationality of the ordered unit (or the building power).
The unit type on support/convoy targets may be None when the player left it out.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.rules.state import UnitType, province_of

# `kind._value_` is `kind.value` without the enum property lookup: every result
# of every phase prints its order, so `__str__` is on the adjudicator's hot path.


@dataclass(frozen=True, slots=True)
class Hold:
    power: str
    kind: UnitType
    location: str

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location} H"


@dataclass(frozen=True, slots=True)
class Move:
    power: str
    kind: UnitType
    location: str
    target: str
    via_convoy: bool = False
    route: tuple[str, ...] = ()  # explicit convoy route (sea province ids), if given

    def __str__(self) -> str:
        suffix = " VIA" if self.via_convoy else ""
        return f"{self.kind._value_} {self.location} - {self.target}{suffix}"


@dataclass(frozen=True, slots=True)
class SupportHold:
    power: str
    kind: UnitType
    location: str
    supported: str  # location of the supported unit
    supported_kind: UnitType | None = None

    def __str__(self) -> str:
        kind = self.supported_kind._value_ if self.supported_kind else "A"
        return f"{self.kind._value_} {self.location} S {kind} {province_of(self.supported)}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    power: str
    kind: UnitType
    location: str
    supported: str  # location of the supported unit
    target: str  # destination of the supported move (coast optional)
    supported_kind: UnitType | None = None

    def __str__(self) -> str:
        kind = self.supported_kind._value_ if self.supported_kind else "A"
        return (
            f"{self.kind._value_} {self.location} S {kind} "
            f"{province_of(self.supported)} - {self.target}"
        )


@dataclass(frozen=True, slots=True)
class Convoy:
    power: str
    kind: UnitType
    location: str
    army: str  # province of the convoyed army
    target: str  # its destination province

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location} C A {self.army} - {self.target}"


@dataclass(frozen=True, slots=True)
class Retreat:
    power: str
    kind: UnitType
    location: str
    target: str

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location} R {self.target}"


@dataclass(frozen=True, slots=True)
class Disband:
    """Retreat-phase disband of a dislodged unit."""

    power: str
    kind: UnitType
    location: str

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location} D"


@dataclass(frozen=True, slots=True)
class Build:
    power: str
    kind: UnitType
    location: str

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location} B"


@dataclass(frozen=True, slots=True)
class Remove:
    """Adjustment-phase removal of a unit on the board."""

    power: str
    kind: UnitType
    location: str

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location} D"


@dataclass(frozen=True, slots=True)
class Waive:
    power: str

    def __str__(self) -> str:
        return "WAIVE"


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Remove | Waive
Order = MovementOrder | RetreatOrder | AdjustmentOrder

UNIT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Remove)


def ordered_province(order: Order) -> str | None:
    """The province of the unit an order is for (None for a waive)."""
    if isinstance(order, Waive):
        return None
    return province_of(order.location)


class OrderError(ValueError):
    """An order that cannot be used. Its message is meant for the player."""


class UnreadableOrder(OrderError):
    """The text could not be read as an order; `word` is the first word not understood."""

    def __init__(self, message: str, word: str = "") -> None:
        super().__init__(message)
        self.reason = message  # a `reasons.Reason` from the parser: the key survives
        self.word = word


class IllegalOrder(OrderError):
    """The order was read but is not allowed (no such unit, not adjacent, ...).

    `canonical` is the order in canonical form where it could be built, else the
    player's text; `reason` is the short reason (`no such unit`, `not adjacent`)
    or a sentence, a `reasons.Reason` when the rules made it. An illegal order is
    reported and the unit holds (DATC 4.E.1).
    """

    def __init__(
        self,
        reason: str,
        canonical: str,
        power: str | None = None,
        location: str | None = None,
    ) -> None:
        super().__init__(f"{canonical}: {reason}")
        self.reason = reason
        self.canonical = canonical
        self.power = power
        self.location = location  # the ordered unit's, when the order names a real unit
