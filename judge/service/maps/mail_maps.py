"""Maps in the mail: the PNG on every results mail, and the MAP command's reply.

A game's results mails carry the map unless its master sent SET MAPS OFF (kept
in the game's `GameSettings`, read by `maps_on`). The results map is stored once
per phase (`phase_maps`), drawn from the game's record just after the phase is
committed (`map_job` and `draw_job`, called by `judge.service.maps.drawing`);
every copy of the results carries a placeholder instead, and the sender attaches
the stored map as each copy goes (`judge.mail.stored_attachment`). Only public
things are drawn: the board, the processed orders, and Taskdip's unplayed powers
in the neutral colour (`judge.render.neutrals`); no task or bid is ever on a
board. A results map that fails to draw is logged and replaced by a blank image,
since the results must go out anyway.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.language.command_types import MapRequest
from judge.mail.attachments import Attachment
from judge.mail.stored_attachment import placeholder
from judge.render.legend_notes import legend_notes
from judge.render.neutrals import board_colours, neutral_on
from judge.render.palette import ColourOf, neutral_for
from judge.render.phase_map import board_png, phase_png
from judge.rules.results import OrderResult
from judge.rules.state import GameState, Phase
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.seats.snapshots import Board, load_board, rules_of
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game
from judge.store.phase_maps import store_map
from judge.store.state_json import state_from_json, state_to_json
from judge.variants.base import Snapshot, Variant
from judge.variants.registry import VariantRegistry
from judge.zine.stored import order_results

log = logging.getLogger(__name__)

def maps_on(game: Game) -> bool:
    """Whether the game's results mails carry the map (the default)."""
    return GameSettings.of(game).maps


def map_filename(game: str, phase: str) -> str:
    """`g1-S1901M.png`."""
    return f"{game}-{phase}.png"


@dataclass(frozen=True)
class StoredMap:
    """A phase's map as the results mails carry it: the stored row's id, and the
    placeholder attachment that stands for it until the mail is sent."""

    id: int
    attachment: Attachment


def results_map(session: Session, board: Board, now: datetime) -> StoredMap | None:
    """Record the map for the results of the board's phase, to be drawn once the
    phase is committed (`judge.service.maps.drawing`): None when the game has maps
    off. Drawing it here would hold the phase's transaction (and on SQLite, the
    write lock) for as long again as the adjudication."""
    if not maps_on(board.game):
        return None
    filename = map_filename(board.game.name, board.record.phase)
    row = store_map(session, board.game.id, board.record.phase, filename, None, now)
    return StoredMap(row.id, placeholder(filename))


@dataclass(frozen=True)
class MapJob:
    """What drawing a processed phase's map needs, as plain values that pickle (so
    that a worker process can draw it): the phase, the board after it (as the
    store's JSON), its orders' results, and the powers shown as neutral."""

    phase: Phase
    after_json: dict[str, Any]
    results: tuple[OrderResult, ...]
    neutral: frozenset[str]
    notes: tuple[tuple[str, str], ...] = ()  # the legend's: power -> who orders it

    @property
    def after(self) -> GameState:
        return state_from_json(self.after_json)


def map_job(session: Session, variants: VariantRegistry, game: Game, phase: str) -> MapJob:
    """The job for `game`'s processed `phase`, from its record: the board after it
    (the next phase's start) with its orders (re-read from the stored results, as
    the zine does). Raises when the record is incomplete."""
    record, after = store.phase_and_next(session, game, phase)
    variant = variants.get(game.variant)
    before = store.phase_state(record)
    results = order_results(variant.map, before, record.results)
    snapshot = Snapshot(store.phase_state(after), dict(after.variant_data or {}), rules_of(game))
    summary = variant.public_summary(snapshot)
    neutral = neutral_on(summary, snapshot.state.phase)
    notes = tuple(sorted(legend_notes(summary).items()))
    return MapJob(before.phase, state_to_json(snapshot.state), tuple(results), neutral, notes)


def draw_job(job: MapJob) -> bytes:
    """The job's PNG. Pure: it runs in a worker process as well as in this one."""
    colours = neutral_for(job.neutral) if job.neutral else None
    return phase_png(job.phase, job.after, job.results, colours, notes=dict(job.notes))


def map_request(ctx: MailContext, command: MapRequest) -> list[Note]:
    """`MAP game`: the current board, attached to the reply (whatever SET MAPS says)."""
    game = store.get_game(ctx.session, command.game)
    if game is None:
        raise Refusal("no_such_game", game=command.game)
    board = load_board(ctx.session, ctx.variants, game)
    if board is None:
        raise Refusal("not_started", game=game.name)
    notes = legend_notes(board.variant.public_summary(board.snapshot))
    png = board_png(board.state, _colours(board.variant, board.snapshot), notes=notes)
    filename = map_filename(game.name, board.record.phase)
    ctx.attach(Attachment(filename, png))
    return [note("map_attached", game=game.name, filename=filename)]


def _colours(variant: Variant, snapshot: Snapshot) -> ColourOf | None:
    return board_colours(variant.public_summary(snapshot), snapshot.state.phase)
