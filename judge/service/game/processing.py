"""Processing a phase: adjudicate, persist the next phase and mail the results.

All of it happens in the caller's transaction: the results, the next phase's row
(unique per game and phase, so a phase can never be processed twice), the game's
new status and the results mails commit together or not at all. The lot seed is
drawn and stored per phase, so the adjudication can be replayed (and a phase the
master rolled back to draws the same lot again).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import Gate
from judge.rules.state import GameState, PhaseType
from judge.service.game import deadlines
from judge.service.game.absence_moves import DeadlineMove, move_for_absences, move_words
from judge.service.game.ending import end_audience
from judge.service.game.skipped import skipped_text
from judge.service.game_mail.mailing import audience, broadcast, header_data
from judge.service.maps.mail_maps import results_map
from judge.service.seats.reader_preferences import readers_for
from judge.service.seats.snapshots import (
    Board,
    active_players,
    draw_seed,
    load_board,
    seat_of,
    submissions,
)
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, PlayerRole
from judge.store.rollback import undone_lot_seed
from judge.store.state_json import results_to_json
from judge.variants.base import Outcome, Submission, Variant
from judge.variants.registry import VariantRegistry
from judge.wording.describe import winner_groups, winner_titles
from judge.wording.readers import DEFAULT_LANGUAGE, DEFAULT_READER, Reader
from judge.wording.report import phase_words, results_data
from judge.wording.templates import render
from judge.wording.vocabulary import wording_for


@dataclass(frozen=True)
class Processed:
    """What processing a phase did, for the reply that caused it."""

    phase: str
    next_phase: str | None
    finished: bool


def ready_to_process(session: Session, board: Board, now: datetime | None = None) -> bool:
    """Every seat that owes orders has sent complete ones, and nobody waits.

    Once the deadline has passed (at `now`), WAIT no longer holds the phase back.
    """
    if board.game.status is not GameStatus.ACTIVE:
        return False
    players = {seat_of(p): p for p in active_players(session, board.game)}
    deadline = board.game.next_deadline
    waiting = deadline is None or now is None or now < deadline
    if waiting and any(p.wait for p in players.values()):
        return False
    owing = {seat for seat in board.variant.owing(board.snapshot) if seat in players}
    if not owing:
        # Nobody present owes anything: move on, except in a movement phase, which
        # then waits for the master (nobody who plays has a unit left to order).
        return board.state.phase.type is not PhaseType.MOVEMENT
    sent = submissions(session, board)
    return all(board.variant.is_complete(board.snapshot, s, sent[s]) for s in owing)


def process_if_ready(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    game: Game,
    now: datetime,
) -> list[Processed]:
    """Early processing: process the current phase (and the next...) while ready."""
    locked = store.get_game(session, game.name, for_update=True)
    done: list[Processed] = []
    while locked is not None and len(done) < config.scheduler.max_chained_phases:
        board = load_board(session, variants, locked)
        if board is None or not ready_to_process(session, board, now):
            break
        done.append(process_phase(session, config, gate, board, now))
    return done


def process_phase(
    session: Session,
    config: Config,
    gate: Gate,
    board: Board,
    now: datetime,
    *,
    disorder: Sequence[tuple[str, str | None]] = (),
    sent: Mapping[str, Submission] | None = None,
) -> Processed:
    """Adjudicate the board's phase with what was sent, and record everything.

    `disorder` names the powers (as titles) whose missing orders are civil disorder
    because their grace ended, each with the powers of the player who controls it
    when that player does not hold it (an Intimate mercenary), else None; the
    results say so. `sent`: the submissions, when the caller has read them already.
    """
    game = board.game
    seed = _lot_seed(session, board)
    if sent is None:
        sent = submissions(session, board)
    outcome = board.variant.advance(board.snapshot, sent, random.Random(seed))
    board.record.lot_seed = seed
    store.mark_processed(board.record, results_to_json(outcome.results), now=now)
    board.record.report = dict(outcome.report) if outcome.report else None
    phase = board.record.phase
    worded: dict[str, str] = {}  # language -> the public results, as the mails needed them

    def public_for(language: str) -> str:
        if language not in worded:
            worded[language] = _public_text(
                board.variant, board.state, outcome, tuple(disorder), language
            )
        return worded[language]

    public = public_for(DEFAULT_LANGUAGE)  # the public record is kept in English
    event = store.add_event(session, game, kind="results", body=public, now=now, phase=phase)
    moved = _advance(session, game, board, outcome, now)
    _mail_results(session, config, gate, board, outcome, public_for, now, moved)
    others = {language: text for language, text in worded.items() if language != DEFAULT_LANGUAGE}
    event.translations = others or None  # HISTORY shows a French reader the French record
    next_phase = None if outcome.finished else game.phase
    return Processed(phase, next_phase, outcome.finished)


def _lot_seed(session: Session, board: Board) -> int:
    """A fresh lot, but for a phase played again after the master's ROLLBACK, which
    draws the lot it drew the first time (`judge.store.rollback`)."""
    if board.record.lot_seed is not None:
        return board.record.lot_seed
    again = undone_lot_seed(session, board.game, board.record.phase)
    return again if again is not None else draw_seed()


def _public_text(
    variant: Variant,
    before: GameState,
    outcome: Outcome,
    disorder: tuple[tuple[str, str | None], ...],
    language: str,
) -> str:
    """The public results of the phase in `language`: what every results mail holds."""
    reader = Reader(language=language)
    disbanded = (outcome.report or {}).get("public", {}).get("disbanded", {})
    data = results_data(
        variant.map,
        before,
        outcome.results,
        outcome.snapshot.state,
        disbanded,
        wording_for(language),
    )
    public = render("_phase_results.txt.j2", reader, **data).rstrip() + "\n"
    public += variant_report(variant, outcome, seat=None, reader=reader)
    if disorder:
        public += "\n" + render(
            "_civil_disorder.txt.j2", reader,
            powers=[{"power": p, "controller": c} for p, c in disorder],
        )  # fmt: skip
    public += skipped_text(variant.map, outcome, reader)
    return public


def _advance(
    session: Session, game: Game, board: Board, outcome: Outcome, now: datetime
) -> DeadlineMove | None:
    """Record the next phase and open it; the deadline move the absences made, if any."""
    game.variant_data = dict(outcome.snapshot.data)
    GameSettings.of(game).with_rules(outcome.snapshot.rules).save(game)
    store.record_phase(
        session, game, outcome.snapshot.state, now=now, variant_data=game.variant_data
    )
    if outcome.finished:
        game.status = GameStatus.FINISHED
        game.winner = outcome.winner
        deadlines.clear_schedule(game)
        return None
    deadlines.open_phase(game, now)
    holdings = board.variant.holdings(outcome.snapshot)
    waits = board.variant.waits_for_players(outcome.snapshot)
    for player in active_players(session, game):
        player.wait = waits
        player.powers = list(holdings.get(seat_of(player), ()))
    return move_for_absences(session, game, now)


def _mail_results(
    session: Session,
    config: Config,
    gate: Gate,
    board: Board,
    outcome: Outcome,
    public_for: Callable[[str], str],
    now: datetime,
    moved: DeadlineMove | None = None,
) -> None:
    game = board.game
    common = {
        **header_data(config, game, board.variant.display_name),
        "moved": move_words(moved),
        "finished": outcome.finished,
        "winners": winner_titles(outcome.winner),
        "winner_groups": winner_groups(
            outcome.winner, board.variant.holdings(outcome.snapshot).values()
        ),
    }
    private_reports = outcome.report.get("private", {}) if outcome.report else {}
    stored = results_map(session, board, now)  # one map for all, drawn after the commit
    people = end_audience(session, game) if outcome.finished else audience(session, game)
    groups: dict[str | None, list[str]] = {}  # a seat with a private part (or None) -> who
    for person in people:
        seat = seat_of(person) if person.role is PlayerRole.PLAYER else None
        groups.setdefault(seat if seat in private_reports else None, []).append(person.address)
    for seat, addresses in groups.items():
        text = functools.partial(_results_text, board, outcome, common, public_for, seat)
        broadcast(
            session,
            config,
            game,
            to=addresses,
            what=f"{board.record.phase} Results",
            body=text,
            kind="results",
            now=now,
            gate=gate,
            attachments=(stored.attachment,) if stored else (),
            map_id=stored.id if stored else None,
            readers=readers_for(game, people),
        )


def _results_text(
    board: Board,
    outcome: Outcome,
    common: dict[str, Any],
    public_for: Callable[[str], str],
    seat: str | None,
    reader: Reader,
) -> str:
    """One results mail for `reader`: the public results in their language, and the
    private part of `seat`'s report (None: no private part)."""
    public = public_for(reader.language)
    if seat is not None:
        public += variant_report(board.variant, outcome, seat=seat, private_only=True,
                                 reader=Reader(language=reader.language))  # fmt: skip
    next_phase = phase_words(outcome.snapshot.state.phase, wording_for(reader.language))
    return render("results.txt.j2", reader, **common, next_phase=next_phase, public=public)


def variant_report(
    variant: Variant,
    outcome: Outcome,
    *,
    seat: str | None,
    private_only: bool = False,
    reader: Reader = DEFAULT_READER,
) -> str:
    """The variant's own part of a results mail (bids, control, violations...).

    With `seat=None` it is the public part, which also goes into the public record;
    with a seat and `private_only`, just what that seat alone may read.
    """
    if variant.report_template is None or not outcome.report:
        return ""
    private = outcome.report.get("private", {}).get(seat) if seat is not None else None
    text = render(
        variant.report_template,
        reader,
        report={} if private_only else outcome.report.get("public", {}),
        private=private,
    ).strip("\n")
    return f"\n{text}\n" if text else ""
