"""The contract every variant fulfils (the values that cross it: `judge.variants.values`).

The service layer (the shell) never asks "which variant is this?"; it asks the
variant. A game in progress is a `Snapshot`: the board, the variant's own data
(credits, controllers, tasks... as JSON-ready values) and the game's rule flags.
Players are `seats`, keyed by a string the shell chooses (join order: "1", "2"...).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import Order
from judge.rules.reasons import Reason
from judge.rules.results import RuleOptions
from judge.rules.rulebook import RULEBOOKS, options_from_settings, rulebook_options
from judge.rules.state import PhaseType
from judge.variants.common import duties_covered
from judge.variants.skipping import process_skipping
from judge.variants.values import (
    Outcome,
    Refused,
    Seat,
    Snapshot,
    Start,
    Submission,
    VariantError,
)
from judge.variants.zine_blocks import ZineBlock

# The contract names the values that cross it, as well as the `Variant` itself.
__all__ = [
    "RULEBOOK_FLAG",
    "Outcome",
    "Refused",
    "RuleFlagSpec",
    "Seat",
    "Snapshot",
    "Start",
    "Submission",
    "Variant",
    "VariantError",
]

RuleFlagSpec = tuple[str, tuple[str, ...], str]

# The rulebook every variant adjudicates by (`SET RULE rulebook 1971`): "current" is
# the DATC 3.1 preference; "1971" switches every point where the DATC says the 1971
# rulebook reads differently (docs/datc.md). It overrides `convoy_adjacent` and
# `civil_disorder`, which only apply under "current".
RULEBOOK_FLAG: Mapping[str, RuleFlagSpec] = {
    "rulebook": (
        "current",
        RULEBOOKS,
        "current: the DATC 3.1 preferences; 1971: the 1971 rulebook where the DATC says it "
        "differs (multi-route convoys, the paradox rule, convoys to adjacent provinces, "
        "civil disorder), overriding convoy_adjacent and civil_disorder",
    ),
}

# A stored `rulebook` value from before the 1971 rulebook existed: the current rules.
_LEGACY_RULEBOOKS = {"2000": "current"}


class Variant(ABC):
    """Hooks the shell calls. Subclasses override what differs from standard."""

    name: str = ""
    display_name: str = ""
    min_players: int = 1
    max_players: int = 7
    # rule flag -> (default, allowed values or () for free text, help)
    rule_flags: Mapping[str, tuple[str, tuple[str, ...], str]] = MappingProxyType({})
    # Templates (names under `templates/`) for the variant's own part of the mails.
    # `start_template` gets `notes` (the reader's private notes, {} for the master and
    # observers), `public_notes` from `Start` and `master_notes` (`master_notes()` for the
    # master, {} for everyone else). `report_template` gets `report`
    # (`Outcome.report["public"]`) and `private` (`report["private"][seat]` for that
    # reader, None in the public record). None: the variant adds nothing there.
    start_template: str | None = None
    # True when `start_template` itself says when the first phase is due (Intimate's
    # first bids): the start mail then leaves out its own deadline line, so the date is
    # given once.
    start_tells_deadline: bool = False
    report_template: str | None = None
    # Optional capabilities, off by default. `takes_bids`: BID and BID NONE are taken
    # (see the bid hooks below). `players_flag`: the rule flag `SET PLAYERS n` sets
    # (None: the variant has a fixed number of players and refuses SET PLAYERS).
    # What the variant says of itself to the registry: `aliases`, the other names CREATE
    # takes for it, and `help_topics`, the HELP (and GET) topics that explain it, its own
    # page last.
    takes_bids: bool = False
    players_flag: str | None = None
    aliases: tuple[str, ...] = ()
    help_topics: tuple[str, ...] = ()

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map

    # --- set-up ---------------------------------------------------------------------

    def default_rules(self) -> dict[str, str]:
        return {name: spec[0] for name, spec in self.rule_flags.items()}

    def check_rule(self, name: str, value: str) -> str:
        """Validate a `SET RULE` and return the normalised value."""
        spec = self.rule_flags.get(name.lower())
        if spec is None:
            known = ", ".join(sorted(self.rule_flags)) or "none"
            raise VariantError(
                Reason("no_rule_flag", name=repr(name), variant=self.name, known=known)
            )
        allowed = spec[1]
        if allowed and value.lower() not in allowed:
            raise VariantError(Reason("rule_values", name=name, allowed=", ".join(allowed)))
        return value.lower() if allowed else value

    def players_needed(self, rules: Mapping[str, str]) -> int:
        """How many players make the game start by itself."""
        return self.max_players

    @abstractmethod
    def start(self, seats: Sequence[Seat], rules: Mapping[str, str], rng: random.Random) -> Start:
        """Allot powers (and tasks, credits...) and return the first snapshot."""

    # --- who does what --------------------------------------------------------------

    @abstractmethod
    def holdings(self, snapshot: Snapshot) -> Mapping[str, tuple[str, ...]]:
        """seat -> the powers the seat holds (status `players[].powers`)."""

    @abstractmethod
    def controller_of(self, snapshot: Snapshot, power: str) -> str | None:
        """The power whose player orders `power` now (itself, a home power, or None)."""

    def open_powers(self, snapshot: Snapshot) -> tuple[str, ...]:
        """Powers no seat holds that a newcomer may be given (`give_power`): a game the
        master started short. They are in civil disorder until then. The default:
        none, for a variant whose unheld powers are part of its rules (mercenaries,
        neutrals)."""
        return ()

    def give_power(self, snapshot: Snapshot, seat: str, power: str) -> Snapshot:
        """The snapshot once the new `seat` holds `power`, one of `open_powers`. The
        default refuses: a variant that lists open powers says how a seat takes one."""
        raise VariantError(Reason("power_not_open", power=power, variant=self.name))

    def orderable_powers(self, snapshot: Snapshot, seat: str) -> frozenset[str]:
        """The powers whose units `seat` may order in the current phase."""
        mine = set(self.holdings(snapshot).get(seat, ()))
        return frozenset(
            p for p in self.map.home_centers if self.controller_of(snapshot, p) in mine
        )

    @abstractmethod
    def owing(self, snapshot: Snapshot) -> Mapping[str, frozenset[str]]:
        """seat -> the powers for which it owes orders (or bids) this phase.

        Seats that owe nothing are absent. Used for early processing, reminders
        and lateness.
        """

    def check_order(self, snapshot: Snapshot, seat: str, order: Order) -> str | Refused | None:
        """Variant-specific refusal of an otherwise legal order, or None: a `Refused`
        (worded in the reader's language) or an English sentence."""
        return None

    def check_extra(
        self, snapshot: Snapshot, seat: str, key: str, value: Any
    ) -> str | Refused | None:
        """Validate a non-order submission item (e.g. a bid); None if acceptable."""
        return Refused("extra_not_used", {"what": key, "variant": self.display_name or self.name})

    # --- bids (only asked when `takes_bids`) -------------------------------------------

    def encode_bids(self, bids: Mapping[str, int]) -> list[str]:
        """A seat's bids as the lines the shell stores for it (the default: no bids)."""
        raise VariantError(Reason("bids_not_used", variant=self.display_name or self.name))

    def decode_bids(self, lines: Sequence[str]) -> dict[str, int]:
        """power -> amount from the lines `encode_bids` made (the default: no bids)."""
        return {}

    def decode_extra(self, snapshot: Snapshot, lines: Sequence[str]) -> Mapping[str, Any]:
        """`Submission.extra` read from a seat's stored lines for this phase (e.g.
        {"bids": {...}} in a bid phase). The default: nothing beyond the orders."""
        return {}

    def bid_acknowledgement(
        self, snapshot: Snapshot, seat: str, bids: Mapping[str, int]
    ) -> Mapping[str, Any]:
        """For the reply to a BID: {"bids", "total", "treasury", "currency", "warning",
        "overbid"}: `warning` the English words of the overbid warning (None: none),
        `overbid` what the templates word it from (None, "half_points", "treasury")."""
        raise VariantError(Reason("bids_not_used", variant=self.display_name or self.name))

    def is_complete(self, snapshot: Snapshot, seat: str, submission: Submission) -> bool:
        """Has this seat sent everything it owes? (Early processing waits for it.)

        The one rule, for every variant: in a bid phase, its bids (`BID NONE`
        counts); otherwise an accepted order for every unit of every power it owes
        orders for (`owing`), every retreat, and every build or removal due (or
        `WAIVE` where the variant allows one). What is on file decides: a line the
        judge refused is not on file, so it never counts for or against it
        (`submission.refused` is never read here). A variant may only add to this
        (`also_owed`), never relax it.
        """
        owed = self.owing(snapshot).get(seat, frozenset())
        if not owed:
            return True
        if snapshot.phase.type is PhaseType.BID:
            covered = submission.complete
        else:
            covered = duties_covered(self.map, snapshot.state, owed, submission.orders)
        return covered and self.also_owed(snapshot, seat, submission)

    def must_build(self, snapshot: Snapshot) -> frozenset[str]:
        """Powers whose builds due cannot be waived (an Intimate mercenary); hints never
        offer WAIVE for them. The default: every power may waive."""
        return frozenset()

    def waits_for_players(self, snapshot: Snapshot) -> bool:
        """Is every player's wait flag set when this phase opens (njudge's automatic
        wait flag of the Intimate bid phase)? Each player then clears it with `SET
        NOWAIT` when done, and the phase is processed early only once all have. The
        default: no phase waits by itself."""
        return False

    def also_owed(self, snapshot: Snapshot, seat: str, submission: Submission) -> bool:
        """A variant's own duties beyond those of `is_complete` (True: none)."""
        return True

    def nothing_to_do(self, snapshot: Snapshot) -> bool:
        """Can no power do anything in this phase, so that it is skipped?

        True for a retreat or adjustment phase in which no seat owes anything: e.g.
        a winter whose only adjustments are builds that cannot be made (no free
        home centre), or retreats of units nobody orders. A movement or bid phase
        is never skipped here.
        """
        kind = snapshot.phase.type
        return kind in (PhaseType.RETREAT, PhaseType.ADJUSTMENT) and not self.owing(snapshot)

    # --- processing -----------------------------------------------------------------

    def advance(
        self,
        snapshot: Snapshot,
        submissions: Mapping[str, Submission],
        rng: random.Random,
    ) -> Outcome:
        """Process the phase, then every following phase in which nobody can act.

        This is what the service calls, so the skip holds in every variant by
        construction. The skipped phases are processed with no orders (civil
        disorder), their results appended; `report["public"]["skipped"]` names them
        and `results_by_phase` says how many results each phase gave.
        """
        return process_skipping(self, snapshot, submissions, rng)

    @abstractmethod
    def process(
        self,
        snapshot: Snapshot,
        submissions: Mapping[str, Submission],
        rng: random.Random,
    ) -> Outcome:
        """Adjudicate the current phase with every seat's submission."""

    def rule_options(self, rules: Mapping[str, str]) -> RuleOptions:
        """The adjudicator's options for a game with these flags (the variant's
        defaults where the game sets none, then the core's own defaults)."""
        chosen = {**self.default_rules(), **rules}
        base = options_from_settings(
            {name: chosen[name] for name in ("convoy_adjacent", "civil_disorder") if name in chosen}
        )
        book = chosen.get("rulebook", "current")
        return rulebook_options(_LEGACY_RULEBOOKS.get(book, book), base)

    def flag(self, snapshot: Snapshot, name: str) -> str:
        """A rule flag's value in this game, falling back to the variant's default."""
        return snapshot.rules.get(name) or self.rule_flags[name][0]

    # --- ending -----------------------------------------------------------------------

    def concede(self, snapshot: Snapshot, seat: str) -> str | list[str] | None:
        """The winner when `seat` concedes (None: a concession does not end the game)."""
        return None

    def stalemate_refusal(self, snapshot: Snapshot) -> Refused | None:
        """Why STALEMATE is refused now, or None when it may be declared. The default:
        the variant has no stalemate rule."""
        return Refused("stalemate_not_possible", {"variant": self.display_name or self.name})

    def stalemate_winner(self, snapshot: Snapshot) -> str | list[str] | None:
        """The result of a stalemate everyone declared (only asked when
        `stalemate_refusal` is None): a power, or a list of powers for a draw."""
        return None

    def winner_when_alone(
        self, snapshot: Snapshot, remaining_seats: Collection[str]
    ) -> str | list[str] | None:
        """The winner once only `remaining_seats` still play (the others resigned or
        were ejected and not replaced); None: the game goes on (the default)."""
        return None

    def public_summary(self, snapshot: Snapshot) -> Mapping[str, Any]:
        """Variant data anyone may see (e.g. credits after the bid results)."""
        return {}

    def credits_of(self, snapshot: Snapshot, seat: str) -> int | None:
        """The seat's treasury for `players[].credits` in the status (None: no credits,
        the default)."""
        return None

    def master_notes(self, snapshot: Snapshot) -> Mapping[str, Any]:
        """Variant data the game master alone may read (e.g. every Taskdip task).

        The start mail gives it to `start_template` as `master_notes` ({} for
        everyone else).
        """
        return {}

    def zine_report_blocks(self, public: Mapping[str, Any]) -> list[ZineBlock]:
        """What a phase's public report adds to the zine beside the order results."""
        return []

    def zine_final_blocks(self, latest: Snapshot) -> list[ZineBlock]:
        """What the zine shows once the game is over (asked only of a finished game)."""
        return []

    def end_report(self, snapshot: Snapshot) -> Mapping[str, Any]:
        """The public report for a game that ends outside `process` (a draw, a
        concession, TERMINATE): what the end makes public, for `report_template`
        (e.g. Taskdip's tasks). {}: nothing more."""
        return {}
