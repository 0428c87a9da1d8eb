"""Orders and the other things a player submits for the current phase.

Each order line is read by the rules parser for the powers the player may order
now (`variant.orderable_powers`), then checked by the variant. The last order for
a unit wins. In an adjustment phase, the adjustment orders of one mail replace that
power's earlier ones, since builds and waives are not tied to a unit.
"""

from __future__ import annotations

from typing import Any

from judge.language.command_types import EndOrders, OrderLine, Orders, SetWait
from judge.rules.orders import (
    IllegalOrder,
    Order,
    OrderError,
    UnreadableOrder,
    ordered_province,
)
from judge.rules.parse import parse_order
from judge.rules.state import PhaseType
from judge.service.commands.order_hints import (
    WaiveError,
    excess_adjustments,
    foreign_unit,
    is_no_order,
    nearest_province,
    waive_text,
)
from judge.service.commands.order_listing import orders_listing
from judge.service.context import MailContext, Note, Refusal, Signed, note, variant_refusal
from judge.service.snapshots import Board, load_board, parse_stored, seat_of, variants
from judge.store import games as store
from judge.store.models import GameStatus
from judge.variants.base import Refused
from judge.wording.describe import describe_order, power_title, worded_order


def running_board(ctx: MailContext, signed: Signed) -> Board:
    """The board of the signed-on game, which must be running (or paused)."""
    game = signed.game
    if game.status is GameStatus.FORMING:
        raise Refusal("not_started", game=game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    board = load_board(ctx.session, game)
    if board is None:
        raise Refusal("not_started", game=game.name)
    return board


def order_line(ctx: MailContext, command: OrderLine) -> list[Note]:
    signed = ctx.signed
    if signed is None or not signed.is_player:
        raise Refusal("unknown_command", text=command.text, hint=command.near_keyword)
    try:
        board = running_board(ctx, signed)
    except Refusal:
        # Chat in a game that is not running is "not a command", not "not started".
        game_map = variants(ctx.session).get(signed.game.variant).map
        if is_no_order(command.text, game_map, game_map.initial_state()):
            raise Refusal("not_a_command", hint=command.near_keyword) from None
        raise
    if is_no_order(command.text, board.variant.map, board.state):
        raise Refusal("not_a_command", hint=command.near_keyword)
    seat = seat_of(signed.player)
    powers = board.variant.orderable_powers(board.snapshot, seat)
    if not powers or seat not in board.variant.owing(board.snapshot):
        raise Refusal("nothing_to_order", game=board.game.name)
    if board.state.phase.type is PhaseType.BID:
        raise Refusal("bid_phase", phase=board.record.phase)
    order, text = read_order(board, command, powers, seat)
    refusal = board.variant.check_order(board.snapshot, seat, order)
    if refusal:
        raise variant_refusal(refusal)
    replaced = _store(ctx, board, signed, order, text)
    notes = [note("order_ok", text=worded_order(board.variant.map, order))]
    if replaced:
        notes.append(note("adjustments_replaced", power=power_title(order.power), lines=replaced))
    return notes + _adjustment_warnings(ctx, board, order)


def read_order(
    board: Board, command: OrderLine, powers: frozenset[str], seat: str
) -> tuple[Order, str]:
    """The order, and its text as stored (`WAIVE France` is stored as `FRANCE WAIVE`,
    which the parser reads)."""
    game_map, state = board.variant.map, board.state
    text = command.text
    try:
        text = waive_text(text, game_map, state, powers) or text
    except WaiveError as error:
        raise Refusal("waive_which", powers=str(error)) from error
    try:
        return parse_order(text, game_map, state, powers), text
    except UnreadableOrder as error:
        hint = command.near_keyword or nearest_province(error.word, game_map, text)
        raise Refusal("order_unreadable", message=error.reason, hint=hint) from error
    except IllegalOrder as error:
        refusal = _someone_elses(board, text, seat)
        if refusal:
            raise variant_refusal(refusal) from error
        foreign = foreign_unit(game_map, state, text, error, powers)
        if foreign is not None:
            raise Refusal("not_your_unit", unit=foreign) from error
        raise Refusal("order_illegal", order=error.canonical, reason=error.reason) from error


def _adjustment_warnings(ctx: MailContext, board: Board, order: Order) -> list[Note]:
    """A warning when the power's adjustment orders now exceed what is due."""
    if board.state.phase.type is not PhaseType.ADJUSTMENT:
        return []
    lines = store.submitted_orders(ctx.session, board.record).get(order.power, [])
    orders = [old for _, old in parse_stored(board, (order.power,), lines)]
    excess = excess_adjustments(board.variant.map, board.state, order.power, orders)
    if excess is None:
        return []
    return [note("too_many_adjustments", power=power_title(excess.power), due=excess.due,
                 sent=excess.sent, kind=excess.kind)]  # fmt: skip


def _someone_elses(board: Board, text: str, seat: str) -> str | Refused | None:
    """The variant's refusal of an order for a unit the seat may not order now
    (e.g. an Intimate mercenary in anarchy), or None when that is not the trouble."""
    try:
        order = parse_order(text, board.variant.map, board.state, None)
    except OrderError:
        return None
    return board.variant.check_order(board.snapshot, seat, order)


def _store(
    ctx: MailContext, board: Board, signed: Signed, order: Order, text: str
) -> list[str]:
    """Store the order; return the earlier adjustment lines it replaced, if any."""
    power = order.power
    lines = store.submitted_orders(ctx.session, board.record).get(power, [])
    kept = parse_stored(board, (power,), lines)
    replaced: list[str] = []
    if board.state.phase.type is PhaseType.ADJUSTMENT:
        fresh = (board.record.id, power)
        if fresh not in ctx.replaced_adjustments:
            ctx.replaced_adjustments.add(fresh)
            replaced = [describe_order(board.variant.map, old).rstrip(".") for _, old in kept]
            kept = []
    key = ordered_province(order)
    if key is not None:
        kept = [(line, old) for line, old in kept if ordered_province(old) != key]
    new_lines = [line for line, _ in kept] + [text]
    store.set_orders(ctx.session, board.record, power, new_lines, now=ctx.now, player=signed.player)
    ctx.orders_touched[signed.player.id] = signed
    ctx.touch(board.game)
    return replaced


def note_refusals(ctx: MailContext) -> None:
    """After the last line: remember, per player, whether this mail's orders had refused
    lines. Such orders are not complete (early processing waits) until a later mail of
    orders has every line accepted; the current-orders listing says so."""
    for player_id, signed in ctx.orders_sent.items():
        record = store.current_phase(ctx.session, signed.game)
        if record is None:
            continue
        refused = player_id in ctx.orders_refused
        signed.player.orders_refused_in = record.phase if refused else None


def orders_block(ctx: MailContext, command: Orders | EndOrders) -> list[Note]:
    ctx.need_player()
    return []


def set_wait(ctx: MailContext, command: SetWait) -> list[Note]:
    signed = ctx.need_player()
    running_board(ctx, signed)
    signed.player.wait = command.on
    ctx.touch(signed.game)
    return [note("wait", on=command.on)]


def current_orders(ctx: MailContext, signed: Signed) -> dict[str, Any] | None:
    """What the player has ordered this phase, and what is still owed."""
    return orders_listing(ctx.session, signed.game, signed.player)
