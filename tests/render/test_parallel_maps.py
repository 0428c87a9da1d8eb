"""Maps drawn by the worker processes are the maps drawn here, byte for byte."""

from __future__ import annotations

from judge.render.palette import neutral_for
from judge.render.phase_map import phase_png
from judge.rules.map import load_map
from judge.rules.state import Phase
from judge.service.maps import drawing as map_drawing
from judge.service.maps.mail_maps import MapJob, draw_job
from judge.store.state_json import state_to_json


def _jobs(count: int) -> dict[int, MapJob]:
    board = load_map("standard").initial_state(Phase.parse("F1901M"))
    spring = Phase.parse("S1901M")
    neutral = [frozenset(), frozenset({"ITALY"}), frozenset({"RUSSIA", "TURKEY"})]
    return {i: MapJob(spring, state_to_json(board), (), neutral[i % 3]) for i in range(count)}


def test_a_batch_drawn_by_worker_processes_matches_drawing_here() -> None:
    jobs = _jobs(map_drawing.PARALLEL_FROM + 2)
    here = {i: draw_job(job) for i, job in jobs.items()}
    drawing = map_drawing.DrawingPool()  # one judge's worker processes
    pool = drawing.executor()
    try:
        # the workers themselves, with no fallback: a job that does not pickle fails here
        assert {i: pool.submit(draw_job, job).result() for i, job in jobs.items()} == here
    finally:
        drawing.shutdown()


def test_a_job_draws_what_the_renderer_draws_with_the_neutral_colour() -> None:
    job = _jobs(2)[1]
    assert draw_job(job) == phase_png(job.phase, job.after, (), neutral_for(job.neutral))
