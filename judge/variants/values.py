"""The values that cross the variant contract: seats, snapshots, submissions, outcomes.

The contract (`judge.variants.base.Variant`) takes and gives them, and so do its helpers
(`judge.variants.common`, `judge.variants.skipping`), which the contract uses: the
values live here, below all three, and `judge.variants.base` names them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.rules.orders import IllegalOrder, Order
from judge.rules.results import OrderResult
from judge.rules.state import GameState, Phase


class VariantError(ValueError):
    """A request the variant refuses; the message is meant for the player or GM."""

    @property
    def reason(self) -> str:
        """The refusal as the variant gave it: a keyed `Reason` (worded in the reader's
        language by the templates) where it made one, else its text."""
        given = self.args[0] if self.args else None
        return given if isinstance(given, str) else str(self)


@dataclass(frozen=True)
class Seat:
    """A player as the variant sees them: a key and an optional preference list."""

    key: str
    preferences: tuple[str, ...] = ()


@dataclass(frozen=True)
class Snapshot:
    """A game between two phases: board + variant data + rule flags.

    `data` must stay JSON-serialisable (str keys; str, int, list, dict, None values).
    """

    state: GameState
    data: Mapping[str, Any] = field(default_factory=dict)
    rules: Mapping[str, str] = field(default_factory=dict)

    @property
    def phase(self) -> Phase:
        return self.state.phase


@dataclass(frozen=True)
class Submission:
    """What one seat sent for the current phase.

    `orders` are parsed orders (or IllegalOrder errors kept for the report).
    `extra` holds non-order items, e.g. Intimate bids: {"bids": {"AUSTRIA": 5}}.
    `complete` is False when the seat has sent nothing at all this phase (no order,
    no bid, no `BID NONE`): it says "sent something", never "sent everything".
    `refused` is True when the seat's latest mail of orders or bids for this phase
    had lines the judge refused: the player meant something the judge did not take.
    It is for the listing to say so; it never makes a seat incomplete (a refused
    line is not on file, and completeness is about what is on file).
    """

    orders: tuple[Order | IllegalOrder, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    complete: bool = True
    refused: bool = False


@dataclass(frozen=True)
class Outcome:
    """The result of processing one phase.

    * `results`: per-order results (empty for a bid phase).
    * `snapshot`: the game at the start of the next phase.
    * `report`: variant-specific, JSON-ready data for the results mail (e.g. bids,
      treasury table, control statements, neutrality violations). The templates
      render it; `report["public"]` is what everyone may see, and
      `report["private"][seat]` what only that seat may see. One public key is read
      by the shell itself: `disbanded`, province -> why a unit dislodged there was
      disbanded without a retreat anyone could order (e.g. `"anarchy"`), so the
      results do not call it "with no valid retreats".
    * `winner`: None while the game goes on; a power; or a list of powers (a draw).
    """

    results: tuple[OrderResult, ...]
    snapshot: Snapshot
    report: Mapping[str, Any] = field(default_factory=dict)
    winner: str | list[str] | None = None
    finished: bool = False


@dataclass(frozen=True)
class Refused:
    """A refusal the shell words from `templates/notes.txt.j2`: the macro's name and
    its parameters (e.g. `Refused("stalemate_not_possible", {"variant": "Standard"})`)."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Start:
    """A freshly started game: who holds what, and each seat's private start notes."""

    snapshot: Snapshot
    holdings: Mapping[str, tuple[str, ...]]  # seat -> powers
    private_notes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    public_notes: Mapping[str, Any] = field(default_factory=dict)
