"""`SET PLAYERS n`: the master fixes how many players start a forming Taskdip game.

The number is the rule flag the variant names in `players_flag` (Taskdip:
`players`; the variant checks 2..7 and answers `players_needed`), so it lives
in the game's rules like any flag. It can only change while the game is
forming, and never below the number of players who have already joined. If the
game then has its players, it starts after the mail's last line, as it would
after a SIGNON.
"""

from __future__ import annotations

from judge.language.command_types import SetPlayers
from judge.language.grammar import Audience
from judge.service.commands.settings import SettingCommand, apply_settings
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.seats.finding import find_game
from judge.service.seats.snapshots import active_players
from judge.store.game_settings import GameSettings
from judge.store.models import GameStatus


def set_players(ctx: MailContext, command: SetPlayers, setting: SettingCommand) -> list[Note]:
    """SET PLAYERS before the start; `setting` is its class, which applies it."""
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is not GameStatus.FORMING:
        raise Refusal("players_fixed", game=game.name)
    joined = len(active_players(ctx.session, game))
    if command.n < joined:
        raise Refusal("players_fewer", game=game.name, count=joined)
    variant = ctx.variants.get(game.variant)
    settings = apply_settings(variant, GameSettings.of(game), [(setting, command)])
    settings.save(game)
    ctx.touch(game)  # it may have its players now: it starts after the mail's last line
    return [note("players_set", game=game.name, needed=command.n, count=joined)]
