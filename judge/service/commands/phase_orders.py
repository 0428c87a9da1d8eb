"""njudge's `PHASE season year phase` and `CLEAR`: orders for a later phase.

After `PHASE Fall 1901 Movement` in a mail, the order and bid lines that follow
(until another PHASE, or a SIGNON) are not checked against the current board: they
are held, as typed, for that phase. When it opens they are checked like a mail of
orders, and the player gets the usual reply by mail (`judge.service.game.
held_orders`). Until then nobody else sees them: not the results, LIST, the master,
the observers or the zine. `PHASE` naming the current phase goes back to ordering
for it; a phase already past is refused.

`CLEAR` drops every line the player holds with PHASE in the game (njudge's CLEAR;
orders already on file for the current phase are taken back with CANCEL).
"""

from __future__ import annotations

from judge.language.command_types import Bid, BidNone, Cancel, Clear, ForPhase, OrderLine
from judge.language.grammar import Audience
from judge.rules.state import Phase
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.store import phase_orders as store
from judge.wording.report import phase_words

# The lines a PHASE holds for later, and CANCEL, which it refuses.
HELD_COMMANDS: frozenset[type] = frozenset({OrderLine, Bid, BidNone, Cancel})
# At most this many lines held by one player in one game: a phase never needs more,
# and the table must not grow without end from one address.
MAX_HELD_LINES = 200
_SEASONS = "SFW"
_KINDS = "BMRA"


def phase_key(code: str) -> tuple[int, int, int]:
    """A phase code's place in time: Spring before Fall before Winter; in a season,
    bids before movement before retreats before adjustments."""
    phase = Phase.parse(code)
    return phase.year, _SEASONS.index(phase.season.value), _KINDS.index(phase.type.value)


def named(code: str) -> str:
    """`Movement for Fall of 1901`, for the notes (French: the `phase` filter)."""
    return phase_words(Phase.parse(code))


def for_phase(ctx: MailContext, command: ForPhase) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    current = board.record.phase
    if command.phase == current:
        ctx.hold_for_phase(None)
        return [note("phase_is_current", phase=named(current))]
    if phase_key(command.phase) < phase_key(current):
        raise Refusal("phase_past", phase=named(command.phase), current=named(current))
    ctx.hold_for_phase(command.phase)
    return [note("phase_holding", phase=named(command.phase))]


def hold(ctx: MailContext, command: OrderLine | Bid | BidNone | Cancel) -> list[Note]:
    """An order or bid line after PHASE: kept for that phase, unchecked until then."""
    signed = ctx.seat(Audience.PLAYER)
    phase = ctx.held_phase
    if phase is None:
        raise RuntimeError("hold() without a PHASE in the mail")
    if isinstance(command, Cancel):
        raise Refusal("cancel_after_phase", phase=named(phase))
    if store.count_held(ctx.session, signed.game, signed.player) >= MAX_HELD_LINES:
        raise Refusal("too_many_held", most=MAX_HELD_LINES)
    store.hold(ctx.session, signed.game, signed.player, phase, _line_of(command), ctx.now)
    return [note("order_held", phase=named(phase))]


def _line_of(command: OrderLine | Bid | BidNone) -> str:
    if isinstance(command, OrderLine):
        return command.text
    if isinstance(command, BidNone):
        return "BID NONE"
    return f"BID {command.power} {command.amount}"


def clear(ctx: MailContext, command: Clear) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    rows = store.held_by(ctx.session, signed.game, signed.player)
    if not rows:
        return [note("nothing_held", game=signed.game.name)]
    phases = sorted({row.phase for row in rows}, key=phase_key)
    store.drop(ctx.session, rows)
    return [note("held_cleared", count=len(rows), phases=[named(p) for p in phases])]
