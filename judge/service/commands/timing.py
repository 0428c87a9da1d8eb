"""The master's SET DEADLINE: a new deadline for the current phase, announced to all.

An absolute time, `+duration` from now, or a day as SET ABSENCE reads it
(`tomorrow`, `Sat Dec 5 2026 23:30`) in the master's zone (SET TIMEZONE, UTC by
default); a day without a time of day keeps the time of the current deadline
(or of now, when there is none). It must be in the future. The reminder
is computed afresh for it and a running grace ends (late notices go out again if
someone is late at the new deadline). The other timing settings are stored by
`timing_settings`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.language.absence_dates import DayTime
from judge.language.command_types import SetDeadline
from judge.language.grammar import Audience
from judge.language.zones import zone_info
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game import deadlines
from judge.service.game.absence_times import local_day
from judge.service.game.announce import announce
from judge.service.seats.finding import find_game
from judge.store.models import GameStatus


def set_deadline(ctx: MailContext, command: SetDeadline) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    running_board(ctx, signed)
    when = deadline_from(command.when, signed.player.timezone, game.next_deadline, ctx.now)
    if when <= ctx.now:
        raise Refusal("deadline_past", deadline=when)
    deadlines.set_deadline(game, when, ctx.now)
    if game.status is GameStatus.PAUSED:
        game.paused_at = ctx.now  # the new deadline counts from here, not from the pause
    shown = when
    announce(
        ctx.session, ctx.config, ctx.variants, game, "deadline_set",
        what="Deadline Changed", now=ctx.now, gate=ctx.gate, author="Master", phase=game.phase,
        deadline=shown,
    )  # fmt: skip
    return [note("deadline_set", game=game.name, deadline=shown)]


def deadline_from(
    when: datetime | timedelta | DayTime, zone: str | None, current: datetime | None,
    now: datetime,
) -> datetime:
    """The instant SET DEADLINE names (aware UTC). A day is read in `zone`: the first
    such day from today on, at its time of day, or else at the time of day of the
    `current` deadline (or of now)."""
    if isinstance(when, datetime):
        return when
    if isinstance(when, timedelta):
        return now + when
    tz = zone_info(zone) or UTC
    today = now.astimezone(tz).date()
    day = local_day(when, today, on_or_after=True)
    at = when.at or (current or now).astimezone(tz).time().replace(second=0, microsecond=0)
    return datetime.combine(day, at, tzinfo=tz).astimezone(UTC)
