"""How an Intimate game ends: invading a home centre, tie-breaks, stalemate.

A player wins when, at the end of a movement or retreat phase, a unit of their
home power stands on one of the opponent's home centres. 18 centres do not end
the game. When both players invade at once the ruleset breaks the tie
(`TieBreak`): rx03 and 2000 first count the opponent's home centres occupied
(4 Russian count as 3); rx03 then compares credits (counting that season's
income) and, still tied, re-decides at the end of the next fall; 2000 plays on
until there is no tie; Wright compares points + 4 per centre owned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.rules.state import GameState
from judge.variants.intimate.rulesets import TieBreak

MAX_OCCUPATION_SCORE = 3  # occupying 4 Russian home centres counts as 3


@dataclass(frozen=True)
class Verdict:
    """`winner`: a home power or None. `tied`: both invaded and nothing split them."""

    winner: str | None
    tied: bool
    text: str


NO_VICTORY = Verdict(None, False, "")


def occupied_home_centres(
    state: GameState, home: str, opponent_homes: Sequence[str]
) -> list[str]:
    """The opponent's home centres on which a unit of `home` stands."""
    return [c for c in sorted(opponent_homes) if (u := state.units.get(c)) and u.power == home]


def occupation_score(occupied: Sequence[str]) -> int:
    return min(len(occupied), MAX_OCCUPATION_SCORE)


def decide(
    tie_break: TieBreak,
    occupied: Mapping[str, Sequence[str]],
    money: Mapping[str, int],
    names: Mapping[str, str] | None = None,
) -> Verdict:
    """The verdict from each home power's occupied enemy home centres.

    `money` is what the ruleset compares after the occupation count: credits
    counting this season's income (rx03), or points + 4 per centre (Wright).
    `names` gives the centres' full names for the verdict's text (ids otherwise).
    """
    invaders = [p for p, centres in occupied.items() if centres]
    if not invaders:
        return NO_VICTORY
    if len(invaders) == 1:
        winner = invaders[0]
        text = f"{winner.title()} occupies {_list(occupied[winner], names)}."
        return Verdict(winner, False, text)
    if tie_break is not TieBreak.POINTS_PLUS_CENTRES:
        scores = {p: occupation_score(occupied[p]) for p in invaders}
        verdict = _larger(scores, "occupies more of the opponent's home centres")
        if verdict.winner or tie_break is TieBreak.UNTIL_NO_TIE:
            return verdict
    return _larger({p: money[p] for p in invaders}, "has the larger balance")


def _larger(values: Mapping[str, int], reason: str) -> Verdict:
    (a, va), (b, vb) = sorted(values.items())
    if va == vb:
        return Verdict(None, True, f"Both players invaded at once and tie ({va} each).")
    winner = a if va > vb else b
    return Verdict(
        winner, False, f"Both players invaded at once; {winner.title()} {reason} "
        f"({max(va, vb)} to {min(va, vb)})."
    )


def _list(centres: Sequence[str], names: Mapping[str, str] | None = None) -> str:
    return ", ".join((names or {}).get(c, c) for c in centres)


def stalemate_verdict(centers: Mapping[str, str], homes: Sequence[str]) -> str | list[str]:
    """rx03 rule 10: the home power owning more centres wins; equal counts draw."""
    counts = {h: sum(1 for owner in centers.values() if owner == h) for h in homes}
    (a, ca), (b, cb) = sorted(counts.items())
    if ca == cb:
        return [a, b]
    return a if ca > cb else b
