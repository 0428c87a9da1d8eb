"""Taking over an abandoned power: `SIGNON Xgame password` for a power nobody plays.

A power is abandoned when its player resigned or was ejected. A resigned power
may be taken over by anyone, first come first served, by signing on to its
letter with a password of their choice, unless they already play in that game.

An EJECT sticks (njudge's way: the master decides who replaces an ejected
player). The master's `APPROVE power address` names the one address that may
take over an ejected power; any other takeover of it is refused, and the master
is mailed the request with the line to approve it. An address ejected from a
game never takes a seat in it again, with its old password or a new one,
unless the master approves that very address (the way to undo a mistaken
EJECT). An approval counts only for the ejection it follows.

The newcomer steps into the old player's seat (the same row, so the variant's
bookkeeping, keyed by seat, goes on unchanged) with their own address and
password, and the game is told.

A power that nobody was ever given (the master STARTed short: the variant's
`open_powers`) is in civil disorder too, and is filled like an ejected one: the
master chose to start without it, so a SIGNON for it is a request the master is
mailed, and once the master has sent `APPROVE power address` that address's SIGNON
gives it a new seat (`Variant.give_power`). `APPROVE` is taken for any power nobody
plays (never given, resigned or ejected), and refused for a power somebody plays.
"""

from __future__ import annotations

import functools

from sqlalchemy.orm import Session

from judge.language.command_types import Approve
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.announce import announce_leaving
from judge.service.mailing import broadcast, header_data
from judge.service.snapshots import Board, active_players, load_board, seat_of, variants
from judge.store import games as store
from judge.store import phase_orders as held_orders
from judge.store.game_settings import GameSettings
from judge.store.models import Event, Game, GameStatus, Player, PlayerRole, PlayerStatus
from judge.wording.describe import power_title
from judge.wording.templates import render

ABANDONED = (PlayerStatus.RESIGNED, PlayerStatus.EJECTED)
EJECTED_EVENT = "ejected"  # body: "address POWER [POWER...]", master only
APPROVED_EVENT = "approved"  # body: "POWER address", master only
ASKED_EVENT = "takeover_asked"  # body: "POWER address", master only


def record_ejection(ctx: MailContext, game: Game, player: Player) -> None:
    """Remember who was ejected from which powers (EJECT calls this)."""
    store.add_event(
        ctx.session, game, kind=EJECTED_EVENT,
        body=" ".join([player.address, *sorted(player.powers)]),
        now=ctx.now, phase=game.phase, author=seat_of(player), recipients=["MASTER"],
    )  # fmt: skip


def powers_nobody_plays(session: Session, game: Game) -> list[str]:
    """The powers of a started game that nobody plays, in civil disorder: those the
    variant never gave (`open_powers`) and those whose player resigned or was ejected
    (and that nobody took over since)."""
    board = load_board(session, game)
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
    signed = ctx.need_master()
    board = running_board(ctx, signed)
    game = board.game
    title = power_title(command.power)
    if command.power not in powers_nobody_plays(ctx.session, game):
        raise Refusal("approve_power_played", game=game.name, power=title)
    store.add_event(
        ctx.session, game, kind=APPROVED_EVENT, body=f"{command.power} {command.address}",
        now=ctx.now, phase=game.phase, author="MASTER", recipients=["MASTER"],
    )  # fmt: skip
    _tell_the_candidate(ctx, game, command.power, command.address)
    letter = title[0]
    return [note("takeover_approved", game=game.name, power=title, address=command.address,
                 letter=letter)]  # fmt: skip


def take_over(ctx: MailContext, game: Game, power: str, password: str) -> Note:
    """Give the abandoned `power` to the sender, or refuse as if nobody played it."""
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    board = load_board(ctx.session, game)
    if board is not None and power in board.variant.open_powers(board.snapshot):
        return _take_open_power(ctx, board, power, password)
    seat = _abandoned_seat(ctx, game, power)
    _refuse_a_player(ctx, game)
    refused = _check_consent(ctx, game, seat, power)
    if refused is not None:
        return refused  # not raised: the request mailed to the master must stay queued
    seat.status = PlayerStatus.ACTIVE
    seat.address = ctx.sender
    seat.password_hash = ctx.password_work.new_hash(password)
    # In a phase that waits for every player (Intimate's bids), the newcomer must say
    # SET NOWAIT too; else the phase is processed on the first bid they send.
    seat.wait = board is not None and board.variant.waits_for_players(board.snapshot)
    return _seated(ctx, game, seat, power_title(power))


def _take_open_power(ctx: MailContext, board: Board, power: str, password: str) -> Note:
    """A power nobody was given: a new seat for the sender, once the master approved."""
    game = board.game
    _refuse_a_player(ctx, game)
    events = store.events_of(ctx.session, game)
    sender = ctx.sender.lower()
    title = power_title(power)
    if not _approved(events, power, sender):
        if sender in _ejected_addresses(events):
            raise Refusal("ejected_address", game=game.name)
        _ask_master(ctx, game, power, ejected=False)
        return Refusal("takeover_open_needs_approval", game=game.name, power=title).note
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
    return _seated(ctx, game, seat, title)


def _seated(ctx: MailContext, game: Game, seat: Player, title: str) -> Note:
    """The sender now plays `seat`: signed on, the game told, early processing checked.
    Orders the seat's last player held with PHASE are theirs, not the newcomer's: dropped."""
    ctx.sign_on(game, seat)
    held_orders.drop(ctx.session, held_orders.held_by(ctx.session, game, seat))
    announce_leaving(
        ctx.session, ctx.config, game, "taken_over",
        what=f"{title} Taken Over", now=ctx.now, power=title,
    )  # fmt: skip
    ctx.touch(game)
    return note("taken_over", game=game.name, power=title, quiet=GameSettings.of(game).quiet)


def _refuse_a_player(ctx: MailContext, game: Game) -> None:
    """One address plays one seat of a game."""
    if any(p.address.lower() == ctx.sender.lower() for p in active_players(ctx.session, game)):
        raise Refusal("already_playing", game=game.name)


def _check_consent(ctx: MailContext, game: Game, seat: Player, power: str) -> Note | None:
    """Refuse an ejected address, and a takeover of an ejected power the master did
    not approve for this sender (the master is asked); None: go ahead."""
    events = store.events_of(ctx.session, game)
    sender = ctx.sender.lower()
    approved = _approved(events, power, sender)
    title = power_title(power)
    if not approved and sender in _ejected_addresses(events):
        raise Refusal("ejected_address", game=game.name)
    if seat.status is PlayerStatus.EJECTED and not approved:
        _ask_master(ctx, game, power, ejected=True)
        return Refusal("takeover_needs_approval", game=game.name, power=title).note
    return None


def _ejected_addresses(events: list[Event]) -> set[str]:
    return {e.body.split()[0].lower() for e in events if e.kind == EJECTED_EVENT and e.body}


def _approved(events: list[Event], power: str, sender: str) -> bool:
    """Did the master approve `sender` for `power` since its last ejection?"""
    last_ejection = max(
        (e.id for e in events if e.kind == EJECTED_EVENT and power in e.body.split()[1:]),
        default=0,
    )
    return any(
        e.kind == APPROVED_EVENT and e.id > last_ejection and e.body.lower().split() == [
            power.lower(), sender,
        ]
        for e in events
    )


def _tell_the_candidate(ctx: MailContext, game: Game, power: str, address: str) -> None:
    """Mail an approved address that asked for the power (and only then: the judge
    writes to no address that never wrote to it) how to take it."""
    asked = [
        e for e in store.events_of(ctx.session, game)
        if e.kind == ASKED_EVENT and e.body.lower().split() == [power.lower(), address.lower()]
    ]  # fmt: skip
    if not asked:
        return
    title = power_title(power)
    display = variants(ctx.session).get(game.variant).display_name
    body = functools.partial(
        render, "takeover_granted.txt.j2", **header_data(ctx.config, game, display),
        power=title, letter=title[0],
    )  # fmt: skip
    broadcast(
        ctx.session, ctx.config, game, to=[asked[-1].body.split()[1]],
        what=f"{title} Approved", body=body, kind="notice", now=ctx.now,
    )  # fmt: skip


def _ask_master(ctx: MailContext, game: Game, power: str, *, ejected: bool) -> None:
    title = power_title(power)
    store.add_event(
        ctx.session, game, kind=ASKED_EVENT, body=f"{power} {ctx.sender}",
        now=ctx.now, phase=game.phase, author="MASTER", recipients=["MASTER"],
    )  # fmt: skip
    display = variants(ctx.session).get(game.variant).display_name
    body = functools.partial(
        render,
        "takeover_request.txt.j2",
        **header_data(ctx.config, game, display),
        power=title,
        address=ctx.sender,
        ejected=ejected,
    )
    masters = store.players_of(ctx.session, game, roles=[PlayerRole.MASTER])
    broadcast(
        ctx.session, ctx.config, game, to=[master.address for master in masters],
        what=f"{title} Takeover Request", body=body, kind="notice", now=ctx.now,
    )  # fmt: skip


def _abandoned_seat(ctx: MailContext, game: Game, power: str) -> Player:
    board = load_board(ctx.session, game)
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
