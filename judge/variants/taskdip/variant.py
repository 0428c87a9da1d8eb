"""Taskdip (Andreas Kueck): 2 to 7 players, powers and secret tasks by lot, neutral powers.

This module holds the hooks the service calls; the rules live in the sibling
modules: Table 1 (`taskdip_tasks`), the lot before 1901 (`taskdip_allotment`),
neutrality and its violation (`taskdip_neutrality`), victory
(`taskdip_victory`), the secrecy-aware report (`taskdip_report`) and the data
layout (`taskdip_data`). The adjudicator is the standard one: a player's two
powers are separate nationalities to it, and neutral units simply get no
orders, so they hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import IllegalOrder, Order
from judge.rules.phases import adjudicate_phase
from judge.rules.reasons import Reason
from judge.rules.results import OrderResult, PhaseResult, RuleOptions
from judge.rules.state import GameState, Phase, PhaseType, Season
from judge.variants.base import (
    Outcome,
    Seat,
    Snapshot,
    Start,
    Submission,
    Variant,
    VariantError,
)
from judge.variants.common import powers_with_duties
from judge.variants.standard import DATC_FLAGS
from judge.variants.taskdip.allotment import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    REDRAW_READINGS,
    allot_powers,
    draw_tasks,
)
from judge.variants.taskdip.data import TaskdipData, fall_record
from judge.variants.taskdip.neutrality import (
    Violation,
    allot_violated,
    find_violations,
    violators_by_power,
)
from judge.variants.taskdip.report import (
    allotment_entry,
    private_tasks,
    reveal_tasks,
    violation_entry,
    violation_text,
    win_entry,
)
from judge.variants.taskdip.victory import (
    PAIR_RULES,
    Win,
    find_wins,
    resignation_winner,
    winner_value,
)
from judge.variants.taskdip.zine_blocks import taskdip_final_blocks, taskdip_zine_blocks
from judge.variants.zine_blocks import ZineBlock

AnyOrder = Order | IllegalOrder
Adjudicator = Callable[[GameMap, GameState, list[AnyOrder], RuleOptions], PhaseResult]

PLAYERS_FLAG = "players"  # the rule flag `SET PLAYERS n` sets
TASKDIP_FLAGS: Mapping[str, tuple[str, tuple[str, ...], str]] = {
    **DATC_FLAGS,
    PLAYERS_FLAG: (
        "2",
        tuple(str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        "SET PLAYERS n: the number of players that starts the game (2 to 7)",
    ),
    "task_redraw": (
        "needs",
        REDRAW_READINGS,
        "needs: a task is redrawn if it cannot be fulfilled without a home centre of the "
        "player's other power; mentions: if it names one",
    ),
    "home_centre_victory": (
        "adversaries",
        PAIR_RULES,
        "adversaries: the home centres of any two powers held by adversaries win; "
        "one_adversary: both powers must be held by the same adversary",
    ),
}


@dataclass(frozen=True)
class Step:
    """One adjudicated phase with Taskdip's additions."""

    snapshot: Snapshot
    results: tuple[OrderResult, ...]
    wins: tuple[Win, ...] = ()


class TaskdipVariant(Variant):
    name = "taskdip"
    display_name = "Taskdip"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rule_flags = TASKDIP_FLAGS
    start_template = "taskdip_start.txt.j2"
    report_template = "taskdip_report.txt.j2"
    players_flag = PLAYERS_FLAG
    help_topics = ("taskdip",)

    def __init__(self, game_map: GameMap, adjudicate: Adjudicator | None = None) -> None:
        super().__init__(game_map)
        self.adjudicate: Adjudicator = adjudicate or adjudicate_phase

    def zine_report_blocks(self, public: Mapping[str, Any]) -> list[ZineBlock]:
        return taskdip_zine_blocks(public)

    def zine_final_blocks(self, latest: Snapshot) -> list[ZineBlock]:
        return taskdip_final_blocks(self.end_report(latest))

    # --- set-up ---------------------------------------------------------------------

    def players_needed(self, rules: Mapping[str, str]) -> int:
        """`SET PLAYERS n` is stored as the rule flag `players`."""
        return int(rules.get(PLAYERS_FLAG) or self.rule_flags[PLAYERS_FLAG][0])

    def start(self, seats: Sequence[Seat], rules: Mapping[str, str], rng: random.Random) -> Start:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise VariantError(Reason("players_range", players=len(seats)))
        given = {k.lower(): self.check_rule(k, v) for k, v in rules.items()}
        chosen = {**self.default_rules(), **given}
        holdings = allot_powers([s.key for s in seats], rng)
        tasks = draw_tasks(holdings, rng, chosen["task_redraw"])
        state = self.map.initial_state(Phase.parse("S1901M"))
        data = TaskdipData(
            players=holdings,
            original=holdings,
            tasks=tasks,
            fall=fall_record(None, state.centers, holdings),
        )
        return Start(
            snapshot=Snapshot(state, data.to_data(), chosen),
            holdings=holdings,
            private_notes={s: _private(data, s) for s in holdings},
            public_notes={
                "players": {s: list(ps) for s, ps in holdings.items()},
                "neutral": list(data.neutral),
            },
        )

    # --- who does what --------------------------------------------------------------

    def holdings(self, snapshot: Snapshot) -> Mapping[str, tuple[str, ...]]:
        return dict(_data(snapshot).players)

    def controller_of(self, snapshot: Snapshot, power: str) -> str | None:
        """A held power orders itself; a neutral has no controller."""
        return power if power in _data(snapshot).held else None

    def owing(self, snapshot: Snapshot) -> Mapping[str, frozenset[str]]:
        duties = powers_with_duties(self.map, snapshot.state)
        owed: dict[str, frozenset[str]] = {}
        for seat, powers in _data(snapshot).players.items():
            mine = duties.intersection(powers)
            if mine:
                owed[seat] = frozenset(mine)
        return owed


    def check_order(self, snapshot: Snapshot, seat: str, order: Order) -> str | None:
        if order.power in self.orderable_powers(snapshot, seat):
            return None
        data = _data(snapshot)
        if order.power in data.neutral:
            return Reason("neutral_power", power=order.power.title())
        return Reason("another_players_power", power=order.power.title())

    # --- processing -----------------------------------------------------------------

    def process(
        self,
        snapshot: Snapshot,
        submissions: Mapping[str, Submission],
        rng: random.Random,
    ) -> Outcome:
        """Adjudicate, then go on through phases where no player has anything to order.

        A retreat or winter phase in which no player owes anything (only neutral
        units concerned) is processed at once, with no orders: neutral units
        never retreat (they disband) and never build or remove.
        `report.public.auto_processed` lists such phases and `results_by_phase`
        how many results each phase contributed. (A neutral unit can only be
        dislodged by a move into its home territory, which is a violation, so in
        practice its power already has a player when the retreat phase comes.)
        """
        public: dict[str, Any] = {}
        step = self._step(snapshot, self._orders(snapshot, submissions), rng, public)
        results = list(step.results)
        counts = [{"phase": str(snapshot.phase), "results": len(step.results)}]
        while not step.wins and self._nothing_owed(step.snapshot):
            current = step.snapshot
            step = self._step(current, [], rng, public)
            results.extend(step.results)
            counts.append({"phase": str(current.phase), "results": len(step.results)})
        if len(counts) > 1:
            public["auto_processed"] = [c["phase"] for c in counts[1:]]
            public["results_by_phase"] = counts
        return self._outcome(step, results, public)

    def _outcome(self, step: Step, results: list[OrderResult], public: dict[str, Any]) -> Outcome:
        data = _data(step.snapshot)
        finished = bool(step.wins)
        if finished:
            public["tasks"] = reveal_tasks(data, step.snapshot.state.centers)
        private = {seat: _private(data, seat) for seat in data.seats}
        return Outcome(
            results=tuple(results),
            snapshot=step.snapshot,
            report={"public": public, "private": private},
            winner=winner_value(list(step.wins)),
            finished=finished,
        )

    def _orders(self, snapshot: Snapshot, submissions: Mapping[str, Submission]) -> list[AnyOrder]:
        """Each seat's orders for the powers it may order now; nothing for neutrals."""
        orders: list[AnyOrder] = []
        for seat, sub in sorted(submissions.items()):
            mine = self.orderable_powers(snapshot, seat)
            orders.extend(o for o in sub.orders if o.power is None or o.power in mine)
        return orders

    def _nothing_owed(self, snapshot: Snapshot) -> bool:
        kind = snapshot.phase.type
        return kind in (PhaseType.RETREAT, PhaseType.ADJUSTMENT) and not self.owing(snapshot)

    def _step(
        self,
        snapshot: Snapshot,
        orders: list[AnyOrder],
        rng: random.Random,
        public: dict[str, Any],
    ) -> Step:
        data = _data(snapshot)
        options = self.rule_options(snapshot.rules)
        adjudicated = self.adjudicate(self.map, snapshot.state, orders, options)
        results, state = _neutrals_keep_units(snapshot.state, data, adjudicated)
        found = find_violations(self.map, results, data.neutral, data.seat_of)
        after = self._allot(data, found, str(state.phase), rng, public)
        wins: list[Win] = []
        if _fall_ended(snapshot.phase, state.phase):
            rule = self.flag(snapshot, "home_centre_victory")
            wins = find_wins(state.centers, after, self.map.home_centers, rule)
            after = after.with_(fall=fall_record(str(snapshot.phase), state.centers, data.players))
            if wins:
                public["victory"] = [win_entry(w, after) for w in wins]
        return Step(Snapshot(state, after.to_data(), snapshot.rules), results, tuple(wins))

    def _allot(
        self,
        data: TaskdipData,
        found: list[Violation],
        next_phase: str,
        rng: random.Random,
        public: dict[str, Any],
    ) -> TaskdipData:
        """Give every violated neutral to a player from `next_phase` on."""
        if not found:
            return data
        public.setdefault("violations", []).extend(
            {**violation_entry(v), "text": violation_text(v)} for v in found
        )
        after = data
        for power, violators in violators_by_power(found).items():
            chosen = allot_violated(power, violators, data.seats, data.fall, rng)
            entry = allotment_entry(chosen, data, next_phase)
            public.setdefault("allotments", []).append(entry)
            after = after.allot(
                power,
                chosen.seat,
                {
                    "power": power,
                    "seat": chosen.seat,
                    "phase": next_phase,
                    "decided_by": chosen.decided_by,
                },
            )
        return after

    # --- ending ---------------------------------------------------------------------

    def concede(self, snapshot: Snapshot, seat: str) -> str | list[str] | None:
        """A concession ends the game only when it leaves a single player."""
        return resignation_winner(_data(snapshot), {seat})

    def winner_when_alone(
        self, snapshot: Snapshot, remaining_seats: Collection[str]
    ) -> str | list[str] | None:
        """"A player wins if all the other players resign": once a single player is
        left (the others resigned, or were ejected and not replaced), that player
        wins (their first power stands for them); else None."""
        data = _data(snapshot)
        gone = {seat for seat in data.seats if seat not in remaining_seats}
        return resignation_winner(data, gone)

    def reveal(self, snapshot: Snapshot) -> list[dict[str, Any]]:
        """Every task, for a game that ends outside `process` (draw, concession...)."""
        return reveal_tasks(_data(snapshot), snapshot.state.centers)

    def end_report(self, snapshot: Snapshot) -> Mapping[str, Any]:
        """A game ended by a draw, a concession or the GM reveals every task too."""
        return {"tasks": self.reveal(snapshot)}

    def master_notes(self, snapshot: Snapshot) -> Mapping[str, Any]:
        """Every task, for the GM only (the text: secret from all but the GM)."""
        return {"tasks": self.reveal(snapshot)}

    def public_summary(self, snapshot: Snapshot) -> Mapping[str, Any]:
        """Holdings and neutrals; never a task or a card."""
        data = _data(snapshot)
        return {
            "players": {s: list(ps) for s, ps in data.players.items()},
            "neutral": list(data.neutral),
            "originally_neutral": list(data.originally_neutral),
            "controllers": {p: self.controller_of(snapshot, p) for p in self.map.home_centers},
            "allotted_later": [dict(e) for e in data.later],
        }


def _data(snapshot: Snapshot) -> TaskdipData:
    return TaskdipData.from_data(snapshot.data)


def _private(data: TaskdipData, seat: str) -> dict[str, Any]:
    return {"powers": list(data.players.get(seat, ())), "tasks": private_tasks(data, seat)}


def _fall_ended(before: Phase, after: Phase) -> bool:
    """Did adjudicating `before` end a fall (so centre ownership was updated)?"""
    if before.season is not Season.FALL:
        return False
    return not (after.year == before.year and after.season is Season.FALL)


def _neutrals_keep_units(
    before: GameState, data: TaskdipData, adjudicated: PhaseResult
) -> tuple[tuple[OrderResult, ...], GameState]:
    """Neutrals do not adjust: undo any civil-disorder removal of a neutral unit."""
    if before.phase.type is not PhaseType.ADJUSTMENT:
        return adjudicated.results, adjudicated.state
    neutral = set(data.neutral)
    units = dict(adjudicated.state.units)
    for province, unit in before.units.items():
        if unit.power in neutral:
            units[province] = unit
    results = tuple(r for r in adjudicated.results if r.power not in neutral)
    return results, adjudicated.state.with_(units=units)
