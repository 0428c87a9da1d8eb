"""A typed view of the Intimate variant's `Snapshot.data`, and its JSON layout.

`Snapshot.data` must stay plain JSON; the hooks want names and types. This
module is the one place that knows the layout:

    {"ruleset": "intimate",
     "homes": {"1": "FRANCE", "2": "ENGLAND"},          # seat -> home power
     "credits": {"FRANCE": 20, "ENGLAND": 20},          # home power -> money
     "control": {"AUSTRIA": "FRANCE", "GERMANY": null}, # mercenary -> controller
     "year_start_centers": {"BUD": "AUSTRIA", ...},     # owners when the year began
     "control_history": {"1901": {"AUSTRIA": "FRANCE", ...}},
     "recheck_fall": null,                              # rx03 tied victory: year
     "allocation": {"method": "preferences", "position": 1, "lot_winner": null}}

`control` holds this year's control from the bid results up to and including the
winter adjustments; every mercenary is null (anarchy) during the bid phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from judge.rules.state import POWERS


@dataclass(frozen=True)
class IntimateData:
    ruleset: str
    homes: Mapping[str, str]
    credits: Mapping[str, int]
    control: Mapping[str, str | None]
    year_start_centers: Mapping[str, str]
    control_history: Mapping[str, Mapping[str, str | None]] = field(default_factory=dict)
    recheck_fall: int | None = None
    allocation: Mapping[str, Any] = field(default_factory=dict)

    # --- conversion -------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> IntimateData:
        return cls(
            ruleset=str(data["ruleset"]),
            homes=dict(data["homes"]),
            credits={k: int(v) for k, v in data["credits"].items()},
            control=dict(data["control"]),
            year_start_centers=dict(data["year_start_centers"]),
            control_history={k: dict(v) for k, v in data.get("control_history", {}).items()},
            recheck_fall=data.get("recheck_fall"),
            allocation=dict(data.get("allocation", {})),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "homes": dict(self.homes),
            "credits": dict(self.credits),
            "control": dict(self.control),
            "year_start_centers": dict(self.year_start_centers),
            "control_history": {k: dict(v) for k, v in self.control_history.items()},
            "recheck_fall": self.recheck_fall,
            "allocation": dict(self.allocation),
        }

    def with_(self, **changes: Any) -> IntimateData:
        return replace(self, **changes)

    # --- questions --------------------------------------------------------------------

    @property
    def home_powers(self) -> tuple[str, ...]:
        """Both home powers, in seat order."""
        return tuple(self.homes[seat] for seat in sorted(self.homes))

    @property
    def mercenaries(self) -> tuple[str, ...]:
        return tuple(p for p in POWERS if p not in self.homes.values())

    def home_of(self, seat: str) -> str | None:
        return self.homes.get(seat)

    def seat_of(self, home: str) -> str | None:
        for seat, power in self.homes.items():
            if power == home:
                return seat
        return None

    def opponent(self, home: str) -> str:
        return next(p for p in self.home_powers if p != home)

    def controller(self, power: str) -> str | None:
        """The home power whose player orders `power` now; None for anarchy."""
        if power in self.homes.values():
            return power
        return self.control.get(power)

    def controlled_by(self, home: str) -> tuple[str, ...]:
        return tuple(m for m in self.mercenaries if self.control.get(m) == home)


def anarchy(mercenaries: tuple[str, ...]) -> dict[str, str | None]:
    """Every mercenary uncontrolled: the state between years and after failed bidding."""
    return {m: None for m in mercenaries}
