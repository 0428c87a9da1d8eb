"""Draw the results maps recorded by processed phases, outside their transactions.

Processing a phase records its map undrawn (`judge.service.maps.results_map`), so
the phase's transaction (on SQLite, the write lock) is not held while the renderer
works: 1,000 games due at once are adjudicated and committed first. Then each map
is drawn here from the game's record, in a read, and saved in a short transaction
of its own; the phase's results mails, which wait for their map, go as soon as it
is saved. A map that fails to draw is saved as the blank placeholder (and logged),
so its mails are never held back for good.

The daemons call `draw_pending_maps` after each scheduler round (`judge serve`'s
tick, every poll interval, so a phase processed early by a mail has its map drawn
within a second; `judge scheduler`'s rounds, before it sends; not with
`--no-send`, which leaves the drawing to whoever sends). Two daemons may draw the
same map at once; the first one saved stays (`save_drawing` only fills an empty
row), the other's work is wasted, never wrong.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

from sqlalchemy.orm import Session, sessionmaker

from judge.mail.stored_attachment import PLACEHOLDER_PNG
from judge.service.maps import MapJob, draw_job, map_job
from judge.store.db import begin_read_only
from judge.store.models import Game, PhaseMap
from judge.store.phase_maps import maps_to_draw, save_drawing

log = logging.getLogger(__name__)

BATCH = 20  # map ids read at a time
PARALLEL_FROM = 4  # fewer maps than this are drawn here; more, by worker processes


def draw_pending_maps(sessions: sessionmaker[Session]) -> int:
    """Draw every map not drawn yet; return how many were saved.

    A batch of several maps is drawn by a pool of worker processes, one per CPU
    (drawing is pure CPU work, about 17 ms a map: 1,000 games due at once would
    otherwise keep one core busy for 17 s while the others idle). The jobs are
    read here, in a read-only transaction, and the drawings saved here.
    """
    saved = 0
    while True:
        with sessions() as session:
            begin_read_only(session)
            ids = maps_to_draw(session.connection(), BATCH)
        if not ids:
            return saved
        jobs = {map_id: _job(sessions, map_id) for map_id in ids}
        drawn = _draw_all({i: job for i, job in jobs.items() if isinstance(job, MapJob)})
        for map_id, job in jobs.items():
            png = drawn.get(map_id, PLACEHOLDER_PNG) if isinstance(job, MapJob) else job
            if png is None:
                continue
            with sessions.begin() as session:
                save_drawing(session.connection(), map_id, png)
            saved += 1


def _job(sessions: sessionmaker[Session], map_id: int) -> MapJob | bytes | None:
    """The map's drawing job; the placeholder when its record cannot give one; None
    when the map is gone."""
    with sessions() as session:
        begin_read_only(session)  # no write lock while reading the record
        row = session.get(PhaseMap, map_id)
        if row is None:
            return None
        game = session.get(Game, row.game_id)
        try:
            if game is None:
                raise LookupError(f"game {row.game_id} is gone")
            return map_job(session, game, row.phase)
        except Exception:
            log.exception("the map of %s %s failed to draw; sent blank", row.game_id, row.phase)
            return PLACEHOLDER_PNG


def _draw_all(jobs: dict[int, MapJob]) -> dict[int, bytes]:
    """Each job's PNG (the placeholder for one whose drawing failed)."""
    if len(jobs) < PARALLEL_FROM:
        return {map_id: _draw_or_blank(job) for map_id, job in jobs.items()}
    try:
        pool = _pool()
        futures = {map_id: pool.submit(draw_job, job) for map_id, job in jobs.items()}
    except Exception:  # no worker processes here (a sandbox, a closed pool): draw here
        log.exception("map drawing: no worker processes; drawing in this process")
        return {map_id: _draw_or_blank(job) for map_id, job in jobs.items()}
    drawn: dict[int, bytes] = {}
    for map_id, future in futures.items():
        try:
            drawn[map_id] = future.result()
        except Exception:
            log.exception("map %s failed to draw in a worker; drawn here", map_id)
            drawn[map_id] = _draw_or_blank(jobs[map_id])
    return drawn


def _draw_or_blank(job: MapJob) -> bytes:
    try:
        return draw_job(job)
    except Exception:
        log.exception("the map of %s failed to draw; sent blank", job.phase)
        return PLACEHOLDER_PNG


_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ProcessPoolExecutor:
    """The worker processes, started on first use and kept for the process's life.
    `forkserver`: the judge's own process has threads (intake, sender), which a
    plain fork would copy in whatever state their locks are in."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            context = multiprocessing.get_context("forkserver")
            _POOL = ProcessPoolExecutor(max_workers=os.cpu_count() or 2, mp_context=context)
        return _POOL
