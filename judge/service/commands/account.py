"""A player's own business: password, address, leaving, and conceding the game.

Draw votes and njudge's concessions to a power are `draws`'s.
"""

from __future__ import annotations

import judge.service.confirming.pending_actions as pending_actions
from judge.language.command_types import (
    Concede,
    Resign,
    SetAddress,
    SetPassword,
)
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.commands.leaving_before_start import withdraw
from judge.service.commands.master_resign import master_resign
from judge.service.commands.takeover import record_resignation
from judge.service.confirming.confirmation import asks_for
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.announce import announce_leaving
from judge.service.game.ending import finish_game
from judge.service.game.last_player import end_if_alone
from judge.service.seats.snapshots import seat_of
from judge.store.models import GameStatus, PlayerStatus
from judge.wording.describe import power_title
from judge.wording.lists import and_list

DRAW_EVENT = "draw"


def set_password(ctx: MailContext, command: SetPassword) -> list[Note]:
    signed = ctx.seat(Audience.SIGNED_ON)
    signed.player.password_hash = ctx.password_work.new_hash(command.new)
    return [note("password_changed")]


def set_address(ctx: MailContext, command: SetAddress) -> list[Note]:
    """An address that is confirmed and asked for the game (a seat in it, its zine)
    takes over at once; any other only once it confirms the request it is sent (at
    most one such request per mail)."""
    signed = ctx.seat(Audience.SIGNED_ON)
    old = signed.player.address
    if not asks_for(ctx.session, ctx.config, command.address, signed.game):
        held = pending_actions.request(
            ctx, command.address, pending_actions.SET_ADDRESS, game=signed.game,
            player=signed.player,
        )  # fmt: skip
        if held is None:
            raise Refusal("confirm_not_sent", address=command.address)
        return [note("address_pending", old=old, new=command.address)]
    signed.player.address = command.address
    if old.lower() != ctx.sender.lower():
        ctx.add_copy(old)
    return [note("address_changed", old=old, new=command.address)]


def resign(ctx: MailContext, command: Resign) -> list[Note]:
    """RESIGN alone: the player leaves. RESIGN with a power or an address is the
    master's (`master_resign`); a player may name their own power."""
    if command.power is not None or command.address is not None:
        if not _names_own_seat(ctx, command):
            return master_resign(ctx, command)
    signed = ctx.seat(Audience.PLAYER_OR_MASTER)
    if not signed.is_player:  # RESIGN alone is a player's: the master names whom
        raise Refusal("need_player", game=signed.game.name)
    if signed.game.status is GameStatus.FORMING:
        return withdraw(ctx, signed)  # njudge's: a player may leave before the start
    running_board(ctx, signed)
    signed.player.status = PlayerStatus.RESIGNED
    record_resignation(ctx, signed.game, signed.player)  # retaken only as the master allows
    powers = " and ".join(power_title(p) for p in sorted(signed.player.powers))
    if powers:
        announce_leaving(
            ctx.session, ctx.config, ctx.variants, signed.game, "resigned",
            what=f"{and_list(powers)} Resigned", now=ctx.now, gate=ctx.gate, power=powers,
        )  # fmt: skip
    ctx.touch(signed.game)
    several = len(signed.player.powers) > 1
    left = note("resigned", game=signed.game.name, several=several)
    return [left, *end_if_alone(ctx, signed.game)]


def _names_own_seat(ctx: MailContext, command: Resign) -> bool:
    """`RESIGN France` from France's own player, or RESIGN with their own address."""
    signed = ctx.signed
    if signed is None or not signed.is_player:
        return False
    if command.power is not None:
        return command.power in signed.player.powers
    return (command.address or "").lower() == signed.player.address.lower()


def concede(ctx: MailContext, command: Concede) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    winner = board.variant.concede(board.snapshot, seat_of(signed.player))
    if winner is None:
        raise Refusal("concede_not_possible", variant=board.variant.display_name)
    by = " and ".join(power_title(p) for p in sorted(signed.player.powers)) or None
    finish_game(ctx, signed.game, winner=winner, how="conceded", by=by)
    return [note("conceded", game=signed.game.name)]
