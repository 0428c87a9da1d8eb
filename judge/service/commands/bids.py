"""BID and BID NONE: sealed bids for the Intimate mercenaries, kept until the bid results.

A seat's bids for the current bid phase are the order lines of its home power
(the variant's `encode_bids`): a later bid for a power replaces the earlier one, 0
withdraws it, BID NONE clears them all and still counts as sent. `Italy 3` (njudge's
form, read by `orders.order_line`) is the same as `BID Italy 3`. A bid phase waits for
every player's SET NOWAIT (the variant's `waits_for_players`), as on njudge. The
variant validates each bid (`check_extra`) and words the acknowledgement; a variant
that does not declare `takes_bids` refuses BID. Bids are sealed: only the bidder's
reply shows them; nothing is broadcast or recorded in public before the bid results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.language.command_types import Bid, BidNone
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, Signed, note, variant_refusal
from judge.service.seats.snapshots import Board, seat_of
from judge.store import games as store
from judge.variants.base import Variant
from judge.wording.describe import power_title


def bid(ctx: MailContext, command: Bid | BidNone) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    seat = seat_of(signed.player)
    variant = _check(board, seat, command)
    home = _bid_key(board, seat)
    bids = _changed(_current_bids(ctx, board, home), command)
    lines = variant.encode_bids(bids)
    store.set_orders(ctx.session, board.record, home, lines, now=ctx.now, player=signed.player)
    ctx.touch(board.game)
    ack = variant.bid_acknowledgement(board.snapshot, seat, bids)
    notes = [_acknowledgement(board, ack)]
    if signed.player.wait and variant.waits_for_players(board.snapshot):
        if "bid_phase_waits" not in ctx.tally.answered:  # said once per mail
            ctx.tally.answered.add("bid_phase_waits")
            notes.append(note("bid_phase_waits"))
    return notes


def bids_done(ctx: MailContext, board: Board, signed: Signed) -> None:
    """SET NOWAIT in a bid phase says "my bids are complete" (njudge): a player who sent
    none has sent no bids (as BID NONE), and the mail counts as a clean bid mail."""
    seat = seat_of(signed.player)
    home = _bid_key(board, seat)
    if home not in store.submitted_orders(ctx.session, board.record):
        store.set_orders(ctx.session, board.record, home, [], now=ctx.now, player=signed.player)
    ctx.order_line_read(signed, refused=False)


def _check(board: Board, seat: str, command: Bid | BidNone) -> Variant:
    """The variant, once it has accepted the bid (a Refusal otherwise)."""
    variant = board.variant
    if isinstance(command, Bid):
        refusal = variant.check_extra(board.snapshot, seat, "bid", (command.power, command.amount))
    else:
        refusal = variant.check_extra(board.snapshot, seat, "bids", {})
    if refusal:
        raise variant_refusal(refusal)
    if not variant.takes_bids:
        raise Refusal("not_supported", what="BID")
    return variant


def _bid_key(board: Board, seat: str) -> str:
    """The power whose order lines hold the seat's bids: its (first) home power."""
    return board.variant.holdings(board.snapshot)[seat][0]


def _current_bids(ctx: MailContext, board: Board, home: str) -> dict[str, int]:
    lines = store.submitted_orders(ctx.session, board.record).get(home, [])
    return board.variant.decode_bids(lines)


def _changed(bids: dict[str, int], command: Bid | BidNone) -> dict[str, int]:
    if isinstance(command, BidNone):
        return {}
    changed = {power: amount for power, amount in bids.items() if power != command.power}
    if command.amount:
        changed[command.power] = command.amount
    return changed


def _acknowledgement(board: Board, ack: Mapping[str, Any]) -> Note:
    return note(
        "bid_ok",
        game=board.game.name,
        phase=board.record.phase,
        bids=[{"power": power_title(p), "amount": a} for p, a in ack["bids"].items()],
        total=ack["total"],
        treasury=ack["treasury"],
        currency=ack["currency"],
        overbid=ack["overbid"],
    )
