"""The maps of a round are drawn while the round goes on, not after it.

The scheduler hands each committed batch's maps to the `MapDrawer`, whose worker
processes draw them while the next batch is adjudicated; the round's end waits for
the rest. These tests watch the drawer between the batches.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from support.service.harness import JudgeHarness

from judge.server.scheduler import run_due_games
from judge.service.maps import drawing
from judge.service.maps.mail_maps import draw_job, map_job
from judge.store.models import Game, PhaseMap

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
DUE = START + timedelta(hours=72)


def _games(judge: JudgeHarness, count: int) -> None:
    """`count` started games with no grace: at the deadline each is processed."""
    for number in range(1, count + 1):
        master = f"gm{number}@example.org"
        judge.start_game(game=f"g{number}", count=2, master=master)
        reply = judge.reply(master, f"SIGNON Mg{number} gmpass\nSET GRACE 0")
        assert "grace" in str(reply.get_content()).lower()


def _drawn(judge: JudgeHarness) -> int:
    with judge.sessions() as session:
        return session.scalar(
            select(func.count()).select_from(PhaseMap).where(PhaseMap.data.is_not(None))
        ) or 0


class CountingDrawer(drawing.MapDrawer):
    """A MapDrawer that notes how many maps were drawn at each batch's end."""

    def __init__(self, judge: JudgeHarness) -> None:
        super().__init__(judge.sessions, judge.variants)
        self.judge = judge
        self.drawn_at_batches: list[int] = []

    def start_pending(self) -> None:
        super().start_pending()
        self.drawn_at_batches.append(_drawn(self.judge))


class SubmitRecordingDrawer(drawing.MapDrawer):
    """A MapDrawer that notes the maps it handed to the worker processes."""

    def __init__(self, judge: JudgeHarness) -> None:
        super().__init__(judge.sessions, judge.variants, drawing.DrawingPool())  # its own workers
        self.submitted: list[int] = []

    def _submit(self, jobs: dict[int, drawing.MapJob]) -> None:
        self.submitted += jobs
        super()._submit(jobs)


def test_each_batchs_maps_are_drawn_before_the_next_batch_runs(judge: JudgeHarness) -> None:
    _games(judge, 3)
    judge.config = replace(
        judge.config, scheduler=replace(judge.config.scheduler, batch_size=1)
    )
    judge.clock.set(DUE)
    drawer = CountingDrawer(judge)
    with judge.sessions() as session:
        assert run_due_games(session, judge.clock, judge.config, judge.variants, drawer) == 3
    # a map or two at a time is drawn right here, at once, after its batch's commit
    assert drawer.drawn_at_batches[:3] == [1, 2, 3]
    assert drawer.finish() == 3


def test_a_large_batch_goes_to_the_workers_and_is_saved_as_drawn_here(
    judge: JudgeHarness,
) -> None:
    count = drawing.PARALLEL_FROM + 1
    _games(judge, count)
    judge.clock.set(DUE)
    drawer = SubmitRecordingDrawer(judge)
    with judge.sessions() as session:
        assert run_due_games(session, judge.clock, judge.config, judge.variants,
                             drawer) == count  # fmt: skip
    assert len(drawer.submitted) == count  # handed to the workers during the round
    assert drawer.finish() == count  # every map handed out was waited for and saved
    assert drawer.pool is not None
    drawer.pool.shutdown()
    with judge.sessions() as session:
        for row in session.scalars(select(PhaseMap)):
            game = session.get(Game, row.game_id)
            assert game is not None
            assert row.data == draw_job(map_job(session, judge.variants, game, row.phase))
