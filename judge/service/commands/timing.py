"""The master's SET DEADLINE: a new deadline for the current phase, announced to all.

An absolute time or `+duration` from now; it must be in the future. The reminder
is computed afresh for it and a running grace ends (late notices go out again if
someone is late at the new deadline). The other timing settings are stored by
`timing_settings`.
"""

from __future__ import annotations

from datetime import datetime

from judge.language.command_types import SetDeadline
from judge.service.commands.orders import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game import deadlines
from judge.service.game.announce import announce
from judge.service.games import find_game
from judge.store.models import GameStatus


def set_deadline(ctx: MailContext, command: SetDeadline) -> list[Note]:
    signed = ctx.need_master()
    game = find_game(ctx.session, signed.game.name)
    running_board(ctx, signed)
    when = command.when if isinstance(command.when, datetime) else ctx.now + command.when
    if when <= ctx.now:
        raise Refusal("deadline_past", deadline=when)
    deadlines.set_deadline(game, when, ctx.now)
    if game.status is GameStatus.PAUSED:
        game.paused_at = ctx.now  # the new deadline counts from here, not from the pause
    shown = when
    announce(
        ctx.session, ctx.config, game, "deadline_set",
        what="Deadline Changed", now=ctx.now, author="Master", phase=game.phase, deadline=shown,
    )  # fmt: skip
    return [note("deadline_set", game=game.name, deadline=shown)]
