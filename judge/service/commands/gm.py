"""The game master's commands: SET RULE, PROCESS, PAUSE, RESUME, TERMINATE, EJECT.

START lives with the other ways a game begins, in `games.py`; SET DEADLINE in
`timing.py`. PROCESS, PAUSE, RESUME and EJECT are announced to the whole game
(TERMINATE sends the game-over mail); RESUME moves the deadline on by the pause.
"""

from __future__ import annotations

from typing import Any

import judge.service.confirming.pending_actions as pending_actions
from judge.language.command_types import (
    Eject,
    Pause,
    Process,
    Resume,
    Terminate,
)
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.commands.leaving_before_start import remove
from judge.service.commands.settings import SettingCommand
from judge.service.commands.takeover import record_ejection
from judge.service.commands.timing_settings import timing_changed
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game import deadlines
from judge.service.game.announce import announce
from judge.service.game.ending import finish_game
from judge.service.game.last_player import end_if_alone
from judge.service.game.processing import process_phase
from judge.service.seats.finding import find_game, of_address
from judge.service.seats.snapshots import active_players
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, Player, PlayerStatus
from judge.wording.describe import power_title
from judge.wording.lists import and_list


def set_setting(ctx: MailContext, command: object, setting: SettingCommand) -> list[Note]:
    """A master's SET line, done as its class (`setting`) says: what it refuses or
    holds back first, how it changes the settings, what the reply says was set. When
    the setting is `announced` (it changes play or the players' timing), the whole
    game is told when its value changed."""
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    held = setting.before_change(ctx, game, command)
    if held is not None:
        return held
    variant = ctx.variants.get(game.variant)
    before = GameSettings.of(game)
    settings = setting.apply(command, before, variant)
    settings.save(game)
    timing_changed(game)
    what, value = setting.said(command, settings)
    if setting.announced and settings != before:
        _announce(ctx, game, "setting_changed", "Setting Changed", setting=what, value=value)
    return [note("setting_ok", what=what, value=value)]


def zine_pending(ctx: MailContext, game: Game, address: str) -> list[Note]:
    """SET ZINE to an address that is not confirmed and asking for the game: it
    becomes the zine once it confirms."""
    held = pending_actions.request(ctx, address, pending_actions.SET_ZINE, game=game)
    if held is None:
        raise Refusal("confirm_not_sent", address=address)
    return [note("zine_pending", game=game.name, address=address)]


def process(ctx: MailContext, command: Process) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    find_game(ctx.session, signed.game.name)  # lock it for the rest of the mail
    board = running_board(ctx, signed)
    _announce(ctx, board.game, "processed_by_master", "Processed", phase=board.record.phase)
    done = process_phase(ctx.session, ctx.config, ctx.gate, board, ctx.now)
    ctx.touch(board.game)
    return [note("processed", phase=done.phase, next_phase=done.next_phase)]


def pause(ctx: MailContext, command: Pause) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    if signed.game.status is not GameStatus.ACTIVE:
        raise Refusal("not_active", game=signed.game.name, status=signed.game.status.value)
    deadlines.pause(signed.game, ctx.now)
    _announce(ctx, signed.game, "paused", "Game Paused")
    return [note("paused", game=signed.game.name)]


def resume(ctx: MailContext, command: Resume) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    if signed.game.status is not GameStatus.PAUSED:
        raise Refusal("not_paused", game=signed.game.name)
    deadlines.resume(signed.game, ctx.now)
    deadline = signed.game.next_deadline
    _announce(ctx, signed.game, "resumed", "Game Resumed", deadline=deadline)
    ctx.touch(signed.game)
    return [note("resumed", game=signed.game.name)]


def terminate(ctx: MailContext, command: Terminate) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    if signed.game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=signed.game.name)
    finish_game(ctx, signed.game, winner=None, how="terminated")
    return [note("terminated", game=signed.game.name)]


def eject(ctx: MailContext, command: Eject) -> list[Note]:
    """`EJECT power` or `EJECT address`: the player is ejected and barred from the game
    (`seat_consent`); before the start, a joined address is removed and barred."""
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FORMING and command.address is not None:
        return remove(ctx, game, _joined(ctx, game, command.address), ejected=True)
    if game.status is GameStatus.FORMING:
        raise Refusal("name_the_address", game=game.name, command="EJECT")
    running_board(ctx, signed)
    if command.address is not None:
        holders = [_joined(ctx, game, command.address)]
    else:
        holders = [p for p in active_players(ctx.session, game) if command.power in p.powers]
    if not holders:
        raise Refusal("power_not_played", game=game.name, power=power_title(command.power or ""))
    powers = sorted({power for player in holders for power in player.powers})
    for player in holders:
        player.status = PlayerStatus.EJECTED
        record_ejection(ctx, game, player)
    power = " and ".join(power_title(p) for p in powers)
    _announce(ctx, game, "ejected", f"{and_list(power)} Ejected", power=power)
    ctx.touch(game)
    return [note("ejected", power=power), *end_if_alone(ctx, game)]


def _joined(ctx: MailContext, game: Game, address: str) -> Player:
    """The active player at `address`; a refusal naming the address if there is none."""
    found = of_address(active_players(ctx.session, game), address)
    if found is None:
        raise Refusal("resign_nobody", game=game.name, address=address)
    return found


def _announce(ctx: MailContext, game: Game, key: str, what: str, **params: Any) -> None:
    announce(ctx.session, ctx.config, ctx.variants, game, key, what=what, now=ctx.now,
             gate=ctx.gate, author="Master", **params)  # fmt: skip
