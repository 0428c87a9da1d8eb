"""What the DATC cases give under `rulebook = 1971`, where that differs from the preference.

Each entry names the points (`RuleOptions` fields) that change the case, the
results that change (by the order as the DATC writes it) and the board after the
phase. Every case not listed here must give its preferred result under 1971 too
(`test_rulebook_1971.py` checks both). The civil-disorder cases reuse the
`civil_disorder = 1971` variants of `cases.json` (the 1971 text: distance to
home centres, fleets by their own moves, ties by the space's full English name).
The DATC is version 3.1: its 1971 answers to 6.H.11 and 6.H.12 are here.
`source` says where the 1971 answer comes from: "DATC" when the DATC text states
it, "derived" when it follows from the 1971 reading of the point without the
DATC stating that case's 1971 answer.
"""

from __future__ import annotations

from typing import Any

CONVOY_LONDON_STAYS: dict[str, Any] = {"results": {"A London - Belgium": "fails"}}

CHANGES: dict[str, dict[str, Any]] = {
    "6.F.9": {
        "points": ["multi_route_convoy"],
        "source": "DATC",
        **CONVOY_LONDON_STAYS,
        "units": {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F BRE", "F ENG"]},
        "dislodged": {"ENGLAND": {"F ENG": None}},
        "next_phase": "S1901R",
    },
    "6.F.10": {
        "points": ["multi_route_convoy"],
        "source": "DATC",
        **CONVOY_LONDON_STAYS,
        "units": {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F BRE", "F ENG"]},
        "dislodged": {"GERMANY": {"F ENG": None}},
        "next_phase": "S1901R",
    },
    "6.F.11": {
        "points": ["multi_route_convoy"],
        "source": "DATC",
        **CONVOY_LONDON_STAYS,
        "units": {"ENGLAND": ["A LON"], "FRANCE": ["F BRE", "F ENG"], "RUSSIA": ["F NTH"]},
        "dislodged": {"GERMANY": {"F ENG": None}},
        "next_phase": "S1901R",
    },
    "6.F.13": {
        "points": ["multi_route_convoy"],
        "source": "derived",
        **CONVOY_LONDON_STAYS,
        "units": {"ENGLAND": ["A LON"], "FRANCE": ["F ENG"], "GERMANY": ["F HOL", "F NTH"]},
        "dislodged": {"ENGLAND": {"F NTH": None}},
        "next_phase": "S1901R",
    },
    "6.F.17": {
        "points": ["paradox_rule"],
        "source": "DATC",
        "results": {
            "F London Supports F Wales - English Channel": "succeeds",
            "A Brest - London": "succeeds",
        },
        "units": {
            "ENGLAND": ["F WAL"],
            "FRANCE": ["A LON", "F ENG", "F YOR"],
            "GERMANY": ["F BEL", "F NTH"],
        },
        "dislodged": {"ENGLAND": {"F LON": None}},
        "next_phase": "S1901R",
    },
    "6.F.19": {
        "points": ["multi_route_convoy", "paradox_rule"],
        "source": "DATC",
        "results": {
            "A Tunis - Naples": "fails",
            "F Naples Supports F Rome - Tyrrhenian Sea": "succeeds",
            "F Rome - Tyrrhenian Sea": "succeeds",
        },
        "units": {"FRANCE": ["A TUN", "F ION"], "ITALY": ["F NAP", "F TYS"]},
        "dislodged": {"FRANCE": {"F TYS": None}},
        "next_phase": "S1901R",
    },
    "6.F.20": {
        "points": ["multi_route_convoy"],
        "source": "derived",
        "results": {
            "A Tunis - Naples": "fails",
            "F Ionian Sea Convoys A Tunis - Naples": "fails",
            "F Naples Supports F Ionian Sea": "succeeds",
            "F Eastern Mediterranean - Ionian Sea": "fails",
        },
        "units": {
            "FRANCE": ["A TUN", "F TYS"],
            "ITALY": ["F ION", "F NAP"],
            "TURKEY": ["F AEG", "F EAS"],
        },
        "dislodged": {},
        "next_phase": "F1901M",
    },
    "6.G.2": {
        "points": ["convoy_adjacent"],
        "source": "DATC",
        "results": {"A Norway - Sweden": "succeeds", "F Sweden - Norway": "succeeds"},
        "units": {"ENGLAND": ["A SWE"], "GERMANY": ["F SKA"], "RUSSIA": ["F NWY"]},
        "dislodged": {},
        "next_phase": "F1901M",
    },
    "6.G.7": {
        "points": ["convoy_adjacent"],
        "source": "DATC",
        "results": {"F Norway - Sweden": "succeeds", "A Sweden - Norway": "succeeds"},
        "units": {"ENGLAND": ["F SKA", "F SWE"], "RUSSIA": ["A NWY", "F BOT"]},
        "dislodged": {},
        "next_phase": "F1901M",
    },
    "6.G.11": {
        "points": ["convoy_adjacent"],
        "source": "DATC",
        "results": {
            "F Norway Supports F North Sea - Skagerrak": "fails",
            "F North Sea - Skagerrak": "fails",
            "A Sweden - Norway": "succeeds",
        },
        "units": {"ENGLAND": ["F NTH"], "RUSSIA": ["A NWY", "F BAR", "F SKA"]},
        "dislodged": {"ENGLAND": {"F NWY": None}},
        "next_phase": "S1901R",
    },
    "6.G.19": {
        "points": ["convoy_adjacent"],
        "source": "DATC",
        "results": {"A Marseilles - Spain": "succeeds", "A Spain - Marseilles": "succeeds"},
        "units": {"FRANCE": ["A SPA", "F WES"], "ITALY": ["A MAR", "F LYO"]},
        "dislodged": {},
        "next_phase": "F1901M",
    },
    "6.G.8": {
        "points": ["convoy_adjacent"],
        "source": "derived",  # "not applicable, because they don't have the notion of 'via convoy'"
        "results": {"A Belgium - Holland via convoy": "succeeds"},
        "units": {"ENGLAND": ["A KIE", "F HEL"], "FRANCE": ["A HOL"]},
        "dislodged": {},
        "next_phase": "F1901M",
    },
    "6.G.20": {
        "points": ["convoy_adjacent"],
        "source": "derived",  # as 6.G.8: "via Convoy" is an ordinary move under 1971
        "results": {"A Picardy - Belgium via Convoy": "succeeds"},
        "units": {"FRANCE": ["A BEL", "A BUR", "F ENG", "F MAO"]},
        "dislodged": {"ENGLAND": {"F ENG": None}},
        "next_phase": "S1901R",
    },
    "6.H.11": {
        "points": ["convoy_adjacent"],
        "source": "DATC",  # "the convoy is ignored and the land route is taken ..."
        "results": {
            "A Gascony - Marseilles via convoy": "succeeds",
            "F Mid-Atlantic Ocean Convoys A Gascony - Marseilles": "fails",
        },
        "units": {"FRANCE": ["A BUR", "A MAR", "F LYO", "F MAO", "F WES"]},
        "dislodged": {"ITALY": {"A MAR": {"exclude": ["GAS"]}}},
        "next_phase": "S1901R",
    },
    "6.H.12": {
        "points": ["convoy_adjacent"],
        "source": "DATC",  # "... will go successfully ... and there is no dislodgement"
        "results": {
            "A Liverpool - Edinburgh via convoy": "succeeds",
            "A Edinburgh - Liverpool via convoy": "succeeds",
        },
        "units": {
            "ENGLAND": ["A EDI", "F IRI", "F NTH"],
            "FRANCE": ["F ENG", "F MAO"],
            "RUSSIA": ["A CLY", "A LVP", "F NAO", "F NWG"],
        },
        "dislodged": {"ENGLAND": {"F ENG": None}},
        "next_phase": "S1901R",
    },
    "6.J.3": {"points": ["civil_disorder"], "source": "derived", "variant": "civil_disorder_1971"},
    "6.J.6": {"points": ["civil_disorder"], "source": "derived", "variant": "civil_disorder_1971"},
    "6.J.10": {"points": ["civil_disorder"], "source": "derived", "variant": "civil_disorder_1971"},
    "6.J.11": {"points": ["civil_disorder"], "source": "DATC", "variant": "civil_disorder_1971"},
}
