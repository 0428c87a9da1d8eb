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
from dataclasses import dataclass, field
from typing import Any

from judge.rules.state import GameState
from judge.variants.intimate.rulesets import TieBreak

MAX_OCCUPATION_SCORE = 3  # occupying 4 Russian home centres counts as 3


# Why a verdict is what it is (`Verdict.reason`), for the templates to word it.
OCCUPIES, MORE_OCCUPIED, LARGER_BALANCE, TIE = "occupies", "more_occupied", "larger_balance", "tie"


@dataclass(frozen=True)
class Verdict:
    """`winner`: a home power or None. `tied`: both invaded and nothing split them.

    `text` is the English sentence; `reason` and `values` are what the templates
    word it from in the reader's language: the centres occupied (OCCUPIES), the
    winner's and the loser's scores (MORE_OCCUPIED, LARGER_BALANCE), or the score
    of both (TIE)."""

    winner: str | None
    tied: bool
    text: str
    reason: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)


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
        centres = [(names or {}).get(c, c) for c in occupied[winner]]
        text = f"{winner.title()} occupies {', '.join(centres)}."
        return Verdict(winner, False, text, OCCUPIES, {"centres": centres})
    if tie_break is not TieBreak.POINTS_PLUS_CENTRES:
        scores = {p: occupation_score(occupied[p]) for p in invaders}
        verdict = _larger(scores, MORE_OCCUPIED)
        if verdict.winner or tie_break is TieBreak.UNTIL_NO_TIE:
            return verdict
    return _larger({p: money[p] for p in invaders}, LARGER_BALANCE)


_WHY = {
    MORE_OCCUPIED: "occupies more of the opponent's home centres",
    LARGER_BALANCE: "has the larger balance",
}


def _larger(values: Mapping[str, int], reason: str) -> Verdict:
    (a, va), (b, vb) = sorted(values.items())
    if va == vb:
        text = f"Both players invaded at once and tie ({va} each)."
        return Verdict(None, True, text, TIE, {"score": va})
    winner = a if va > vb else b
    high, low = max(va, vb), min(va, vb)
    text = f"Both players invaded at once; {winner.title()} {_WHY[reason]} ({high} to {low})."
    return Verdict(winner, False, text, reason, {"high": high, "low": low})


def victory_entry(verdict: Verdict, decided_again_after: int | None = None) -> dict[str, Any]:
    """The report's `victory`: the winner, `text` (the English sentence, kept for the
    zine and for reports stored before), and what the templates word it from.

    A tie says what happens next: decided again after the fall `decided_again_after`
    (rx03), or play goes on until there is no tie (None)."""
    entry: dict[str, Any] = {
        "winner": verdict.winner,
        "text": verdict.text,
        "reason": verdict.reason,
        **verdict.values,
    }
    if verdict.tied:
        entry["decided_again_after"] = decided_again_after
        entry["text"] = verdict.text + tie_note(decided_again_after)
    return entry


def tie_note(decided_again_after: int | None) -> str:
    if decided_again_after is not None:
        return f" Play continues; the result is decided again after fall {decided_again_after}."
    return " Play continues until there is no tie."


def stalemate_verdict(centers: Mapping[str, str], homes: Sequence[str]) -> str | list[str]:
    """rx03 rule 10: the home power owning more centres wins; equal counts draw."""
    counts = {h: sum(1 for owner in centers.values() if owner == h) for h in homes}
    (a, ca), (b, cb) = sorted(counts.items())
    if ca == cb:
        return [a, b]
    return a if ca > cb else b
