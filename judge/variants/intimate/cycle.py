"""One Intimate game year around the standard adjudicator: B, S-M, S-R, F-M, F-R, W-A.

The adjudicator knows nothing of bids or money. After each adjudicated phase
this module adds what the variant needs: income when the fall ends, the victory
check after movement and retreat phases (with rx03's "re-decide at the next
fall"), and at the turn of the year propaganda's income and popularity, the end
of the year's control, and the bid phase `SyyyyB` before the spring (skipped
once no mercenary owns a centre).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import IllegalOrder, Order
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.state import GameState, Phase, PhaseType, Season
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.income import apply_changes, pay_income, popularity_changes
from judge.variants.intimate.rulesets import Income, Ruleset, TieBreak
from judge.variants.intimate.victory import (
    NO_VICTORY,
    Verdict,
    decide,
    occupied_home_centres,
    victory_entry,
)

Adjudicator = Callable[
    [GameMap, GameState, list[Order | IllegalOrder], RuleOptions], PhaseResult
]


@dataclass(frozen=True)
class Step:
    """One adjudicated phase with the variant's additions."""

    state: GameState
    data: IntimateData
    results: tuple[OrderResult, ...]
    report: dict[str, Any] = field(default_factory=dict)
    winner: str | None = None


@dataclass(frozen=True)
class Cycle:
    """The map and ruleset a game runs on, and the adjudicator it calls."""

    game_map: GameMap
    ruleset: Ruleset
    adjudicate: Adjudicator

    def step(
        self,
        state: GameState,
        data: IntimateData,
        orders: list[Order | IllegalOrder],
        options: RuleOptions,
    ) -> Step:
        """Adjudicate `state`'s phase, then settle income, victory and the new year."""
        before = state.phase
        adjudicated = self.adjudicate(self.game_map, state, orders, options)
        after, results = adjudicated.state, adjudicated.results
        fall_over = fall_ended(before, after.phase)
        report: dict[str, Any] = {}
        if fall_over and self.ruleset.income is Income.AFTER_FALL:
            data, report["income"] = self._pay(data, after.centers)
        verdict, data = self._victory(before, fall_over, after, data)
        if verdict.winner is not None:
            report["victory"] = victory_entry(verdict)
            return Step(after, data, results, report, verdict.winner)
        if verdict.tied:
            report["victory"] = victory_entry(verdict, data.recheck_fall)
        if after.phase.year > before.year:
            after, data, extra = self.new_year(after, data, before.year)
            report.update(extra)
        return Step(after, data, results, report)

    # --- income ---------------------------------------------------------------------

    def _pay(
        self, data: IntimateData, centers: Mapping[str, str]
    ) -> tuple[IntimateData, list[dict[str, Any]]]:
        money, rows = pay_income(
            data.credits, centers, self.ruleset.income_per_centre, self.ruleset.currency
        )
        return data.with_(credits=money), rows

    # --- victory --------------------------------------------------------------------

    def _victory(
        self, before: Phase, fall_over: bool, after: GameState, data: IntimateData
    ) -> tuple[Verdict, IntimateData]:
        if before.type not in (PhaseType.MOVEMENT, PhaseType.RETREAT):
            return NO_VICTORY, data
        if data.recheck_fall is not None:
            if not (fall_over and before.year >= data.recheck_fall):
                return NO_VICTORY, data
            data = data.with_(recheck_fall=None)
        verdict = decide(
            self.ruleset.tie_break,
            self._occupied(after, data),
            self._tie_money(before, fall_over, after, data),
            {pid: prov.name for pid, prov in self.game_map.provinces.items()},
        )
        if verdict.tied and self.ruleset.tie_break is TieBreak.CREDITS_THEN_NEXT_FALL:
            next_fall = before.year + 1 if before.season is Season.FALL else before.year
            data = data.with_(recheck_fall=next_fall)
        return verdict, data

    def _occupied(self, state: GameState, data: IntimateData) -> dict[str, list[str]]:
        homes = self.game_map.home_centers
        return {
            h: occupied_home_centres(state, h, homes[data.opponent(h)]) for h in data.home_powers
        }

    def _tie_money(
        self, before: Phase, fall_over: bool, state: GameState, data: IntimateData
    ) -> dict[str, int]:
        """Credits counting this season's income (rx03), or points + 4 per centre (Wright)."""
        if self.ruleset.tie_break is TieBreak.POINTS_PLUS_CENTRES:
            counts = state.center_counts()
            return {h: data.credits[h] + 4 * counts.get(h, 0) for h in data.home_powers}
        pending = before.season is Season.FALL and not fall_over
        if not pending or self.ruleset.income is not Income.AFTER_FALL:
            return dict(data.credits)
        projected = projected_fall_owners(state, self.game_map.centers)
        money, _ = pay_income(data.credits, projected, self.ruleset.income_per_centre, "")
        return money

    # --- the turn of the year -------------------------------------------------------

    def new_year(
        self, state: GameState, data: IntimateData, old_year: int
    ) -> tuple[GameState, IntimateData, dict[str, Any]]:
        """Year-end money and popularity, control ends, then the bid phase (or not)."""
        report: dict[str, Any] = {}
        if self.ruleset.income is Income.YEAR_END:
            data, report["income"] = self._pay(data, state.centers)
        if self.ruleset.popularity_changes:
            data, report["popularity"] = self._popularity(data, state.centers)
        had_bids = str(old_year) in data.control_history
        data = data.with_(control=anarchy(data.mercenaries), year_start_centers=dict(state.centers))
        if any(owner in data.mercenaries for owner in state.centers.values()):
            return state.with_(phase=bid_phase(state.phase.year)), data, report
        if had_bids:
            report["bidding_skipped"] = True
        return state, data, report

    def _popularity(
        self, data: IntimateData, centers: Mapping[str, str]
    ) -> tuple[IntimateData, list[dict[str, Any]]]:
        names = {pid: p.name for pid, p in self.game_map.provinces.items()}
        changes = popularity_changes(
            data.home_powers,
            data.control,
            data.year_start_centers,
            centers,
            self.game_map.home_centers,
            names,
        )
        points, rows = apply_changes(data.credits, changes)
        return data.with_(credits=points), rows


def fall_ended(before: Phase, after: Phase) -> bool:
    """Did adjudicating `before` end a fall season (so centre ownership was updated)?"""
    if before.season is not Season.FALL:
        return False
    return not (after.year == before.year and after.season is Season.FALL)


def projected_fall_owners(state: GameState, centres: frozenset[str]) -> dict[str, str]:
    """Centre owners if the fall ended now: an occupied centre goes to the occupier."""
    owners = dict(state.centers)
    for province, unit in state.units.items():
        if province in centres:
            owners[province] = unit.power
    return owners


def bid_phase(year: int) -> Phase:
    return Phase(year, Season.SPRING, PhaseType.BID)
