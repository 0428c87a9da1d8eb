"""Undoing processed phases (the master's ROLLBACK) without losing any of them.

The phase rows undone are marked `rolled_back_at` and kept, with their orders,
results and reports; the phase rolled back to is recorded again as a fresh row: the
board and the variant's data (control, credits, tasks...) at its start, no orders
on file, and the lot seed its first processing drew; each later phase played
again draws its undone twin's lot too (`undone_lot_seed`), so the same orders give
the same result. The public results of the phases undone are kept too, relabelled
`rolled_back` so HISTORY shows them as such. Works in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from judge.store import games as store
from judge.store.models import Event, Game, PhaseRecord

RESULTS_EVENT = "results"
ROLLED_BACK_EVENT = "rolled_back"  # the public results of a phase a ROLLBACK undid


@dataclass(frozen=True)
class RolledBack:
    """What a rollback did: the fresh row of the phase rolled back to, and the codes
    of the phases undone (processed ones first, in order, then the one that was open)."""

    record: PhaseRecord
    undone: tuple[str, ...]


def roll_back(session: Session, game: Game, target: PhaseRecord, now: datetime) -> RolledBack:
    """Make `target` (a standing phase of `game`) the current phase again, as it was
    when it opened; every standing phase from it on is marked rolled back."""
    undone = [r for r in store.phase_history(session, game) if r.seq >= target.seq]
    for record in undone:
        record.rolled_back_at = now
    session.flush()  # the phase code is free again among the standing rows
    last = session.scalar(select(func.max(PhaseRecord.seq)).where(PhaseRecord.game_id == game.id))
    fresh = PhaseRecord(
        game_id=game.id,
        seq=(last or 0) + 1,
        phase=target.phase,
        state=dict(target.state),
        lot_seed=target.lot_seed,
        created_at=now,
        variant_data=None if target.variant_data is None else dict(target.variant_data),
    )
    session.add(fresh)
    game.phase = fresh.phase
    game.variant_data = dict(target.variant_data or {})
    processed = [r.phase for r in undone if r.processed_at is not None]
    _relabel_results(session, game, processed)
    session.flush()
    return RolledBack(fresh, tuple(r.phase for r in undone))


def _relabel_results(session: Session, game: Game, phases: Sequence[str]) -> None:
    """The public results of `phases` stay in the record, marked as undone (those of
    an earlier rollback were relabelled then, so only these phases' are left)."""
    if not phases:
        return
    session.execute(
        update(Event)
        .where(
            Event.game_id == game.id,
            Event.kind == RESULTS_EVENT,
            Event.phase.in_(list(phases)),
        )
        .values(kind=ROLLED_BACK_EVENT)
        .execution_options(synchronize_session="fetch")
    )


def undone_lot_seed(session: Session, game: Game, phase: str) -> int | None:
    """The lot seed `phase` drew the last time it was processed and then rolled back,
    or None: a phase played again after a ROLLBACK draws the same lot (the same orders
    then give the same result, and a rollback is never a new throw of the dice)."""
    query = (
        select(PhaseRecord.lot_seed)
        .where(
            PhaseRecord.game_id == game.id,
            PhaseRecord.phase == phase,
            PhaseRecord.rolled_back_at.is_not(None),
            PhaseRecord.lot_seed.is_not(None),
        )
        .order_by(PhaseRecord.seq.desc())
        .limit(1)
    )
    return session.scalar(query)


def rolled_back_phases(session: Session, game: Game) -> list[PhaseRecord]:
    """Every phase row a ROLLBACK undid, in the order they were first recorded."""
    query = (
        select(PhaseRecord)
        .where(PhaseRecord.game_id == game.id, PhaseRecord.rolled_back_at.is_not(None))
        .order_by(PhaseRecord.seq)
    )
    return list(session.scalars(query))
