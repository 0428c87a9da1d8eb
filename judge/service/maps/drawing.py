"""Draw the results maps recorded by processed phases, outside their transactions.

Processing a phase records its map undrawn (`judge.service.maps.mail_maps.results_map`), so
the phase's transaction (on SQLite, the write lock) is not held while the renderer
works: 1,000 games due at once are adjudicated and committed first. Then each map
is drawn here from the game's record, in a read, and saved in a short transaction
of its own; the phase's results mails, which wait for their map, go as soon as it
is saved. A map that fails to draw is saved as the blank placeholder (and logged),
so its mails are never held back for good.

The scheduler's rounds (`judge serve`'s tick, every poll interval, and `judge
scheduler`'s) hand the maps to a `MapDrawer` after each committed batch, so the
maps are drawn by worker processes while the next games are adjudicated, and
wait for the rest at the round's end; a phase processed early by a mail has its
map drawn at the next tick, within a second. Two daemons may draw the same map at
once; the first one saved stays (`save_drawing` only fills an empty row), the
other's work is wasted, never wrong.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor

from sqlalchemy.orm import Session, sessionmaker

from judge.mail.stored_attachment import PLACEHOLDER_PNG
from judge.service.maps.mail_maps import MapJob, draw_job, map_job
from judge.store.db import begin_read_only
from judge.store.models import Game, PhaseMap
from judge.store.phase_maps import maps_to_draw, save_drawing
from judge.variants.registry import VariantRegistry

log = logging.getLogger(__name__)

BATCH = 20  # map ids read at a time
PARALLEL_FROM = 4  # fewer maps than this are drawn here; more, by worker processes


def draw_pending_maps(
    sessions: sessionmaker[Session], variants: VariantRegistry, pool: DrawingPool | None = None
) -> int:
    """Draw every map not drawn yet (with the judge's worker `pool`, else all here);
    return how many were saved."""
    drawer = MapDrawer(sessions, variants, pool)
    drawer.start_pending()
    return drawer.finish()


class MapDrawer:
    """The maps of one round, drawn while the round goes on.

    The scheduler calls `start_pending` after each committed batch of due games:
    the maps that batch recorded are read (in a read-only transaction) and handed
    to a pool of worker processes, one per CPU, which draw them while the next
    batch is adjudicated (drawing is pure CPU work, about 17 ms a map; 1,000 games
    due at once would otherwise keep one core busy for 17 s after the round). The
    drawings that are done are saved at each call, all in one short transaction;
    `finish` waits for the rest, then draws whatever is still pending (a map
    recorded by another process, say). A handful of maps is drawn right here, and
    every map when the drawer was given no `pool` (the judge's worker processes).
    A game's map is read with its variant from `variants`, the judge's registry.
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        variants: VariantRegistry,
        pool: DrawingPool | None = None,
    ) -> None:
        self.sessions = sessions
        self.variants = variants
        self.pool = pool
        self.saved = 0
        self._running: dict[int, Future[bytes]] = {}
        self._jobs: dict[int, MapJob] = {}

    def start_pending(self) -> None:
        """Hand every map not drawn (nor being drawn) to the workers; save those done."""
        while True:
            with self.sessions() as session:
                begin_read_only(session)
                ids = maps_to_draw(session.connection(), BATCH, exclude=self._running.keys())
            if not ids:
                break
            jobs = {map_id: _job(self.sessions, self.variants, map_id) for map_id in ids}
            ready = {i: job for i, job in jobs.items() if not isinstance(job, MapJob)}
            self._save({i: png for i, png in ready.items() if png is not None})
            drawing = {i: job for i, job in jobs.items() if isinstance(job, MapJob)}
            if len(drawing) < PARALLEL_FROM and not self._running:
                self._save({i: _draw_or_blank(job) for i, job in drawing.items()})
                continue
            self._submit(drawing)
        self._save_done(wait=False)

    def finish(self) -> int:
        """Wait for every drawing handed out, save it, and draw what is left here."""
        self._save_done(wait=True)
        self.start_pending()
        self._save_done(wait=True)
        return self.saved

    def _submit(self, jobs: dict[int, MapJob]) -> None:
        if self.pool is None:  # no worker processes given: every map is drawn here
            self._save({i: _draw_or_blank(job) for i, job in jobs.items()})
            return
        try:
            pool = self.pool.executor()
            for map_id, job in jobs.items():
                self._running[map_id] = pool.submit(draw_job, job)
                self._jobs[map_id] = job
        except Exception:  # no worker processes here (a sandbox, a closed pool): draw here
            log.exception("map drawing: no worker processes; drawing in this process")
            self._save(
                {i: _draw_or_blank(job) for i, job in jobs.items() if i not in self._running}
            )

    def _save_done(self, *, wait: bool) -> None:
        done: dict[int, bytes] = {}
        for map_id, future in list(self._running.items()):
            if not wait and not future.done():
                continue
            job = self._jobs.pop(map_id)
            del self._running[map_id]
            try:
                done[map_id] = future.result()
            except Exception:
                log.exception("map %s failed to draw in a worker; drawn here", map_id)
                done[map_id] = _draw_or_blank(job)
        self._save(done)

    def _save(self, drawings: dict[int, bytes]) -> None:
        if not drawings:
            return
        with self.sessions.begin() as session:
            for map_id, png in drawings.items():
                save_drawing(session.connection(), map_id, png)
        self.saved += len(drawings)


def _job(
    sessions: sessionmaker[Session], variants: VariantRegistry, map_id: int
) -> MapJob | bytes | None:
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
            return map_job(session, variants, game, row.phase)
        except Exception:
            log.exception("the map of %s %s failed to draw; sent blank", row.game_id, row.phase)
            return PLACEHOLDER_PNG


def _draw_or_blank(job: MapJob) -> bytes:
    try:
        return draw_job(job)
    except Exception:
        log.exception("the map of %s failed to draw; sent blank", job.phase)
        return PLACEHOLDER_PNG


class DrawingPool:
    """One judge's worker processes, started on first use and kept for the judge's
    life (`judge.server.runtime.Judge` owns it: two judges keep their own).
    `forkserver`: the judge's own process has threads (intake, sender), which a
    plain fork would copy in whatever state their locks are in."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                context = multiprocessing.get_context("forkserver")
                self._executor = ProcessPoolExecutor(
                    max_workers=os.cpu_count() or 2, mp_context=context
                )
            return self._executor

    def shutdown(self) -> None:
        """Stop the worker processes, if any were started."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown()
                self._executor = None
