"""Province and power names as the DATC and its machine-readable copies write them.

The data tools keep their own small table (independent of the product's map) so
that a bug in the product's name index cannot leak into the expected results.
"""

from __future__ import annotations

PROVINCES: dict[str, str] = {
    "Adriatic Sea": "ADR",
    "Aegean Sea": "AEG",
    "Albania": "ALB",
    "Ankara": "ANK",
    "Apulia": "APU",
    "Armenia": "ARM",
    "Baltic Sea": "BAL",
    "Barents Sea": "BAR",
    "Belgium": "BEL",
    "Berlin": "BER",
    "Black Sea": "BLA",
    "Bohemia": "BOH",
    "Gulf of Bothnia": "BOT",
    "Brest": "BRE",
    "Budapest": "BUD",
    "Bulgaria": "BUL",
    "Burgundy": "BUR",
    "Clyde": "CLY",
    "Constantinople": "CON",
    "Denmark": "DEN",
    "Eastern Mediterranean": "EAS",
    "Edinburgh": "EDI",
    "English Channel": "ENG",
    "Finland": "FIN",
    "Galicia": "GAL",
    "Gascony": "GAS",
    "Greece": "GRE",
    "Helgoland Bight": "HEL",
    "Holland": "HOL",
    "Ionian Sea": "ION",
    "Irish Sea": "IRI",
    "Kiel": "KIE",
    "London": "LON",
    "Livonia": "LVN",
    "Liverpool": "LVP",
    "Gulf of Lyon": "LYO",
    "Mid-Atlantic Ocean": "MAO",
    "Marseilles": "MAR",
    "Moscow": "MOS",
    "Munich": "MUN",
    "North Africa": "NAF",
    "North Atlantic Ocean": "NAO",
    "Naples": "NAP",
    "North Sea": "NTH",
    "Norwegian Sea": "NWG",
    "Norway": "NWY",
    "Paris": "PAR",
    "Picardy": "PIC",
    "Piedmont": "PIE",
    "Portugal": "POR",
    "Prussia": "PRU",
    "Rome": "ROM",
    "Ruhr": "RUH",
    "Rumania": "RUM",
    "Serbia": "SER",
    "Sevastopol": "SEV",
    "Silesia": "SIL",
    "Skagerrak": "SKA",
    "Smyrna": "SMY",
    "Spain": "SPA",
    "St Petersburg": "STP",
    "Sweden": "SWE",
    "Syria": "SYR",
    "Trieste": "TRI",
    "Tunis": "TUN",
    "Tuscany": "TUS",
    "Tyrolia": "TYR",
    "Tyrrhenian Sea": "TYS",
    "Ukraine": "UKR",
    "Venice": "VEN",
    "Vienna": "VIE",
    "Wales": "WAL",
    "Warsaw": "WAR",
    "Western Mediterranean": "WES",
    "Yorkshire": "YOR",
}

SPLIT_COASTS: dict[str, tuple[str, ...]] = {
    "BUL": ("EC", "SC"),
    "SPA": ("NC", "SC"),
    "STP": ("NC", "SC"),
}

POWERS: tuple[str, ...] = (
    "AUSTRIA",
    "ENGLAND",
    "FRANCE",
    "GERMANY",
    "ITALY",
    "RUSSIA",
    "TURKEY",
)

# TedDriggs' datc.json: power abbreviations and the ids that differ from ours.
TD_POWERS: dict[str, str] = {p[:3]: p for p in POWERS}
TD_IDS: dict[str, str] = {"NOR": "NWY"}

# godip's datc file: ids that differ from ours.
GODIP_IDS: dict[str, str] = {"GOL": "LYO", "MID": "MAO", "NAT": "NAO", "NRG": "NWG"}


def province_id(name: str) -> str:
    """`North Sea` -> `NTH`; `Spain(nc)` -> `SPA/NC`. Raises KeyError if unknown."""
    name = name.strip()
    coast = ""
    if name.endswith(")") and "(" in name:
        name, _, rest = name.partition("(")
        coast = "/" + rest.rstrip(")").strip().upper()
        name = name.strip()
    return PROVINCES[name] + coast


def power_id(name: str) -> str:
    """`England` -> `ENGLAND`."""
    word = name.strip().rstrip(":").strip().upper()
    if word not in POWERS:
        raise KeyError(name)
    return word
