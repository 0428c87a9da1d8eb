"""The French names a French judge shows: provinces, coasts, powers, units.

The reading side is elsewhere (`french_words`, `standard.fr.toml`); this module
is for showing: `province_name(game_map, "STP/SC")` is `Saint-Pétersbourg (côte
sud)`, `power_name("GERMANY")` is `Allemagne`, `unit_name(UnitType.FLEET)` is
`Flotte`. The French mail templates and `judge/wording/describe_fr.py` (orders
and results in French) use them. A map without French names shows its English
ones, so a variant is never left without a name.
"""

from __future__ import annotations

from types import MappingProxyType

from judge.rules.map import GameMap
from judge.rules.state import UnitType, coast_of, province_of

POWER_NAMES = MappingProxyType(
    {
        "AUSTRIA": "Autriche",
        "ENGLAND": "Angleterre",
        "FRANCE": "France",
        "GERMANY": "Allemagne",
        "ITALY": "Italie",
        "RUSSIA": "Russie",
        "TURKEY": "Turquie",
    }
)
# Masculine and feminine adjectives: `l'armée allemande`, `le joueur allemand`.
POWER_ADJECTIVES = MappingProxyType(
    {
        "AUSTRIA": ("autrichien", "autrichienne"),
        "ENGLAND": ("anglais", "anglaise"),
        "FRANCE": ("français", "française"),
        "GERMANY": ("allemand", "allemande"),
        "ITALY": ("italien", "italienne"),
        "RUSSIA": ("russe", "russe"),
        "TURKEY": ("turc", "turque"),
    }
)
UNIT_NAMES = MappingProxyType({UnitType.ARMY: "Armée", UnitType.FLEET: "Flotte"})
COAST_NAMES = MappingProxyType(
    {"NC": "côte nord", "SC": "côte sud", "EC": "côte est", "WC": "côte ouest"}
)
_VOWELS = frozenset("AEIOUYÂÉÈÊÎÔÛaeiouyâéèêîôû")


def province_name(game_map: GameMap, location: str) -> str:
    """`BUR` -> `Bourgogne`; `STP/SC` -> `Saint-Pétersbourg (côte sud)`.

    The English name where the map has no French one; an unknown id as it is.
    """
    province = game_map.provinces.get(province_of(location))
    if province is None:
        return location
    name = game_map.translations.get("fr", {}).get(province.id, province.name)
    coast = coast_of(location)
    if coast:
        return f"{name} ({COAST_NAMES.get(coast, coast.lower())})"
    return name


def power_name(power: str) -> str:
    """`GERMANY` -> `Allemagne`; a power of another variant in title case."""
    return POWER_NAMES.get(power, power.capitalize())


def power_adjective(power: str, feminine: bool = False) -> str:
    """`GERMANY` -> `allemand`, or `allemande` with `feminine` (armée, flotte)."""
    forms = POWER_ADJECTIVES.get(power)
    if forms is None:
        return power.capitalize()
    return forms[1] if feminine else forms[0]


def unit_name(kind: UnitType | None) -> str:
    """`Armée`, `Flotte`, or `Unité` when the type is not known."""
    return UNIT_NAMES[kind] if kind is not None else "Unité"


def of(name: str) -> str:
    """`de` before a name, elided before a vowel: `de Kiel`, `d'Édimbourg`."""
    return f"d'{name}" if name[:1] in _VOWELS else f"de {name}"
