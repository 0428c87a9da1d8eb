"""What the scheduler does for one game whose time has come.

`run_due` is called with the game row locked (claimed by `store.due_games`), in the
caller's transaction, with the moment `now`. It does whatever is due at `now`, in
order, so a judge that was down catches up in one go:

1. the reminder, if its time has come and the deadline has not passed yet (a
   reminder after the deadline would be pointless: the late notice replaces it);
2. at the deadline: the phase is processed when nobody who plays is late (WAIT no
   longer holds it back); otherwise the late notices go out and the grace starts,
   unless the grace (counted from the deadline) is already over;
3. at the end of the grace: the phase is processed, and the late powers' missing
   orders are treated as civil disorder by the variant (njudge's CD, the default);
   in a game set NMR (`SET NMR`) the game waits instead: the late players are
   told again, and again at the end of each further grace period, until their
   orders are in (early processing) or a master sends PROCESS.

A phase is processed at most once: the game row is locked, and the next phase's row
is unique per game and phase, so a second attempt fails and rolls back.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import Gate, no_mail_in
from judge.service.game import deadlines
from judge.service.game.lateness import (
    Late,
    disorder_entries,
    late_players,
    send_late_notices,
    send_reminders,
)
from judge.service.game.processing import Processed, process_if_ready, process_phase
from judge.service.seats.snapshots import Board, load_board, submissions
from judge.store.game_settings import GameSettings
from judge.store.models import Game
from judge.variants.registry import VariantRegistry

log = logging.getLogger(__name__)
# NMR reminds the late players once per grace period, but never more often than this
# (a grace of zero would otherwise mail them at every scheduler round).
NMR_REMINDER_GAP = timedelta(hours=1)


def run_due(
    session: Session, config: Config, variants: VariantRegistry, game: Game, now: datetime
) -> list[Processed]:
    """Do what is due for `game` at `now` (its variant from the judge's `variants`);
    return the phases processed. No received
    mail asked for it: its mail goes through the gate `no_mail_in` (`judge.outbox.gate`)."""
    gate = no_mail_in()
    board = load_board(session, variants, game)
    if board is None or game.next_deadline is None:
        game.remind_at = game.grace_until = None
        return []
    if game.remind_at is not None and game.remind_at <= now:
        _remind(session, config, gate, board, now)
    if now < game.next_deadline:
        return []
    return _after_deadline(session, config, variants, gate, board, now)


def _wait_again(
    session: Session, config: Config, gate: Gate, board: Board, late: list[Late], now: datetime
) -> None:
    """NMR: the grace is over and orders are missing; wait one more grace period,
    and tell the late players (and the others) so."""
    game = board.game
    grace = deadlines.grace_of(GameSettings.of(game), deadlines.kind_of(game.phase))
    game.grace_until = now + max(grace, NMR_REMINDER_GAP)
    send_late_notices(session, config, gate, board, late, now)
    log.info("game %s: waits for %d late player(s) (NMR)", game.name, len(late))


def _remind(session: Session, config: Config, gate: Gate, board: Board, now: datetime) -> None:
    board.game.remind_at = None
    deadline = board.game.next_deadline
    if deadline is not None and now < deadline:
        send_reminders(session, config, gate, board, late_players(session, board), now)


def _after_deadline(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    board: Board,
    now: datetime,
) -> list[Processed]:
    game = board.game
    sent = submissions(session, board)
    late = late_players(session, board, sent)
    if late and game.grace_until is None:
        end = deadlines.grace_end(game)
        if end is not None and now < end:
            game.grace_until = end
            send_late_notices(session, config, gate, board, late, now)
            return []
    elif late and game.grace_until is not None and now < game.grace_until:
        return []
    if late and GameSettings.of(game).nmr:
        _wait_again(session, config, gate, board, late, now)
        return []
    done = process_phase(
        session, config, gate, board, now, disorder=disorder_entries(late), sent=sent
    )
    log.info("game %s: %s processed at its deadline", game.name, done.phase)
    if done.finished or deadlines.kind_of(done.next_phase) == "MOVE":
        return [done]  # a fresh movement phase waits: nobody can have ordered for it yet
    return [done, *process_if_ready(session, config, variants, gate, game, now)]
