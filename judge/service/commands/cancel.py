"""CANCEL: take back an order, a build, a removal, a waive or a bid already on file.

Orders accumulate over mails (a later order for a unit or a site replaces the earlier
one), so a player needs a way to take one back without replacing it: `CANCEL A PAR`
(or the whole order, `CANCEL A PAR - BUR`, or the province alone), `CANCEL BUILD F
BRE`, `CANCEL WAIVE` (one waive), and in a bid phase `CANCEL Italy` (the same as
`Italy 0`). njudge's `CLEAR` keeps its own meaning (the orders held with PHASE); this
is a command of its own, in French `ANNULER`.
"""

from __future__ import annotations

from judge.language.arguments import CommandError, power
from judge.language.command_types import Bid, Cancel
from judge.language.grammar import Audience
from judge.rules.map import GameMap
from judge.rules.orders import Order, OrderError, Waive, ordered_province
from judge.rules.parse import parse_order
from judge.rules.state import PhaseType
from judge.service.commands.bids import bid
from judge.service.commands.board import running_board
from judge.service.commands.order_hints import WaiveError, waive_text
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.seats.snapshots import Board, parse_stored, seat_of
from judge.store import games as store
from judge.wording.describe import worded_clause

# Words that may stand before the province of the unit or site named.
_SKIPPED = frozenset({"BUILD", "BUILDS", "REMOVE", "DISBAND", "A", "F", "ARMY", "FLEET", "THE"})


def cancel(ctx: MailContext, command: Cancel) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    if board.state.phase.type is PhaseType.BID:
        return _withdraw_bid(ctx, command.text)
    seat = seat_of(signed.player)
    powers = board.variant.orderable_powers(board.snapshot, seat)
    waiver = _waiver(board, command.text, powers)
    key = None if waiver else _province(board.variant.map, board, command.text, powers)
    if waiver is None and key is None:
        raise Refusal("nothing_to_withdraw", text=command.text)
    stored = store.submitted_orders(ctx.session, board.record)
    for owner in sorted(powers):
        kept = parse_stored(board, (owner,), stored.get(owner, []))
        gone = _matching(kept, waiver, key)
        if gone is None:
            continue
        lines = [line for index, (line, _) in enumerate(kept) if index != gone]
        store.set_orders(ctx.session, board.record, owner, lines, now=ctx.now,
                         player=signed.player)  # fmt: skip
        ctx.orders_changed(signed)
        ctx.touch(board.game)
        worded = worded_clause(board.variant.map, kept[gone][1])
        return [note("withdrawn", text=worded)]
    raise Refusal("nothing_to_withdraw", text=command.text)


def _withdraw_bid(ctx: MailContext, text: str) -> list[Note]:
    words = text.split()
    if words and words[0].upper() in ("BID", "BIDS"):
        words = words[1:]
    try:
        if len(words) != 1:
            raise CommandError("cancel_usage")
        mercenary = power(words[0])
    except CommandError:
        raise Refusal("nothing_to_withdraw", text=text) from None
    return bid(ctx, Bid(mercenary, 0))


def _waiver(board: Board, text: str, powers: frozenset[str]) -> str | None:
    """The power whose waive `CANCEL WAIVE [power]` takes back, if that is what it says."""
    try:
        read = waive_text(text, board.variant.map, board.state, powers)
    except WaiveError:
        raise Refusal("nothing_to_withdraw", text=text) from None
    if read is None:
        return None
    return read.split()[0].upper()


def _province(game_map: GameMap, board: Board, text: str, powers: frozenset[str]) -> str | None:
    """The province of the unit or site `text` names: a whole order, or the unit, or
    the province alone."""
    try:
        return ordered_province(parse_order(text, game_map, board.state, powers))
    except OrderError:
        pass
    words = [w for w in text.replace("-", " ").split() if w.upper() not in _SKIPPED]
    for size in range(len(words), 0, -1):
        found = game_map.lookup(" ".join(words[:size]).split("/")[0])
        if found is not None:
            return found
    return None


def _matching(kept: list[tuple[str, Order]], waiver: str | None, key: str | None) -> int | None:
    """The index of the order to take back: the last waive of `waiver`, or the order
    for the unit or site `key`."""
    for index in range(len(kept) - 1, -1, -1):
        order = kept[index][1]
        if waiver is not None and isinstance(order, Waive) and order.power == waiver:
            return index
        if key is not None and ordered_province(order) == key:
            return index
    return None
