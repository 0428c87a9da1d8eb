"""What a map is made of: provinces and their kinds.

Both the map (`judge.rules.map`) and the tables derived from it (`judge.rules.topology`)
speak of provinces; the tables are built from a map and the map keeps them, so the
words they share live here, below both.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ProvinceKind(StrEnum):
    LAND = "land"  # inland: armies only
    SEA = "sea"  # fleets only
    COAST = "coast"  # armies, and fleets on its coast(s)


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    kind: ProvinceKind
    is_center: bool
    coasts: tuple[str, ...] = ()  # e.g. ("NC", "SC") for split-coast provinces
    aliases: tuple[str, ...] = ()
