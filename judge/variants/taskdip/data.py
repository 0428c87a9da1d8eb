"""A typed view of the Taskdip variant's `Snapshot.data`, and its JSON layout.

`Snapshot.data` must stay plain JSON; the hooks want names and types. This
module is the one place that knows the layout:

    {"players": {"1": ["AUSTRIA", "ITALY"], "2": ["TURKEY", "GERMANY", "ENGLAND"]},
     "original": {"1": ["AUSTRIA", "ITALY"], "2": ["TURKEY", "GERMANY"]},
     "tasks": {"AUSTRIA": {"card": "Nine", "redrawn": ["Eight"]}, ...},
     "later": [{"power": "ENGLAND", "seat": "2", "phase": "S1902M",
                "decided_by": "fewest_centres"}],
     "fall": {"phase": "F1901M", "centres": {"AUSTRIA": 4, ...},
              "holdings": {"1": ["AUSTRIA", "ITALY"], ...}}}

* `players`: seat -> every power the seat holds, the original ones first, then
  neutrals allotted later, in order. A power never leaves its player.
* `original`: seat -> the powers allotted before Spring 1901 (the ones with tasks).
* `tasks`: originally allotted power -> its card and the cards redrawn before it.
  SECRET: never copy it into anything public before the game ends.
* `later`: the neutrals allotted during the game, oldest first.
* `fall`: centre counts per power at the last ownership update (the end of the
  last fall, retreats included; the starting position before the first one) and
  who held which powers then. The neutrality tie-breaks read it.

Neutral powers are not stored: a power nobody holds is neutral.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from judge.rules.state import POWERS


@dataclass(frozen=True)
class TaskCard:
    """The card drawn for a power, and the cards drawn and put back before it."""

    card: str
    redrawn: tuple[str, ...] = ()


@dataclass(frozen=True)
class FallRecord:
    """Centre counts at the last ownership update, and the holdings at that time."""

    phase: str | None
    centres: Mapping[str, int]
    holdings: Mapping[str, tuple[str, ...]]

    def total(self, seat: str) -> int:
        return sum(self.centres.get(p, 0) for p in self.holdings.get(seat, ()))

    def biggest(self, seat: str) -> int:
        return max((self.centres.get(p, 0) for p in self.holdings.get(seat, ())), default=0)


@dataclass(frozen=True)
class TaskdipData:
    players: Mapping[str, tuple[str, ...]]
    original: Mapping[str, tuple[str, ...]]
    tasks: Mapping[str, TaskCard]
    fall: FallRecord
    later: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    # --- conversion -------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TaskdipData:
        fall = data["fall"]
        return cls(
            players={s: tuple(ps) for s, ps in data["players"].items()},
            original={s: tuple(ps) for s, ps in data["original"].items()},
            tasks={
                p: TaskCard(str(t["card"]), tuple(t.get("redrawn", ())))
                for p, t in data["tasks"].items()
            },
            fall=FallRecord(
                fall.get("phase"),
                {p: int(n) for p, n in fall["centres"].items()},
                {s: tuple(ps) for s, ps in fall["holdings"].items()},
            ),
            later=tuple(dict(entry) for entry in data.get("later", ())),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "players": {s: list(ps) for s, ps in self.players.items()},
            "original": {s: list(ps) for s, ps in self.original.items()},
            "tasks": {
                p: {"card": t.card, "redrawn": list(t.redrawn)} for p, t in self.tasks.items()
            },
            "later": [dict(entry) for entry in self.later],
            "fall": {
                "phase": self.fall.phase,
                "centres": dict(self.fall.centres),
                "holdings": {s: list(ps) for s, ps in self.fall.holdings.items()},
            },
        }

    def with_(self, **changes: Any) -> TaskdipData:
        return replace(self, **changes)

    # --- questions --------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(sorted(self.players))

    @property
    def held(self) -> frozenset[str]:
        return frozenset(p for powers in self.players.values() for p in powers)

    @property
    def neutral(self) -> tuple[str, ...]:
        """Powers nobody holds now, in the standard order."""
        return tuple(p for p in POWERS if p not in self.held)

    @property
    def originally_neutral(self) -> tuple[str, ...]:
        first = {p for powers in self.original.values() for p in powers}
        return tuple(p for p in POWERS if p not in first)

    def seat_of(self, power: str) -> str | None:
        for seat, powers in self.players.items():
            if power in powers:
                return seat
        return None

    def adversary_powers(self, seat: str) -> dict[str, tuple[str, ...]]:
        """Every other seat -> the powers it holds (a power, once held, stays held)."""
        return {s: ps for s, ps in self.players.items() if s != seat}

    def allot(self, power: str, seat: str, entry: Mapping[str, Any]) -> TaskdipData:
        """`power` joins `seat`'s holdings; `entry` is remembered in `later`."""
        players = dict(self.players)
        players[seat] = (*players[seat], power)
        return self.with_(players=players, later=(*self.later, dict(entry)))


def fall_record(
    phase: str | None, centers: Mapping[str, str], holdings: Mapping[str, tuple[str, ...]]
) -> FallRecord:
    """Count the centres of every power (0 included) from a board's owners."""
    counts = dict.fromkeys(POWERS, 0)
    for owner in centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    return FallRecord(phase, counts, {s: tuple(ps) for s, ps in holdings.items()})
