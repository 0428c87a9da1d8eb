"""The French names a French judge shows for the standard map's powers and provinces.

Keyed by the English name the map (or `power_title`) gives, so the same table serves
the results wording (`judge.wording.vocabulary`) and the `|nom` filter of the French
templates, which shows a name computed in English (`France`, `Burgundy`) in French.
A name not in the table (another map's) is shown as it is.

The names are those of the French editions of the game and of French players'
usage (Manche, Mer du Nord, Atlantique Nord, Moyen-Atlantique...).

Only this judge's mail wording reads it; the reading of French orders has its own
name data (see the report of branch french14 for where the two should meet).
"""

from __future__ import annotations

FRENCH_POWER_NAMES: dict[str, str] = {
    "Austria": "Autriche",
    "England": "Angleterre",
    "France": "France",
    "Germany": "Allemagne",
    "Italy": "Italie",
    "Russia": "Russie",
    "Turkey": "Turquie",
}

FRENCH_PROVINCE_NAMES: dict[str, str] = {
    "Adriatic Sea": "Mer Adriatique",
    "Aegean Sea": "Mer Égée",
    "Albania": "Albanie",
    "Ankara": "Ankara",
    "Apulia": "Apulie",
    "Armenia": "Arménie",
    "Baltic Sea": "Mer Baltique",
    "Barents Sea": "Mer de Barents",
    "Belgium": "Belgique",
    "Berlin": "Berlin",
    "Black Sea": "Mer Noire",
    "Bohemia": "Bohême",
    "Gulf of Bothnia": "Golfe de Botnie",
    "Brest": "Brest",
    "Budapest": "Budapest",
    "Bulgaria": "Bulgarie",
    "Burgundy": "Bourgogne",
    "Clyde": "Clyde",
    "Constantinople": "Constantinople",
    "Denmark": "Danemark",
    "Eastern Mediterranean": "Méditerranée orientale",
    "Edinburgh": "Édimbourg",
    "English Channel": "Manche",
    "Finland": "Finlande",
    "Galicia": "Galicie",
    "Gascony": "Gascogne",
    "Greece": "Grèce",
    "Heligoland Bight": "Baie d'Héligoland",
    "Holland": "Hollande",
    "Ionian Sea": "Mer Ionienne",
    "Irish Sea": "Mer d'Irlande",
    "Kiel": "Kiel",
    "London": "Londres",
    "Livonia": "Livonie",
    "Liverpool": "Liverpool",
    "Gulf of Lyon": "Golfe du Lion",
    "Mid-Atlantic Ocean": "Moyen-Atlantique",
    "Marseilles": "Marseille",
    "Moscow": "Moscou",
    "Munich": "Munich",
    "North Africa": "Afrique du Nord",
    "North Atlantic Ocean": "Atlantique Nord",
    "Naples": "Naples",
    "North Sea": "Mer du Nord",
    "Norwegian Sea": "Mer de Norvège",
    "Norway": "Norvège",
    "Paris": "Paris",
    "Picardy": "Picardie",
    "Piedmont": "Piémont",
    "Portugal": "Portugal",
    "Prussia": "Prusse",
    "Rome": "Rome",
    "Ruhr": "Ruhr",
    "Rumania": "Roumanie",
    "Serbia": "Serbie",
    "Sevastopol": "Sébastopol",
    "Silesia": "Silésie",
    "Skagerrak": "Skagerrak",
    "Smyrna": "Smyrne",
    "Spain": "Espagne",
    "St Petersburg": "Saint-Pétersbourg",
    "Sweden": "Suède",
    "Syria": "Syrie",
    "Trieste": "Trieste",
    "Tunis": "Tunis",
    "Tuscany": "Toscane",
    "Tyrolia": "Tyrol",
    "Tyrrhenian Sea": "Mer Tyrrhénienne",
    "Ukraine": "Ukraine",
    "Venice": "Venise",
    "Vienna": "Vienne",
    "Wales": "Pays de Galles",
    "Warsaw": "Varsovie",
    "Western Mediterranean": "Méditerranée occidentale",
    "Yorkshire": "Yorkshire",
}

FRENCH_NAMES: dict[str, str] = {**FRENCH_PROVINCE_NAMES, **FRENCH_POWER_NAMES}


def french_name(name: str) -> str:
    """`Burgundy` -> `Bourgogne`, `Germany` -> `Allemagne`; others unchanged."""
    return FRENCH_NAMES.get(name, name)
