"""njudge's `SET NMR` / `SET CD` and `SET QUIET` / `SET NOQUIET`, from a master.

* CD (the default, and this judge's way before NMR existed): at the end of the
  grace, a power that sent no orders is in civil disorder for the phase (its units
  hold) and the phase is processed.
* NMR: at the end of the grace the game waits for it instead; its player is
  reminded at the end of each further grace period (`game.due`), and the phase is
  processed as soon as the orders are in, or when a master sends PROCESS (the
  missing orders then hold). A resigned or ejected player is never waited for.
* QUIET: resignations and takeovers are told to the masters only; NOQUIET (the
  default): to the whole game (`game.announce.announce_leaving`).

A change is announced to the whole game: it changes what happens to a late or
leaving player. Both are also CREATE options (`CREATE g1 pw standard NMR, QUIET`).
"""

from __future__ import annotations

from dataclasses import replace

from judge.language.command_types import SetNmr, SetQuiet
from judge.language.grammar import Audience
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.announce import announce
from judge.service.seats.finding import find_game
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus


def set_nmr(ctx: MailContext, command: SetNmr) -> list[Note]:
    game = _game(ctx)
    before = GameSettings.of(game)
    replace(before, nmr=command.waits).save(game)
    if before.nmr != command.waits:
        announce(ctx.session, ctx.config, ctx.variants, game, "nmr_changed", what="Setting Changed",
                 now=ctx.now, gate=ctx.gate, author="Master", waits=command.waits)  # fmt: skip
    ctx.touch(game)
    return [note("nmr_set", game=game.name, waits=command.waits)]


def set_quiet(ctx: MailContext, command: SetQuiet) -> list[Note]:
    game = _game(ctx)
    before = GameSettings.of(game)
    replace(before, quiet=command.on).save(game)
    if before.quiet != command.on:
        announce(ctx.session, ctx.config, ctx.variants, game, "quiet_changed",
                 what="Setting Changed", now=ctx.now, gate=ctx.gate, author="Master",
                 on=command.on)  # fmt: skip
    return [note("quiet_set", game=game.name, on=command.on)]


def _game(ctx: MailContext) -> Game:
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    return game
