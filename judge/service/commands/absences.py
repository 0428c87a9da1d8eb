"""Planned absences, as on njudge: `SET ABSENCE start [TO end]` and `SET NOABSENCE`.

A player who will be away says so; when a phase is processed and the next
deadline would fall inside a pending absence of a player of the game, that
deadline moves to the absence's end (and again, if that lands in another one).
The current deadline never moves: declaring an absence changes nothing until the
next phase opens. The results mail says the deadline was moved and whose absence
moved it, naming the power (never the address: gunboat games hide who plays).

Limits (njudge's, with the game's `SET MAXABSENCE days`, default 14): at most 3
pending absences per player; the days a player declares in a game, past ones
included, add up to at most MAXABSENCE, which therefore also caps each absence.
The master gets a mail for every absence declared or withdrawn. Dates are read in
the player's time zone (`SET TIMEZONE`), UTC by default.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.language.command_types import SetAbsence, SetNoAbsence
from judge.language.grammar import Audience
from judge.language.zones import zone_info
from judge.service.commands.setting_echo import duration_words
from judge.service.context import MailContext, Note, Refusal, Signed, note
from judge.service.game.absence_moves import powers_of
from judge.service.game.absence_times import (
    Span,
    absence_span,
    day_bounds,
    overlaps,
)
from judge.service.game_mail.mailing import broadcast, header_data
from judge.service.seats.finding import find_game
from judge.service.seats.reader_preferences import reader_of
from judge.store import absences as store
from judge.store import games as games_store
from judge.store.game_settings import GameSettings
from judge.store.models import Absence, GameStatus, PlayerRole
from judge.wording.readers import Reader
from judge.wording.templates import render

MAX_PENDING = 3


def set_absence(ctx: MailContext, command: SetAbsence) -> list[Note]:
    signed = _absent_player(ctx)
    zone = signed.player.timezone
    start, end = absence_span(command.start, command.end, zone, ctx.now)
    shown = {"start": start, "end": end}  # in the reader's zone and language
    if end <= start:
        raise Refusal("absence_backwards", **shown)
    if end <= ctx.now:
        raise Refusal("absence_over", **shown)
    allowed = timedelta(days=GameSettings.of(signed.game).max_absence_days)
    game = signed.game.name
    if not allowed:
        raise Refusal("absence_none_allowed", game=game)
    mine = store.absences_of(ctx.session, signed.player)
    pending = [a for a in mine if a.ends_at > ctx.now]
    if len(pending) >= MAX_PENDING:
        raise Refusal("absence_too_many", game=game, most=MAX_PENDING)
    clash = overlaps(Span(start, end), [_span(a) for a in pending])
    if clash is not None:
        raise Refusal(
            "absence_overlap",
            start=clash.start, end=clash.end,
        )  # fmt: skip
    length = end - start
    used = sum((a.ends_at - a.starts_at for a in mine), timedelta(0))
    limits = {"game": game, "allowed": duration_words(allowed), "length": duration_words(length)}
    if length > allowed:
        raise Refusal("absence_too_long", **limits)
    if used + length > allowed:
        raise Refusal("absence_over_total", **limits, used=_hours_words(used))
    store.add_absence(ctx.session, signed.player, start, end, ctx.now)
    _tell_master(ctx, signed, start, end, removed=False)
    shown = {"start": start, "end": end}  # in the reader's zone and language
    spent = {"used": _hours_words(used + length), "allowed": duration_words(allowed)}
    return [note("absence_set", game=game, **shown, **spent)]


def set_noabsence(ctx: MailContext, command: SetNoAbsence) -> list[Note]:
    signed = _absent_player(ctx)
    zone = signed.player.timezone
    game = signed.game.name
    pending = [a for a in store.absences_of(ctx.session, signed.player) if a.ends_at > ctx.now]
    if not pending:
        raise Refusal("noabsence_nothing", game=game)
    if command.day is None:
        if len(pending) > 1:
            raise Refusal("noabsence_which", game=game, count=len(pending))
        chosen = pending
    else:
        first, last = day_bounds(command.day, zone, ctx.now)
        chosen = [a for a in pending if _touches(a, first, last)]
        if not chosen:
            day = first if first == last else _day_words(first, zone)
            raise Refusal("noabsence_none", game=game, day=day)
    notes = []
    for absence in chosen:
        start, end = absence.starts_at, absence.ends_at
        if start < ctx.now:
            absence.ends_at = ctx.now  # begun: it ends now, and its days stay counted
        else:
            ctx.session.delete(absence)
        _tell_master(ctx, signed, start, end, removed=True)
        shown = {"start": start, "end": end}  # in the reader's zone and language
        notes.append(note("absence_removed", game=game, **shown))
    return notes


def _hours_words(length: timedelta) -> str:
    """A player's days used, in whole hours (rounded up): an absence ended early by
    SET NOABSENCE ends at the minute it was withdrawn."""
    hours = -(-int(length.total_seconds()) // 3600)
    return duration_words(timedelta(hours=hours))


def _absent_player(ctx: MailContext) -> Signed:
    signed = ctx.seat(Audience.PLAYER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    return signed


def _span(absence: Absence) -> Span:
    return Span(absence.starts_at, absence.ends_at)


def _touches(absence: Absence, first: datetime, last: datetime) -> bool:
    """The absence holds the moment (first == last) or shares time with the day."""
    if first == last:
        return absence.starts_at <= first < absence.ends_at
    return absence.starts_at < last and first < absence.ends_at


def _day_words(moment: datetime, zone: str | None) -> str:
    """`Thu Dec 24 2026` for the day starting at `moment` in the zone."""
    local = moment.astimezone(zone_info(zone) or UTC)
    return f"{local:%a %b} {local.day} {local:%Y}"


def _tell_master(
    ctx: MailContext, signed: Signed, start: datetime, end: datetime, *, removed: bool
) -> None:
    game = signed.game
    masters = games_store.players_of(ctx.session, game, roles=[PlayerRole.MASTER])
    display = ctx.variants.get(game.variant).display_name
    who = powers_of(signed.player)

    def notice(reader: Reader) -> str:  # each master in their own language and zone
        return render(
            "absence_notice.txt.j2",
            reader,
            **header_data(ctx.config, game, display),
            who=who,
            address=signed.player.address,
            removed=removed,
            start=start,
            end=end,
        )

    what = f"{who} Absence {'Withdrawn' if removed else 'Declared'}"
    broadcast(
        ctx.session, ctx.config, game, to=[master.address for master in masters], what=what,
        body=notice, kind="notice", now=ctx.now, gate=ctx.gate,
        readers={master.address: reader_of(game, master) for master in masters},
    )  # fmt: skip
