"""VERSION and WHOGAME: two things njudge tells anyone who asks.

* `VERSION`: the judge's name and the installed package's version
  (`importlib.metadata`), so a player reporting a problem can say which judge.
* `WHOGAME [game]`: who plays each power, the master and the observers, as njudge
  lists them. In a gunboat (anonymous) game nobody but its master sees a player's
  or an observer's address: the powers are listed with "anonymous" and the
  observers only counted. The master's address is public, as in LIST.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from judge.language.command_types import Version, WhoGame
from judge.service.commands.signed_game import named_or_signed
from judge.service.commands.takeover import powers_nobody_plays
from judge.service.context import MailContext, Note, note, rendered
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, PlayerRole
from judge.wording.describe import power_title

PACKAGE = "judge"


def judge_version() -> str:
    """The installed judge's version; "unknown" when run from a bare source tree."""
    try:
        return version(PACKAGE)
    except PackageNotFoundError:
        return "unknown"


def version_command(ctx: MailContext, command: Version) -> list[Note]:
    return [note("judge_version", judge=ctx.config.judge.name, version=judge_version())]


def whogame(ctx: MailContext, command: WhoGame) -> list[Note]:
    game = named_or_signed(ctx, command.game, "WHOGAME")
    hidden = _addresses_hidden(ctx, game)
    people = store.players_of(ctx.session, game)
    masters = [p.address for p in people if p.role is PlayerRole.MASTER]
    observers = [p.address for p in people if p.role is PlayerRole.OBSERVER]
    rows: list[dict[str, Any]] = []
    for player in people:
        if player.role is not PlayerRole.PLAYER:
            continue
        address = None if hidden else player.address
        powers = sorted(player.powers)
        rows.append({"powers": [power_title(p) for p in powers], "address": address})
    rows.sort(key=lambda row: (not row["powers"], row["powers"]))
    nobody = [power_title(p) for p in sorted(powers_nobody_plays(ctx.session, ctx.variants, game))]
    return [
        rendered(
            "whogame.txt.j2",
            game=game.name,
            masters=masters,
            rows=rows,
            nobody=nobody,
            observers=[] if hidden else observers,
            observer_count=len(observers),
            anonymous=hidden,
        )
    ]


def _addresses_hidden(ctx: MailContext, game: Game) -> bool:
    master = ctx.signed is not None and ctx.signed.is_master and ctx.signed.game.id == game.id
    return GameSettings.of(game).gunboat and not master
