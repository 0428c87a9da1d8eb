"""Orders and the other things a player submits for the current phase.

Each order line is read by the rules parser for the powers the player may order
now (`variant.orderable_powers`), then checked by the variant. Orders accumulate over
mails: the last order for a unit (movement, retreats) or a site (builds, removals)
wins, the same order twice is said to be a duplicate, a build, waive or removal
beyond the number due is refused with the count, and one of a kind not due at all
(a build or waive for a power that owes removals) is refused as such. In a bid phase a line
`<power> <amount>` is a bid (njudge's form).
"""

from __future__ import annotations

from typing import Any

from judge.language import game_commands
from judge.language.arguments import CommandError
from judge.language.command_types import EndOrders, OrderLine, Orders, SetWait
from judge.language.grammar import Audience
from judge.rules.orders import (
    Build,
    IllegalOrder,
    Order,
    OrderError,
    Remove,
    UnreadableOrder,
    Waive,
    ordered_province,
)
from judge.rules.parse import parse_order
from judge.rules.state import PhaseType
from judge.service.commands.bids import bid, bids_done
from judge.service.commands.board import running_board
from judge.service.commands.order_hints import (
    WaiveError,
    excess_adjustments,
    foreign_unit,
    is_no_order,
    nearest_province,
    waive_text,
)
from judge.service.context import MailContext, Note, Refusal, Signed, note, variant_refusal
from judge.service.game.order_listing import orders_listing
from judge.service.seats.snapshots import Board, parse_stored, seat_of
from judge.store import games as store
from judge.variants.base import Refused
from judge.variants.common import adjustment_delta
from judge.wording.describe import power_title, worded_clause, worded_order


def order_line(ctx: MailContext, command: OrderLine) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)  # anyone else's line is no command (`OrderLine`)
    try:
        board = running_board(ctx, signed)
    except Refusal:
        # Chat in a game that is not running is "not a command", not "not started".
        game_map = ctx.variants.get(signed.game.variant).map
        if is_no_order(command.text, game_map, game_map.initial_state()):
            raise Refusal("not_a_command", hint=command.near_keyword) from None
        raise
    if board.state.phase.type is PhaseType.BID:
        return _bid_line(ctx, board, command)
    if is_no_order(command.text, board.variant.map, board.state):
        raise Refusal("not_a_command", hint=command.near_keyword)
    seat = seat_of(signed.player)
    powers = board.variant.orderable_powers(board.snapshot, seat)
    if not powers or seat not in board.variant.owing(board.snapshot):
        raise Refusal("nothing_to_order", game=board.game.name)
    order, text = read_order(board, command, powers, seat)
    refusal = board.variant.check_order(board.snapshot, seat, order)
    if refusal:
        raise variant_refusal(refusal)
    worded = worded_order(board.variant.map, order)
    if not _store(ctx, board, signed, order, text):
        return [note("order_duplicate", text=worded)]
    return [note("order_ok", text=worded)]


def _bid_line(ctx: MailContext, board: Board, command: OrderLine) -> list[Note]:
    """In a bid phase, njudge's bid line `<power> <amount>` (`Italy 3`, `A 5`) is a BID."""
    try:
        bid_command = game_commands.bid_command(command.text)
    except CommandError:
        if is_no_order(command.text, board.variant.map, board.state):
            raise Refusal("not_a_command", hint=command.near_keyword) from None
        raise Refusal("bid_phase", phase=board.record.phase) from None
    return bid(ctx, bid_command)


def read_order(
    board: Board, command: OrderLine, powers: frozenset[str], seat: str
) -> tuple[Order, str]:
    """The order, and its text as stored (`WAIVE France` is stored as `FRANCE WAIVE`,
    which the parser reads)."""
    game_map, state = board.variant.map, board.state
    text = command.text
    # A bare WAIVE is for a power that may waive; never a hint to waive for one that may
    # not (an Intimate mercenary), which is refused by name only when it is the only one.
    waivable = powers - board.variant.must_build(board.snapshot)
    try:
        text = (
            waive_text(text, game_map, state, waivable)
            or waive_text(text, game_map, state, powers)
            or text
        )
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
        order = _as_a_player_writes(error.canonical, state.phase.type)
        raise Refusal("order_illegal", order=order, reason=error.reason) from error


def _as_a_player_writes(canonical: str, phase: PhaseType) -> str:
    """A build, removal or disband as players write it (`BUILD A BER`, `REMOVE A PAR`,
    `DISBAND F NTH`), not in the adjudicator's short form (`A BER B`, `A PAR D`), in
    whatever phase it is refused (a build sent in a movement phase: `BUILD A VIE: no
    build is due`); other orders as they are."""
    words = canonical.split()
    if len(words) == 3:
        remove = "REMOVE" if phase is PhaseType.ADJUSTMENT else "DISBAND"
        verb = {"B": "BUILD", "D": remove}.get(words[2])
        if verb is not None:
            return f"{verb} {words[0]} {words[1]}"
    return canonical


def _someone_elses(board: Board, text: str, seat: str) -> str | Refused | None:
    """The variant's refusal of an order for a unit the seat may not order now
    (e.g. an Intimate mercenary in anarchy), or None when that is not the trouble."""
    try:
        order = parse_order(text, board.variant.map, board.state, None)
    except OrderError:
        return None
    return board.variant.check_order(board.snapshot, seat, order)


def _store(ctx: MailContext, board: Board, signed: Signed, order: Order, text: str) -> bool:
    """Add the order to the power's orders on file: it replaces the order for the same
    unit (movement, retreats) or site (builds, removals). False when the very same
    order is on file already (a duplicate: nothing changes). An adjustment beyond the
    builds or removals due is refused with the count."""
    power = order.power
    lines = store.submitted_orders(ctx.session, board.record).get(power, [])
    kept = parse_stored(board, (power,), lines)
    if any(old == order for _, old in kept) and not isinstance(order, Waive):
        return False
    key = ordered_province(order)
    if key is not None:
        kept = [(line, old) for line, old in kept if ordered_province(old) != key]
    if board.state.phase.type is PhaseType.ADJUSTMENT:
        _check_adjustment_count(board, order, [old for _, old in kept])
    new_lines = [line for line, _ in kept] + [text]
    store.set_orders(ctx.session, board.record, power, new_lines, now=ctx.now, player=signed.player)
    ctx.orders_changed(signed)
    ctx.touch(board.game)
    return True


def _check_adjustment_count(board: Board, order: Order, kept: list[Order]) -> None:
    """Refuse a build or waive for a power with no build due, a removal for one with no
    removal due, and one beyond the number due, naming those on file."""
    due = adjustment_delta(board.variant.map, board.state, order.power)
    asked = "removal" if isinstance(order, Remove) else "build"
    if (due <= 0) if asked == "build" else (due >= 0):
        raise Refusal("adjustment_not_due", power=power_title(order.power), asked=asked,
                      due=abs(due), kind="build" if due > 0 else "removal")  # fmt: skip
    excess = excess_adjustments(board.variant.map, board.state, order.power, [*kept, order])
    if excess is None:
        return
    counted = (Build, Waive) if excess.kind == "build" else (Remove,)
    olds = [old for old in kept if isinstance(old, counted)]
    on_file = [worded_clause(board.variant.map, old) for old in olds]
    raise Refusal("too_many_adjustments_on_file", power=power_title(order.power),
                  due=excess.due, kind=excess.kind, on_file=on_file,
                  example=_cancel_words(olds[0]))  # fmt: skip


def _cancel_words(order: Build | Waive | Remove) -> str:
    """What follows CANCEL to take back `order`: `BUILD A BER`, `A VIE`, `WAIVE`."""
    if isinstance(order, Waive):
        return "WAIVE"
    unit = f"{order.kind.value} {order.location}"
    return f"BUILD {unit}" if isinstance(order, Build) else unit


def note_refusals(ctx: MailContext) -> None:
    """After the last line: remember, per player, whether this mail's orders had refused
    lines, for the current-orders listing to say so. A refused line is not on file and
    never makes orders incomplete (`Variant.is_complete`)."""
    for player_id, signed in ctx.tally.orders_sent.items():
        record = store.current_phase(ctx.session, signed.game)
        if record is None:
            continue
        refused = player_id in ctx.tally.orders_refused
        signed.player.orders_refused_in = record.phase if refused else None


def orders_block(ctx: MailContext, command: Orders | EndOrders) -> list[Note]:
    """ORDERS and ENDORDERS frame a player's orders and change nothing: the frame is
    the player's seat's (the dispatcher refused anyone else's)."""
    ctx.seat(Audience.PLAYER)
    return []


def set_wait(ctx: MailContext, command: SetWait) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    signed.player.wait = command.on
    if not command.on and seat_of(signed.player) in board.variant.owing(board.snapshot):
        ctx.orders_changed(signed)  # the reply says what still holds
    if not command.on and board.variant.waits_for_players(board.snapshot):
        bids_done(ctx, board, signed)
    ctx.touch(signed.game)
    return [note("wait", on=command.on)]


def current_orders(ctx: MailContext, signed: Signed) -> dict[str, Any] | None:
    """What the player has ordered this phase, and what is still owed."""
    return orders_listing(ctx.session, ctx.variants, signed.game, signed.player)
