"""Immutable values that describe a Diplomacy board: powers, units, phases, state.

A `GameState` is a complete position at the start of a phase. Adjudicating a
phase is a function from a state plus orders to a new state; nothing mutates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import cast

POWERS: tuple[str, ...] = (
    "AUSTRIA",
    "ENGLAND",
    "FRANCE",
    "GERMANY",
    "ITALY",
    "RUSSIA",
    "TURKEY",
)
POWER_BY_LETTER: Mapping[str, str] = MappingProxyType({p[0]: p for p in POWERS})
# The powers' French names (`BID Allemagne 5`); initials stay the English ones.
FRENCH_POWER_NAMES: Mapping[str, str] = MappingProxyType(
    {"AUTRICHE": "AUSTRIA", "ANGLETERRE": "ENGLAND", "ALLEMAGNE": "GERMANY",
     "ITALIE": "ITALY", "RUSSIE": "RUSSIA", "TURQUIE": "TURKEY"}
)  # fmt: skip


def power_name(text: str) -> str | None:
    """Return the canonical power name for a full name (English or French) or
    initial, else None."""
    word = text.strip().upper()
    if word in POWERS:
        return word
    if word in FRENCH_POWER_NAMES:
        return FRENCH_POWER_NAMES[word]
    if len(word) == 1:
        return POWER_BY_LETTER.get(word)
    for power in POWERS:
        if len(word) >= 3 and power.startswith(word):
            return power
    return None


class UnitType(StrEnum):
    """Army or fleet; the value is the one-letter code used in orders."""

    ARMY = "A"
    FLEET = "F"

    @property
    def word(self) -> str:
        return "Army" if self is UnitType.ARMY else "Fleet"


def province_of(location: str) -> str:
    """`STP/SC` -> `STP`; `PAR` -> `PAR`."""
    return location.partition("/")[0]


def coast_of(location: str) -> str | None:
    """`STP/SC` -> `SC`; `PAR` -> None."""
    _, slash, coast = location.partition("/")
    return coast if slash else None


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board. `power` is its nationality, not its controller."""

    power: str
    kind: UnitType
    location: str  # canonical id, with coast for a fleet on a split-coast province

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return f"{self.kind._value_} {self.location}"


class _UnitDraft:
    """A `Unit` under construction: the same slots, filled by plain stores.

    A frozen dataclass sets each field through `object.__setattr__`; a draft has
    exactly the slots of `Unit`, so once filled its class becomes `Unit` (CPython
    allows `__class__` assignment between classes of identical layout) and it is
    an ordinary, frozen `Unit` from then on.
    """

    __slots__ = ("kind", "location", "power")

    def __init__(self, power: str, kind: UnitType, location: str) -> None:
        self.power = power
        self.kind = kind
        self.location = location
        self.__class__ = Unit  # type: ignore[assignment]


new_unit = cast(Callable[[str, UnitType, str], Unit], _UnitDraft)
"""`Unit(power, kind, location)`, built faster (the adjudicator moves many units)."""


@dataclass(frozen=True, slots=True)
class DislodgedUnit:
    """A unit dislodged in the previous movement phase, with its legal retreats."""

    unit: Unit
    retreats: tuple[str, ...]  # locations (with coast for fleets where needed), sorted
    attacker_from: str | None = None  # province the dislodging unit came from


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseType(StrEnum):
    BID = "B"
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_PHASE_RE = re.compile(r"^([SFW])(\d{4})([BMRA])$")
_SEASON_OF: Mapping[str, Season] = MappingProxyType({s.value: s for s in Season})
_PHASE_TYPE_OF: Mapping[str, PhaseType] = MappingProxyType({t.value: t for t in PhaseType})


@dataclass(frozen=True, slots=True, order=True)
class Phase:
    """A phase code such as `S1901M`, `F1901R`, `W1901A` or `S1901B`."""

    year: int
    season: Season
    type: PhaseType

    @classmethod
    def parse(cls, code: str) -> Phase:
        """The phase a code names. njudge names the Intimate bid phase with the letter
        A (`S1901A`); no variant adjusts in the spring, so a spring `A` is read as the
        bid phase (`S1901B`, as the judge shows it)."""
        match = _PHASE_RE.match(code.strip().upper())
        if not match:
            raise ValueError(f"not a phase code: {code!r}")
        season, year, kind = match.groups()
        if season == Season.SPRING.value and kind == PhaseType.ADJUSTMENT.value:
            kind = PhaseType.BID.value
        return cls(int(year), _SEASON_OF[season], _PHASE_TYPE_OF[kind])

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.type.value}"

    @property
    def code(self) -> str:
        return str(self)

    @property
    def season_name(self) -> str:
        return {"S": "Spring", "F": "Fall", "W": "Winter"}[self.season.value]

    @property
    def type_name(self) -> str:
        return {"B": "Bid", "M": "Movement", "R": "Retreat", "A": "Adjustment"}[self.type.value]


def _freeze(mapping: Mapping[str, object]) -> Mapping[str, object]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class GameState:
    """A whole board at the start of `phase`.

    * `units`: province id -> unit (one unit per province).
    * `dislodged`: province id -> dislodged unit (retreat phases only).
    * `centers`: supply-centre province id -> owning power (unowned centres absent).
    """

    phase: Phase
    units: Mapping[str, Unit] = field(default_factory=dict)
    dislodged: Mapping[str, DislodgedUnit] = field(default_factory=dict)
    centers: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "units", _freeze(self.units))
        object.__setattr__(self, "dislodged", _freeze(self.dislodged))
        object.__setattr__(self, "centers", _freeze(self.centers))

    @classmethod
    def from_units(
        cls,
        phase: Phase,
        units: Iterable[Unit],
        centers: Mapping[str, str] | None = None,
        dislodged: Iterable[DislodgedUnit] = (),
    ) -> GameState:
        return cls.adopting(
            phase,
            {u.location.partition("/")[0]: u for u in units},  # by `u.province`
            {d.unit.province: d for d in dislodged},
            dict(centers or {}),
        )

    @classmethod
    def adopting(
        cls,
        phase: Phase,
        units: dict[str, Unit],
        dislodged: dict[str, DislodgedUnit],
        centers: Mapping[str, str],
    ) -> GameState:
        """`GameState(phase, units, dislodged, centers)` without copying the mappings.

        For the adjudicator, which builds fresh dicts for each new board: they are
        wrapped read-only as they are, so the caller must not keep or change them.
        `centers` may also be the (read-only) `centers` of another state, shared.
        """
        state = cls.__new__(cls)
        if type(centers) is dict:
            owners: Mapping[str, str] = MappingProxyType(centers)
        elif type(centers) is MappingProxyType:
            owners = centers
        else:
            owners = MappingProxyType(dict(centers))
        vars(state).update(
            phase=phase,
            units=MappingProxyType(units),
            dislodged=MappingProxyType(dislodged),
            centers=owners,
        )
        return state

    def with_(self, **changes: object) -> GameState:
        return replace(self, **changes)  # type: ignore[arg-type]

    def unit_in(self, province: str) -> Unit | None:
        return self.units.get(province_of(province))

    def units_of(self, power: str) -> list[Unit]:
        return sorted(
            (u for u in self.units.values() if u.power == power),
            key=lambda u: u.location,
        )

    def centers_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.centers.items() if p == power)

    @cached_property
    def checked_orders(self) -> dict[int, tuple[object, object]]:
        """Orders already found legal on this board: `id(order)` -> (order, map).

        The state holds them for `judge.rules.legality`, which compares them by
        identity only: so they are plain objects here, and the state imports neither
        the orders nor the map (which both import the state).

        Filled by the parser (`legality.note_legal`), so that adjudicating the
        orders it read does not check them a second time. The board is immutable,
        so a check's answer never changes; holding the order keeps its `id` unique.
        A `functools.cached_property`: each state gets its own, on first use.
        """
        return {}

    def center_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for owner in self.centers.values():
            counts[owner] = counts.get(owner, 0) + 1
        return counts
