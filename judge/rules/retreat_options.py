"""Where a dislodged unit may retreat, worked out at the end of the movement phase.

The rules allow a retreat to an adjacent location the unit could move to
(fleets keep to coasts, DATC 6.H.15), that is empty after the movement, was not
left empty by a standoff (6.H.6; a standoff on either coast closes the whole
province, 6.H.16), and is not the province the attacker came from, unless the
attacker came by convoy (DATC 4.A.5, 2023 rulebook; 6.H.11, 6.H.12).
Convoys and supports of the movement phase give no extra options (6.H.13, 6.H.14).
"""

from __future__ import annotations

from collections.abc import Container
from collections.abc import Set as AbstractSet

from judge.rules.map import GameMap
from judge.rules.state import Unit, UnitType, province_of


def retreat_options(
    game_map: GameMap,
    unit: Unit,
    attacker_from: str,
    attacker_convoyed: bool,
    occupied: Container[str],
    contested: AbstractSet[str],
) -> tuple[str, ...]:
    """The sorted legal retreat locations of `unit` (provinces; fleets with coasts)."""
    if unit.kind is UnitType.ARMY:
        candidates: frozenset[str] = game_map.army_neighbours(unit.province)
    else:
        candidates = game_map.fleet_neighbours(unit.location)
    options = []
    for location in candidates:
        province = province_of(location)
        if province in occupied or province in contested:
            continue
        if province == attacker_from and not attacker_convoyed:
            continue
        options.append(location)
    options.sort()
    return tuple(options)
