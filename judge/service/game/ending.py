"""Ending a game outside adjudication: a draw everyone voted for, a concession,
the last player left (Taskdip), a stalemate, or the master's TERMINATE. Everyone
in the game is told.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from judge.service.context import MailContext
from judge.service.game import deadlines
from judge.service.game.end_report import end_report_text
from judge.service.game_mail.mailing import audience, broadcast, header_data, one_per_address
from judge.service.seats.reader_preferences import readers_for
from judge.store import games as store
from judge.store.models import Game, GameStatus, Player, PlayerRole, PlayerStatus
from judge.wording.describe import winner_groups
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render


def finish_game(
    ctx: MailContext,
    game: Game,
    *,
    winner: Any,
    how: str,
    by: str | None = None,
    **details: Any,
) -> None:
    """Mark the game finished with `winner` (a power, a list, or None) and mail it.

    `how` is terminated, draw, stalemate, conceded, resigned or last_player; `by`
    names the power(s) of the player who conceded or resigned (`France`, `Austria and
    Italy`); `details` go to the template as they are (e.g. `departed` for
    `how="last_player"`)."""
    game.status = GameStatus.FINISHED
    game.winner = winner
    deadlines.clear_schedule(game)
    display = ctx.variants.get(game.variant).display_name
    header = header_data(ctx.config, game, display)
    reports: dict[str, str] = {}  # by language: e.g. Taskdip reveals every task

    def body(reader: Reader, record: bool = False) -> str:
        """The mail's text; `record`: the game's record (HISTORY, the zine), which
        leaves out the mail's header lines as the other records do."""
        if reader.language not in reports:
            reports[reader.language] = end_report_text(
                ctx.session, ctx.variants, game, Reader(language=reader.language)
            )
        over = render(
            "game_over.txt.j2", reader, **header, how=how, by=by, record=record,
            winner_groups=winner_groups(winner, holdings_of(ctx.session, game)), **details,
        )  # fmt: skip
        return over + reports[reader.language]

    record = body(DEFAULT_READER, record=True)
    event = store.add_event(
        ctx.session, game, kind="end", body=record, now=ctx.now, phase=game.phase
    )
    people = end_audience(ctx.session, game)
    readers = readers_for(game, people)
    others = {reader.language for reader in readers.values()} - {DEFAULT_READER.language}
    event.translations = {  # HISTORY shows each reader the record in their language
        language: body(Reader(language=language), record=True) for language in sorted(others)
    } or None
    broadcast(
        ctx.session,
        ctx.config,
        game,
        to=[person.address for person in people],
        what="Game Over",
        body=body,
        kind="broadcast",
        now=ctx.now,
        gate=ctx.gate,
        readers=readers,
    )


def holdings_of(session: Session, game: Game) -> list[list[str]]:
    """The powers of each of the game's players, whatever their status (a winner is
    named by all the powers they hold)."""
    players = store.players_of(session, game, roles=[PlayerRole.PLAYER], statuses=None)
    return [list(player.powers) for player in players]


def end_audience(session: Session, game: Game) -> list[Player]:
    """Who is told a game is over: its usual audience and the players who resigned
    (they played it; an ejected player is not written to again, nor one who withdrew
    before the start, with no power)."""
    resigned = store.players_of(
        session, game, roles=[PlayerRole.PLAYER], statuses=[PlayerStatus.RESIGNED]
    )
    played = [player for player in resigned if player.powers]
    return one_per_address([*audience(session, game), *played], lambda p: p.address)
