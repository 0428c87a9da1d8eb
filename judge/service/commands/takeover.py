"""Taking over a power nobody plays: `SIGNON Xgame password` for it.

A power nobody plays is one whose player resigned (RESIGN, or the master's RESIGN
power) or was ejected, or one the master never gave (STARTed short: the variant's
`open_powers`). Who may take it is one rule, `judge.service.seats.consent`: only an
address the master approved for it (`APPROVE power address`) since it was left. Its
former player's old password does not bring it back. Anyone else's SIGNON for it is
refused and mails the master the request with the line to approve it; an address
the master ejected is refused outright unless approved.

The newcomer steps into the old player's seat (the same row, so the variant's
bookkeeping, keyed by seat, goes on unchanged) with their own address and
password, and the game is told. A power nobody was ever given gets a new seat
(`Variant.give_power`). `APPROVE` is taken for any power nobody plays, and refused
for a power somebody plays.
"""

from __future__ import annotations

import functools

from sqlalchemy.orm import Session

from judge.language.command_types import Approve
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.announce import announce_leaving
from judge.service.game_mail.mailing import broadcast, header_data
from judge.service.seats import consent
from judge.service.seats.consent import Consent
from judge.service.seats.mercenaries import is_mercenary
from judge.service.seats.snapshots import Board, active_players, load_board, seat_of
from judge.store import games as store
from judge.store import phase_orders as held_orders
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, Player, PlayerRole, PlayerStatus
from judge.variants.registry import VariantRegistry
from judge.wording.describe import power_title
from judge.wording.templates import render

ABANDONED = (PlayerStatus.RESIGNED, PlayerStatus.EJECTED)
# How a power came to be played by nobody: the refusal and the master's request say it.
NEEDS_APPROVAL = {
    "open": "takeover_open_needs_approval",
    "resigned": "takeover_resigned_needs_approval",
    "ejected": "takeover_needs_approval",
}


def record_ejection(ctx: MailContext, game: Game, player: Player) -> None:
    """Remember who was ejected from which powers (EJECT calls this): barred."""
    consent.record_leaving(
        ctx.session, game, player.address, _held(ctx, game, player), ejected=True,
        now=ctx.now, author=seat_of(player),
    )  # fmt: skip


def record_resignation(ctx: MailContext, game: Game, player: Player) -> None:
    """Remember who resigned which powers (their own RESIGN or the master's): an
    approval made before it no longer counts."""
    consent.record_leaving(
        ctx.session, game, player.address, _held(ctx, game, player), ejected=False,
        now=ctx.now, author=seat_of(player),
    )  # fmt: skip


def _held(ctx: MailContext, game: Game, player: Player) -> list[str]:
    """The powers the seat holds now (a Taskdip seat's allotted neutrals too)."""
    board = load_board(ctx.session, ctx.variants, game)
    if board is None:
        return list(player.powers)
    return list(board.variant.holdings(board.snapshot).get(seat_of(player), player.powers))


def powers_nobody_plays(session: Session, variants: VariantRegistry, game: Game) -> list[str]:
    """The powers of a started game that nobody plays, in civil disorder: those the
    variant never gave (`open_powers`) and those whose player resigned or was ejected
    (and that nobody took over since)."""
    board = load_board(session, variants, game)
    if board is None:
        return []
    holdings = board.variant.holdings(board.snapshot)
    played = {p for player in active_players(session, game) for p in player.powers}
    left = store.players_of(session, game, roles=[PlayerRole.PLAYER], statuses=ABANDONED)
    abandoned = {p for player in left for p in holdings.get(seat_of(player), player.powers)}
    nobody = (set(board.variant.open_powers(board.snapshot)) | abandoned) - played
    return sorted(nobody)


def approve(ctx: MailContext, command: Approve) -> list[Note]:
    """`APPROVE power address` (master): that address may take over the power,
    which nobody plays (never given, resigned or ejected)."""
    signed = ctx.seat(Audience.MASTER)
    board = running_board(ctx, signed)
    game = board.game
    title = power_title(command.power)
    if is_mercenary(ctx.session, ctx.variants, game, command.power):
        raise Refusal("power_is_mercenary", game=game.name, power=title, command="APPROVE")
    if command.power not in powers_nobody_plays(ctx.session, ctx.variants, game):
        raise Refusal("approve_power_played", game=game.name, power=title)
    store.add_event(
        ctx.session, game, kind=consent.APPROVED_EVENT,
        body=f"{command.power} {command.address}",
        now=ctx.now, phase=game.phase, author="MASTER", recipients=["MASTER"],
    )  # fmt: skip
    _tell_the_candidate(ctx, game, command.power, command.address)
    letter = title[0]
    return [note("takeover_approved", game=game.name, power=title, address=command.address,
                 letter=letter)]  # fmt: skip


def take_over(ctx: MailContext, game: Game, power: str, password: str) -> Note:
    """Give `power`, which nobody plays, to the sender if the master approved it;
    else refuse (and ask the master), as `seat_consent` rules."""
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    if is_mercenary(ctx.session, ctx.variants, game, power):
        raise Refusal("power_is_mercenary", game=game.name, power=power_title(power),
                      command="SIGNON")  # fmt: skip
    board = load_board(ctx.session, ctx.variants, game)
    is_open = board is not None and power in board.variant.open_powers(board.snapshot)
    seat = None if is_open else _abandoned_seat(ctx, game, power)
    _refuse_a_player(ctx, game)
    ruling = consent.consent(ctx.session, game, ctx.sender, power)
    if ruling is Consent.BARRED:
        raise Refusal("ejected_address", game=game.name)
    if ruling is Consent.ASK:
        how = "open" if seat is None else _how_left(seat)
        _ask_master(ctx, game, power, how=how)
        # not raised: the request mailed to the master must stay queued
        return Refusal(NEEDS_APPROVAL[how], game=game.name, power=power_title(power)).note
    if seat is None:
        assert board is not None  # an open power is a running board's
        return _take_open_power(ctx, board, power, password)
    seat.status = PlayerStatus.ACTIVE
    seat.address = ctx.sender
    seat.password_hash = ctx.password_work.new_hash(password)
    # In a phase that waits for every player (Intimate's bids), the newcomer must say
    # SET NOWAIT too; else the phase is processed on the first bid they send.
    seat.wait = board is not None and board.variant.waits_for_players(board.snapshot)
    return _seated(ctx, game, seat, power_title(power))


def _how_left(seat: Player) -> str:
    return "ejected" if seat.status is PlayerStatus.EJECTED else "resigned"


def _take_open_power(ctx: MailContext, board: Board, power: str, password: str) -> Note:
    """A power nobody was given, approved for the sender: a new seat for them."""
    game = board.game
    seat = store.add_player(
        ctx.session,
        game,
        address=ctx.sender,
        password_hash=ctx.password_work.new_hash(password),
        now=ctx.now,
    )
    seat.powers = [power]
    given = dict(board.variant.give_power(board.snapshot, seat_of(seat), power).data)
    game.variant_data = given
    board.record.variant_data = dict(given)  # the current phase's record: its map's legend
    return _seated(ctx, game, seat, power_title(power))


def _seated(ctx: MailContext, game: Game, seat: Player, title: str) -> Note:
    """The sender now plays `seat`: signed on, the game told, early processing checked.
    Orders the seat's last player held with PHASE are theirs, not the newcomer's: dropped."""
    ctx.sign_on(game, seat)
    held_orders.drop(ctx.session, held_orders.held_by(ctx.session, game, seat))
    announce_leaving(
        ctx.session, ctx.config, ctx.variants, game, "taken_over",
        what=f"{title} Taken Over", now=ctx.now, gate=ctx.gate, power=title,
    )  # fmt: skip
    ctx.touch(game)
    return note("taken_over", game=game.name, power=title, quiet=GameSettings.of(game).quiet)


def _refuse_a_player(ctx: MailContext, game: Game) -> None:
    """One address plays one seat of a game."""
    if any(p.address.lower() == ctx.sender.lower() for p in active_players(ctx.session, game)):
        raise Refusal("already_playing", game=game.name)


def _tell_the_candidate(ctx: MailContext, game: Game, power: str, address: str) -> None:
    """Mail an approved address that asked for the power (and only then: the judge
    writes to no address that never wrote to it) how to take it."""
    asked = [
        e for e in store.events_of(ctx.session, game)
        if e.kind == consent.ASKED_EVENT
        and e.body.lower().split() == [power.lower(), address.lower()]
    ]  # fmt: skip
    if not asked:
        return
    title = power_title(power)
    display = ctx.variants.get(game.variant).display_name
    body = functools.partial(
        render, "takeover_granted.txt.j2", **header_data(ctx.config, game, display),
        power=title, letter=title[0],
    )  # fmt: skip
    broadcast(
        ctx.session, ctx.config, game, to=[asked[-1].body.split()[1]],
        what=f"{title} Approved", body=body, kind="notice", now=ctx.now,
        gate=ctx.gate,
    )  # fmt: skip


def _ask_master(ctx: MailContext, game: Game, power: str, *, how: str) -> None:
    """Mail the masters the sender's request for `power` (`how`: "open", "resigned",
    "ejected"), once per address until the power is left again."""
    if not consent.record_request(ctx.session, game, power, ctx.sender, ctx.now):
        return
    title = power_title(power)
    display = ctx.variants.get(game.variant).display_name
    body = functools.partial(
        render,
        "takeover_request.txt.j2",
        **header_data(ctx.config, game, display),
        power=title,
        address=ctx.sender,
        how=how,
    )
    masters = store.players_of(ctx.session, game, roles=[PlayerRole.MASTER])
    broadcast(
        ctx.session, ctx.config, game, to=[master.address for master in masters],
        what=f"{title} Takeover Request", body=body, kind="notice", now=ctx.now,
        gate=ctx.gate,
    )  # fmt: skip


def _abandoned_seat(ctx: MailContext, game: Game, power: str) -> Player:
    board = load_board(ctx.session, ctx.variants, game)
    holdings = board.variant.holdings(board.snapshot) if board is not None else {}
    seats = [
        player
        for player in store.players_of(
            ctx.session, game, roles=[PlayerRole.PLAYER], statuses=ABANDONED
        )
        if power in holdings.get(seat_of(player), player.powers)
    ]
    if not seats:
        raise Refusal("power_not_played", game=game.name, power=power_title(power))
    seat = seats[-1]
    seat.powers = list(holdings.get(seat_of(seat), seat.powers))
    return seat
