"""Reader of njudge's `PHASE season year phase`: the orders after it are for a later phase.

The phase is written as njudge prints it (`PHASE Fall 1901 Movement`), as a code
(`PHASE F1901M`, `PHASE F 1901 M`), or in French (`PHASE Automne 1901 Mouvement`).
Without its last word the phase is the season's first: movement in spring and
fall, adjustments in winter. Whether the phase is still to come is the service's
to check; this only reads the words.
"""

from __future__ import annotations

import re
import unicodedata

from judge.language.arguments import CommandError
from judge.language.command_types import ForPhase
from judge.rules.state import Phase

SEASON_WORDS = {
    "S": "S", "SPRING": "S", "PRINTEMPS": "S",
    "F": "F", "FALL": "F", "AUTUMN": "F", "AUTOMNE": "F",
    "W": "W", "WINTER": "W", "HIVER": "W",
}  # fmt: skip
KIND_WORDS = {
    "M": "M", "MOVE": "M", "MOVES": "M", "MOVEMENT": "M", "MOVEMENTS": "M",
    "MOUVEMENT": "M", "MOUVEMENTS": "M",
    "R": "R", "RETREAT": "R", "RETREATS": "R", "RETRAITE": "R", "RETRAITES": "R",
    "A": "A", "ADJUST": "A", "ADJUSTMENT": "A", "ADJUSTMENTS": "A", "BUILD": "A",
    "BUILDS": "A", "AJUSTEMENT": "A", "AJUSTEMENTS": "A",
    "B": "B", "BID": "B", "BIDS": "B", "BIDDING": "B", "ENCHERE": "B", "ENCHERES": "B",
}  # fmt: skip
_FIRST_KIND = {"S": "M", "F": "M", "W": "A"}
_YEAR = re.compile(r"[0-9]{4}")


def phase_command(rest: str) -> ForPhase:
    """`PHASE Fall 1901 Movement`, `PHASE F1901M`: the phase's code."""
    text = _folded(rest).rstrip(".:")
    compact = re.sub(r"[\s,]+", "", text)
    if re.fullmatch(r"[SFW][0-9]{4}[BMRA]", compact):
        return ForPhase(Phase.parse(compact).code)
    given = text.replace(",", " ").split()
    if len(given) not in (2, 3):
        raise CommandError("phase_usage")
    season = SEASON_WORDS.get(given[0])
    if season is None:
        raise CommandError("phase_season", word=given[0])
    if not _YEAR.fullmatch(given[1]):
        raise CommandError("phase_year", word=given[1])
    kind = KIND_WORDS.get(given[2]) if len(given) == 3 else _FIRST_KIND[season]
    if kind is None:
        raise CommandError("phase_kind", word=given[2])
    return ForPhase(Phase.parse(f"{season}{given[1]}{kind}").code)


def _folded(text: str) -> str:
    """Upper case without accents (`Enchères` -> `ENCHERES`)."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).upper()
