"""The French names a French judge shows for the standard map's powers and provinces.

Keyed by the English name the map (or `power_title`) gives, so the same table serves
the results wording (`judge.wording.vocabulary`) and the `|nom` filter of the French
templates, which shows a name computed in English (`France`, `Burgundy`) in French.
A name not in the table (another map's) is shown as it is.

The names are those of the French editions of the game and of French players'
usage (Manche, Mer du Nord, Atlantique Nord, Moyen-Atlantique...).

The names themselves are the ones French orders are read in: the map's French
names (`judge/rules/data/standard.fr.toml`) and the French power names of
`judge.rules.state` (France keeps its name), so what the mails show a French
player can always be written back.
"""

from __future__ import annotations

from judge.rules.map import load_map
from judge.rules.state import FRENCH_POWER_NAMES as READ_POWER_NAMES
from judge.rules.state import POWERS


def _province_names() -> dict[str, str]:
    """The standard map's provinces: English name -> French name (the map's own
    French names, `judge/rules/data/standard.fr.toml`, that French orders are read in)."""
    game_map = load_map("standard")
    french = game_map.translations.get("fr", {})
    return {p.name: french.get(p.id, p.name) for p in game_map.provinces.values()}


FRENCH_POWER_NAMES: dict[str, str] = {
    power.title(): power.title()
    for power in POWERS
} | {english.title(): french.title() for french, english in READ_POWER_NAMES.items()}
FRENCH_PROVINCE_NAMES: dict[str, str] = _province_names()
FRENCH_NAMES: dict[str, str] = {**FRENCH_PROVINCE_NAMES, **FRENCH_POWER_NAMES}


def french_name(name: str) -> str:
    """`Burgundy` -> `Bourgogne`, `Germany` -> `Allemagne`; others unchanged."""
    return FRENCH_NAMES.get(name, name)
