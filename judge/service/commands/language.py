"""SET LANGUAGE: the language a person reads a game's mail in.

From a player (or an observer) it is their own, for that game (`players.language`);
from the master it is the game's default (`GameSettings.language`: new players,
observers, the public mails), as it is as a CREATE option. The reply says so in
the new language: the reply is worded for its reader once the mail has run.
"""

from __future__ import annotations

from dataclasses import replace

from judge.language.command_types import SetLanguage
from judge.language.grammar import Audience
from judge.service.context import MailContext, Note, Refusal, note
from judge.store.game_settings import GameSettings
from judge.store.models import GameStatus


def set_language(ctx: MailContext, command: SetLanguage) -> list[Note]:
    signed = ctx.seat(Audience.SIGNED_ON)
    game = signed.game
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    if signed.is_master:
        replace(GameSettings.of(game), language=command.language).save(game)
        return [note("language_of_game", game=game.name, language=command.language)]
    signed.player.language = command.language
    return [note("language_of_player", game=game.name, language=command.language)]
