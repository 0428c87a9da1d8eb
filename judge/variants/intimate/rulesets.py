"""The three Intimate Diplomacy rulesets as data, so the hooks never test a name.

`intimate` (ID I-A, rx03), `intimate-2000` and `propaganda` (Wright) share the
board, the bid phase and control by bids; they differ in starting money, how
bids are paid, what an overbid costs, when income arrives, how a simultaneous
victory is broken, and the propaganda extras (popularity changes, default
retreats). Each difference is one field of `Ruleset`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from judge.variants.standard import DATC_FLAGS

RuleFlags = Mapping[str, tuple[str, tuple[str, ...], str]]


class Payment(StrEnum):
    """Which bids cost money when the bids are revealed."""

    WINNING = "winning"  # winning bids are deducted, losing bids are free
    ALL = "all"  # every bid is deducted, won or lost


class Overbid(StrEnum):
    """What happens to a player whose bids exceed their money."""

    FORFEIT_TREASURY = "forfeit"  # successful bids > treasury: treasury -> 0, half-price rule
    HALF_POINTS = "half"  # all bids > points: lose half the points, bids void


class Income(StrEnum):
    """When money per centre is paid."""

    AFTER_FALL = "fall"  # when the fall ends (centre ownership updated)
    YEAR_END = "year"  # after the winter adjustments


class TieBreak(StrEnum):
    """How two simultaneous invasions of home centres are decided."""

    CREDITS_THEN_NEXT_FALL = "credits"  # rx03: occupation count, credits, re-check next fall
    UNTIL_NO_TIE = "continue"  # 2000: occupation count, else play on
    POINTS_PLUS_CENTRES = "points"  # Wright: points + 4 per centre, else play on


class RetreatDefault(StrEnum):
    """What a missing retreat order means for a controlled unit."""

    DISBAND = "disband"  # the standard rule
    PROPAGANDA = "propaganda"  # mercenary units retreat to the first legal place


@dataclass(frozen=True)
class Ruleset:
    name: str
    display_name: str
    currency: str  # the word for the money in reports: "credits", "points"
    starting: Mapping[str, int]  # home power -> starting money
    payment: Payment
    overbid: Overbid
    income: Income
    income_per_centre: int
    tie_break: TieBreak
    retreat_default: RetreatDefault
    popularity_changes: bool
    rule_flags: RuleFlags
    stalemate_rule: bool = False  # rx03 rule 10; the other texts have none
    aliases: tuple[str, ...] = ()  # the other names CREATE takes for the ruleset


def _starting(low: int, germany: int, high: int) -> Mapping[str, int]:
    table = {p: low for p in ("ENGLAND", "FRANCE", "RUSSIA", "TURKEY")}
    table.update({"GERMANY": germany, "AUSTRIA": high, "ITALY": high})
    return MappingProxyType(table)


_SHARED_FLAGS: RuleFlags = {
    "anarchy_builds": (
        "none",
        ("none",),
        "none: a power in anarchy gets no builds; its removals follow civil disorder",
    ),
    "mercenary_default_builds": (
        "alphabetical",
        ("alphabetical", "waive"),
        "alphabetical: builds due to a controlled mercenary must be taken; missing ones "
        "are built as armies (England: fleets) in its free home centres in alphabetical "
        "order of province name. waive: missing builds are waived, WAIVE is allowed",
    ),
}

_CIVIL_DISORDER_2000 = (
    "2000",
    DATC_FLAGS["civil_disorder"][1],
    DATC_FLAGS["civil_disorder"][2] + " (the 2000 rulebook applies in this variant)",
)

STALEMATE_FLAG: RuleFlags = {
    "stalemate": (
        "eliminated",
        ("eliminated", "always", "off"),
        "rx03 rule 10, STALEMATE from both players (or the GM): the home power with "
        "more centres wins. eliminated: only once no mercenary owns a centre; always: "
        "at any time; off: never",
    ),
}

_RULEBOOK_1971: RuleFlags = {
    "rulebook": (
        "1971",
        DATC_FLAGS["rulebook"][1],
        DATC_FLAGS["rulebook"][2] + " (Wright's text names the 1971 rules, the default here)",
    ),
}

INTIMATE = Ruleset(
    name="intimate",
    display_name="Intimate Diplomacy (I-A, rx03)",
    currency="credits",
    starting=_starting(20, 22, 24),
    payment=Payment.WINNING,
    overbid=Overbid.FORFEIT_TREASURY,
    income=Income.AFTER_FALL,
    income_per_centre=1,
    tie_break=TieBreak.CREDITS_THEN_NEXT_FALL,
    retreat_default=RetreatDefault.DISBAND,
    popularity_changes=False,
    rule_flags=MappingProxyType({**DATC_FLAGS, **_SHARED_FLAGS, **STALEMATE_FLAG}),
    stalemate_rule=True,
    aliases=("id",),
)

INTIMATE_2000 = Ruleset(
    name="intimate-2000",
    display_name="Intimate Diplomacy (2000 rules)",
    currency="credits",
    starting=_starting(20, 22, 24),
    payment=Payment.WINNING,
    overbid=Overbid.FORFEIT_TREASURY,
    income=Income.AFTER_FALL,
    income_per_centre=1,
    tie_break=TieBreak.UNTIL_NO_TIE,
    retreat_default=RetreatDefault.DISBAND,
    popularity_changes=False,
    rule_flags=MappingProxyType(
        {**DATC_FLAGS, "civil_disorder": _CIVIL_DISORDER_2000, **_SHARED_FLAGS}
    ),
    aliases=("intimate2000",),
)

PROPAGANDA = Ruleset(
    name="propaganda",
    display_name="Propaganda (Wright's popularity Intimate Diplomacy)",
    currency="points",
    starting=_starting(40, 45, 50),
    payment=Payment.ALL,
    overbid=Overbid.HALF_POINTS,
    income=Income.YEAR_END,
    income_per_centre=4,
    tie_break=TieBreak.POINTS_PLUS_CENTRES,
    retreat_default=RetreatDefault.PROPAGANDA,
    popularity_changes=True,
    rule_flags=MappingProxyType({**DATC_FLAGS, **_SHARED_FLAGS, **_RULEBOOK_1971}),
    aliases=("wright",),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {r.name: r for r in (INTIMATE, INTIMATE_2000, PROPAGANDA)}
)
