"""Intimate Diplomacy: two players, a home power each, mercenaries hired by sealed bids.

One `IntimateVariant` class serves the three rulesets (`intimate`, `intimate-2000`,
`propaganda`); what differs between them is data (`intimate_rulesets.py`). This
module holds the hooks the service calls; the rules themselves live in the
sibling modules: allocation, bids, income, victory, defaults and the year cycle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import Build, IllegalOrder, Order, Waive
from judge.rules.state import Phase, PhaseType, Season
from judge.variants.base import (
    Outcome,
    Refused,
    Seat,
    Snapshot,
    Start,
    Submission,
    Variant,
    VariantError,
)
from judge.variants.bid_lines import decode_bid_lines, encode_bid_lines
from judge.variants.common import adjustment_delta, powers_with_duties
from judge.variants.intimate.allocation import Allocation, allocate_home_powers
from judge.variants.intimate.bids import (
    bid_acknowledgement,
    check_bid,
    clean_bids,
    resolve_bids,
)
from judge.variants.intimate.cycle import Adjudicator, Cycle, Step, bid_phase
from judge.variants.intimate.data import IntimateData, anarchy
from judge.variants.intimate.defaults import default_builds, default_retreats, drop_waives
from judge.variants.intimate.rulesets import RetreatDefault, Ruleset
from judge.variants.intimate.stalemate import stalemate_refusal
from judge.variants.intimate.victory import stalemate_verdict
from judge.variants.intimate.zine_blocks import intimate_zine_blocks
from judge.variants.zine_blocks import ZineBlock

AnyOrder = Order | IllegalOrder


def _real_adjudicator() -> Adjudicator:
    from judge.rules.phases import adjudicate_phase

    return adjudicate_phase


class IntimateVariant(Variant):
    min_players = 2
    max_players = 2
    start_template = "intimate_start.txt.j2"
    start_tells_deadline = True
    report_template = "intimate_report.txt.j2"
    takes_bids = True
    help_topics = ("bid", "intimate")

    def __init__(
        self, game_map: GameMap, ruleset: Ruleset, adjudicate: Adjudicator | None = None
    ) -> None:
        super().__init__(game_map)
        self.ruleset = ruleset
        self.name = ruleset.name
        self.display_name = ruleset.display_name
        self.aliases = ruleset.aliases
        self.rule_flags = ruleset.rule_flags
        self.cycle = Cycle(game_map, ruleset, adjudicate or _real_adjudicator())

    def zine_report_blocks(self, public: Mapping[str, Any]) -> list[ZineBlock]:
        return intimate_zine_blocks(public)

    # --- set-up ---------------------------------------------------------------------

    def players_needed(self, rules: Mapping[str, str]) -> int:
        return 2

    def start(self, seats: Sequence[Seat], rules: Mapping[str, str], rng: random.Random) -> Start:
        if len(seats) != 2:
            raise VariantError(f"{self.display_name} needs exactly 2 players, not {len(seats)}")
        chosen = {k.lower(): self.check_rule(k, v) for k, v in rules.items()}
        allocation = allocate_home_powers(seats[0].preferences, seats[1].preferences, rng)
        state = self.map.initial_state(bid_phase(1901))
        data = self._initial_data(seats, allocation, state.centers)
        return Start(
            snapshot=Snapshot(state, data.to_data(), {**self.default_rules(), **chosen}),
            holdings={seat: (home,) for seat, home in data.homes.items()},
            private_notes={seat: self._start_note(data, seat) for seat in data.homes},
            public_notes={
                "home_powers": dict(data.homes),
                "allocation": dict(data.allocation),
                "credits": dict(data.credits),
                "currency": self.ruleset.currency,
            },
        )

    def _initial_data(
        self, seats: Sequence[Seat], allocation: Allocation, centers: Mapping[str, str]
    ) -> IntimateData:
        homes = {seats[0].key: allocation.first, seats[1].key: allocation.second}
        lot_winner = allocation.lot_winner
        data = IntimateData(
            ruleset=self.ruleset.name,
            homes=homes,
            credits={h: self.ruleset.starting[h] for h in homes.values()},
            control={},
            year_start_centers=dict(centers),
            allocation={
                "method": allocation.method,
                "position": allocation.position,
                "lot_winner": None if lot_winner is None else seats[lot_winner].key,
            },
        )
        return data.with_(control=anarchy(data.mercenaries))

    def _start_note(self, data: IntimateData, seat: str) -> dict[str, Any]:
        home = data.homes[seat]
        return {
            "home_power": home,
            "opponent": data.opponent(home),
            "credits": data.credits[home],
            "currency": self.ruleset.currency,
        }

    # --- who does what --------------------------------------------------------------

    def holdings(self, snapshot: Snapshot) -> Mapping[str, tuple[str, ...]]:
        return {seat: (home,) for seat, home in _data(snapshot).homes.items()}

    def controller_of(self, snapshot: Snapshot, power: str) -> str | None:
        return _data(snapshot).controller(power)

    def orderable_powers(self, snapshot: Snapshot, seat: str) -> frozenset[str]:
        data = _data(snapshot)
        home = data.home_of(seat)
        if home is None:
            return frozenset()
        return frozenset({home, *data.controlled_by(home)})

    def owing(self, snapshot: Snapshot) -> Mapping[str, frozenset[str]]:
        data = _data(snapshot)
        if snapshot.phase.type is PhaseType.BID:
            return {seat: frozenset({home}) for seat, home in data.homes.items()}
        duties = powers_with_duties(self.map, snapshot.state)
        owed: dict[str, frozenset[str]] = {}
        for seat in data.homes:
            mine = duties & self.orderable_powers(snapshot, seat)
            if mine:
                owed[seat] = mine
        return owed

    def waits_for_players(self, snapshot: Snapshot) -> bool:
        """The bid phase waits for every player, as on njudge (`info.intimate`): the
        wait flag is set when it opens, and each player clears it with SET NOWAIT."""
        return snapshot.phase.type is PhaseType.BID

    def check_order(self, snapshot: Snapshot, seat: str, order: Order) -> Refused | None:
        """The refusals are notes (`templates/notes.txt.j2`), worded for the reader."""
        phase = snapshot.phase
        if phase.type is PhaseType.BID:
            return Refused("bid_phase", {"phase": str(phase)})
        data = _data(snapshot)
        if order.power not in self.orderable_powers(snapshot, seat):
            return self._not_yours(data, seat, order.power)
        if isinstance(order, Waive) and order.power in self.must_build(snapshot):
            return Refused("mercenary_cannot_waive", {"power": order.power.title()})
        return None

    def _not_yours(self, data: IntimateData, seat: str, power: str) -> Refused:
        home = data.home_of(seat)
        if home is None:
            return Refused("not_a_player_in_game")
        if power in data.homes.values():
            return Refused("not_yours_opponent_home", {"power": power.title()})
        if data.controller(power) is None:
            return Refused("not_yours_anarchy", {"power": power.title()})
        return Refused("not_yours_this_year", {"power": power.title()})

    def must_build(self, snapshot: Snapshot) -> frozenset[str]:
        """Controlled mercenaries with builds due that cannot be waived."""
        if snapshot.phase.type is not PhaseType.ADJUSTMENT:
            return frozenset()
        if self.flag(snapshot, "mercenary_default_builds") != "alphabetical":
            return frozenset()
        data = _data(snapshot)
        return frozenset(
            m
            for m in data.mercenaries
            if data.control.get(m) and adjustment_delta(self.map, snapshot.state, m) > 0
        )

    def check_extra(self, snapshot: Snapshot, seat: str, key: str, value: Any) -> Refused | None:
        """Refuse bids or accept them (None).

        `key` "bid" with `value` (power, amount): one BID line; `power` a power
        name or initial, `amount` an int >= 0 (0 withdraws the bid). `key` "bids"
        with `value` {power: amount}: several at once ({} for BID NONE). A total
        over the treasury is NOT refused: see `bid_acknowledgement`.
        """
        if key not in ("bid", "bids"):
            return Refused("extra_not_used", {"what": key, "variant": self.display_name})
        if snapshot.phase.type is not PhaseType.BID:
            return Refused("bids_only_in_bid_phase", {"phase": str(snapshot.phase)})
        data = _data(snapshot)
        if seat not in data.homes:
            return Refused("only_players_bid")
        items = list(value.items()) if key == "bids" and isinstance(value, Mapping) else [value]
        homes = tuple(data.homes.values())
        refusals = (check_bid(item, data.mercenaries, homes) for item in items)
        return next((r for r in refusals if r), None)

    def bid_acknowledgement(
        self, snapshot: Snapshot, seat: str, bids: Mapping[str, int]
    ) -> dict[str, Any]:
        """For the reply to a BID: {"bids", "total", "treasury", "currency", "warning",
        "overbid"}."""
        data = _data(snapshot)
        home = data.homes[seat]
        return bid_acknowledgement(self.ruleset, data.credits[home], bids)

    def encode_bids(self, bids: Mapping[str, int]) -> list[str]:
        """Kept as the order lines of the bidder's home power (`bid_lines`)."""
        return encode_bid_lines(bids)

    def decode_bids(self, lines: Sequence[str]) -> dict[str, int]:
        return decode_bid_lines(lines)

    def decode_extra(self, snapshot: Snapshot, lines: Sequence[str]) -> Mapping[str, Any]:
        """In a bid phase, the seat's bids: {"bids": {power: amount}}."""
        if snapshot.phase.type is not PhaseType.BID:
            return {}
        return {"bids": self.decode_bids(lines)}

    # --- processing -----------------------------------------------------------------

    def process(
        self,
        snapshot: Snapshot,
        submissions: Mapping[str, Submission],
        rng: random.Random,
    ) -> Outcome:
        if snapshot.phase.type is PhaseType.BID:
            return self._process_bids(snapshot, submissions)
        return self._process_orders(snapshot, submissions)

    def _process_bids(
        self, snapshot: Snapshot, submissions: Mapping[str, Submission]
    ) -> Outcome:
        data = _data(snapshot)
        bids = {
            home: clean_bids(submissions[seat].extra.get("bids", {}), data.mercenaries)
            for seat, home in data.homes.items()
            if seat in submissions
        }
        settled = resolve_bids(self.ruleset, data.credits, bids, data.mercenaries)
        year = snapshot.phase.year
        data = data.with_(
            credits=settled.treasury,
            control=settled.control,
            control_history={**data.control_history, str(year): dict(settled.control)},
        )
        state = snapshot.state.with_(phase=_spring_moves(snapshot))
        after = Snapshot(state, data.to_data(), snapshot.rules)
        return Outcome((), after, {"public": {"bidding": settled.report}, "private": {}})

    def _process_orders(
        self, snapshot: Snapshot, submissions: Mapping[str, Submission]
    ) -> Outcome:
        """Adjudicate, then go on through phases where nobody has anything to order.

        A retreat phase with only anarchy units (they disband) or a winter with
        only anarchy adjustments (no builds; removals by civil disorder) is
        processed at once. The results of every phase are concatenated;
        `results_by_phase` tells the templates where each phase's part begins.
        """
        public: dict[str, Any] = {}
        step = self._step(snapshot, submissions, public)
        results = list(step.results)
        counts = [{"phase": str(snapshot.phase), "results": len(step.results)}]
        while step.winner is None and self._nothing_owed(_snap(step, snapshot)):
            current = _snap(step, snapshot)
            _note_anarchy_disbands(current, public)
            step = self._step(current, {}, public)
            results.extend(step.results)
            counts.append({"phase": str(current.phase), "results": len(step.results)})
        if len(counts) > 1:
            public["auto_processed"] = [c["phase"] for c in counts[1:]]
            public["results_by_phase"] = counts
        return Outcome(
            results=tuple(results),
            snapshot=_snap(step, snapshot),
            report={"public": public, "private": {}},
            winner=step.winner,
            finished=step.winner is not None,
        )

    def _step(
        self,
        snapshot: Snapshot,
        submissions: Mapping[str, Submission],
        public: dict[str, Any],
    ) -> Step:
        orders, defaults = self.orders_with_defaults(snapshot, submissions)
        if defaults:
            public.setdefault("default_orders", []).extend(defaults)
        step = self.cycle.step(
            snapshot.state, _data(snapshot), orders, self.rule_options(snapshot.rules)
        )
        _merge(public, step.report)
        return step

    def _nothing_owed(self, snapshot: Snapshot) -> bool:
        """A retreat or adjustment phase where no player has anything to order."""
        kind = snapshot.phase.type
        return kind in (PhaseType.RETREAT, PhaseType.ADJUSTMENT) and not self.owing(snapshot)

    def orders_with_defaults(
        self, snapshot: Snapshot, submissions: Mapping[str, Submission]
    ) -> tuple[list[AnyOrder], list[dict[str, str]]]:
        """Each seat's orders for powers it controls, plus the judge's default orders."""
        orders: list[AnyOrder] = []
        for seat, sub in sorted(submissions.items()):
            mine = self.orderable_powers(snapshot, seat)
            orders.extend(o for o in sub.orders if o.power is None or o.power in mine)
        added = self._defaults(snapshot, orders)
        orders = [*drop_waives(orders, self.must_build(snapshot)), *added]
        notes = [
            {"power": str(o.power), "order": str(o), "reason": _why(o), "missing": _missing(o)}
            for o in added
        ]
        return orders, notes

    def _defaults(self, snapshot: Snapshot, orders: list[AnyOrder]) -> list[Order]:
        kind = snapshot.phase.type
        if kind is PhaseType.ADJUSTMENT:
            return [
                b
                for m in sorted(self.must_build(snapshot))
                for b in default_builds(self.map, snapshot.state, m, orders)
            ]
        if kind is PhaseType.RETREAT and self.ruleset.retreat_default is RetreatDefault.PROPAGANDA:
            data = _data(snapshot)
            controlled = frozenset(m for m in data.mercenaries if data.control.get(m))
            return list(default_retreats(self.map, snapshot.state, controlled, orders))
        return []

    # --- ending ---------------------------------------------------------------------

    def concede(self, snapshot: Snapshot, seat: str) -> str | list[str] | None:
        data = _data(snapshot)
        home = data.home_of(seat)
        return data.opponent(home) if home else None

    def stalemate_refusal(self, snapshot: Snapshot) -> Refused | None:
        """rx03 rule 10 only, and by default once no mercenary owns a centre."""
        return stalemate_refusal(
            variant=self.display_name,
            has_rule=self.ruleset.stalemate_rule,
            setting=self.flag(snapshot, "stalemate") if self.ruleset.stalemate_rule else "off",
            centers=snapshot.state.centers,
            mercenaries=_data(snapshot).mercenaries,
        )

    def stalemate_winner(self, snapshot: Snapshot) -> str | list[str]:
        """Both players (or the GM) declared a stalemate: most centres wins, equal draws."""
        return stalemate_winner(snapshot)

    def public_summary(self, snapshot: Snapshot) -> Mapping[str, Any]:
        data = _data(snapshot)
        return {
            "currency": self.ruleset.currency,
            "credits": {seat: data.credits[home] for seat, home in data.homes.items()},
            "credits_by_power": dict(data.credits),
            "home_powers": dict(data.homes),
            "controllers": {p: self.controller_of(snapshot, p) for p in self.map.home_centers},
            "control_history": {y: dict(c) for y, c in data.control_history.items()},
        }

    def credits_of(self, snapshot: Snapshot, seat: str) -> int | None:
        """`players[].credits` in the status JSON."""
        data = _data(snapshot)
        home = data.home_of(seat)
        return data.credits.get(home) if home else None


def stalemate_winner(snapshot: Snapshot) -> str | list[str]:
    """The home power owning more centres; a list of both for a draw."""
    data = _data(snapshot)
    return stalemate_verdict(snapshot.state.centers, data.home_powers)


def _note_anarchy_disbands(snapshot: Snapshot, public: dict[str, Any]) -> None:
    """Before a retreat phase processed at once: its dislodged units belong to powers
    in anarchy, whose retreats nobody may order, so they are disbanded. The shell's
    results say so (`report["public"]["disbanded"]`) instead of "no valid retreats"."""
    if snapshot.phase.type is not PhaseType.RETREAT:
        return
    data = _data(snapshot)
    for province, dislodged in snapshot.state.dislodged.items():
        if data.controller(dislodged.unit.power) is None:
            public.setdefault("disbanded", {})[province] = "anarchy"


def _data(snapshot: Snapshot) -> IntimateData:
    return IntimateData.from_data(snapshot.data)


def _snap(step: Step, previous: Snapshot) -> Snapshot:
    return Snapshot(step.state, step.data.to_data(), previous.rules)


def _spring_moves(snapshot: Snapshot) -> Phase:
    return Phase(snapshot.phase.year, Season.SPRING, PhaseType.MOVEMENT)


def _missing(order: Order) -> str:
    """What the default order stands for: "build" or "retreat" (the templates word it)."""
    return "build" if isinstance(order, Build) else "retreat"


def _why(order: Order) -> str:
    """The English reason (`reason`), kept for the zine and for reports stored before."""
    return f"missing {_missing(order)}"


def _merge(public: dict[str, Any], part: Mapping[str, Any]) -> None:
    """Add one step's report to the phase's: lists are extended, other values replaced."""
    for key, value in part.items():
        if isinstance(value, list):
            public.setdefault(key, []).extend(value)
        else:
            public[key] = value
