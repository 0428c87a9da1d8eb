"""Take a DATC order apart just enough to know its unit, verb and destination.

This is not the product's order parser: it only reads the fixed English of the
DATC, so that the tools can list the units a case needs and move them on the
board the expected results describe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from names import province_id

_ADJUST = re.compile(r"^(Build|Remove)\s+([AF])\s+(.+)$", re.I)
_UNIT = re.compile(r"^([AF])\s+(.+?)(?:\s+(Supports|Convoys|Hold)\b(.*)|\s+-\s+(.+))?$")
_VIA = re.compile(r"\s+via\s+convoy\s*$", re.I)


@dataclass(frozen=True)
class DatcOrder:
    kind: str  # "A" or "F"; for builds and removals the unit type named
    location: str  # e.g. "SPA/NC" (as written) or "LON"
    verb: str  # "move", "support", "convoy", "hold", "build", "remove"
    target: str | None = None  # move destination as written (coast kept)
    via_convoy: bool = False

    @property
    def province(self) -> str:
        return self.location.split("/")[0]

    @property
    def unit(self) -> str:
        return f"{self.kind} {self.location}"


def read_order(text: str) -> DatcOrder:
    """`F North Sea - Picardy` -> DatcOrder("F", "NTH", "move", "PIC")."""
    adjust = _ADJUST.match(text)
    if adjust:
        verb, kind, place = adjust.groups()
        return DatcOrder(kind.upper(), province_id(place), verb.lower())
    match = _UNIT.match(text.strip())
    if not match:
        raise ValueError(f"cannot read DATC order {text!r}")
    kind, place, verb, _rest, target = match.groups()
    location = province_id(place)
    if target is not None:
        via = bool(_VIA.search(target))
        return DatcOrder(kind, location, "move", province_id(_VIA.sub("", target)), via)
    word = (verb or "Hold").lower()
    return DatcOrder(kind, location, {"supports": "support", "convoys": "convoy"}.get(word, word))
