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
    GameSetting,
    Pause,
    Process,
    Resume,
    SetZine,
    Terminate,
)
from judge.service.commands.board import running_board
from judge.service.commands.leaving_before_start import remove
from judge.service.commands.press_settings import check_press_setting
from judge.service.commands.setting_echo import setting_note, setting_words
from judge.service.commands.settings import apply_settings
from judge.service.commands.takeover import record_ejection
from judge.service.commands.timing_settings import timing_changed
from judge.service.confirming.confirmation import asks_for
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


def set_setting(ctx: MailContext, command: GameSetting, announced: bool) -> list[Note]:
    """A master's SET line; `announced`: the setting changes play or the players'
    timing, and the whole game is told when its value changed (the command's class
    says which: `judge.service.commands.catalog.game_settings`)."""
    signed = ctx.need_master()
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    check_press_setting(game, command)
    if isinstance(command, SetZine) and command.address:
        if not asks_for(ctx.session, ctx.config, command.address, game):
            return _zine_pending(ctx, game, command.address)
    variant = ctx.variants.get(game.variant)
    settings = apply_settings(variant, GameSettings.of(game), [command])
    before = GameSettings.of(game)
    settings.save(game)
    timing_changed(game)
    if announced and settings != before:
        what, value = setting_words(command, settings)
        _announce(ctx, game, "setting_changed", "Setting Changed", setting=what, value=value)
    return [setting_note(command, settings)]


def _zine_pending(ctx: MailContext, game: Game, address: str) -> list[Note]:
    """SET ZINE to an address that is not confirmed and asking for the game: it
    becomes the zine once it confirms."""
    held = pending_actions.request(ctx, address, pending_actions.SET_ZINE, game=game)
    if held is None:
        raise Refusal("confirm_not_sent", address=address)
    return [note("zine_pending", game=game.name, address=address)]


def process(ctx: MailContext, command: Process) -> list[Note]:
    signed = ctx.need_master()
    find_game(ctx.session, signed.game.name)  # lock it for the rest of the mail
    board = running_board(ctx, signed)
    _announce(ctx, board.game, "processed_by_master", "Processed", phase=board.record.phase)
    done = process_phase(ctx.session, ctx.config, ctx.gate, board, ctx.now)
    ctx.touch(board.game)
    return [note("processed", phase=done.phase, next_phase=done.next_phase)]


def pause(ctx: MailContext, command: Pause) -> list[Note]:
    signed = ctx.need_master()
    if signed.game.status is not GameStatus.ACTIVE:
        raise Refusal("not_active", game=signed.game.name, status=signed.game.status.value)
    deadlines.pause(signed.game, ctx.now)
    _announce(ctx, signed.game, "paused", "Game Paused")
    return [note("paused", game=signed.game.name)]


def resume(ctx: MailContext, command: Resume) -> list[Note]:
    signed = ctx.need_master()
    if signed.game.status is not GameStatus.PAUSED:
        raise Refusal("not_paused", game=signed.game.name)
    deadlines.resume(signed.game, ctx.now)
    deadline = signed.game.next_deadline
    _announce(ctx, signed.game, "resumed", "Game Resumed", deadline=deadline)
    ctx.touch(signed.game)
    return [note("resumed", game=signed.game.name)]


def terminate(ctx: MailContext, command: Terminate) -> list[Note]:
    signed = ctx.need_master()
    if signed.game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=signed.game.name)
    finish_game(ctx, signed.game, winner=None, how="terminated")
    return [note("terminated", game=signed.game.name)]


def eject(ctx: MailContext, command: Eject) -> list[Note]:
    """`EJECT power` or `EJECT address`: the player is ejected and barred from the game
    (`seat_consent`); before the start, a joined address is removed and barred."""
    signed = ctx.need_master()
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
