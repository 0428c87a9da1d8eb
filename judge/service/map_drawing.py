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

from sqlalchemy.orm import Session, sessionmaker

from judge.mail.stored_attachment import PLACEHOLDER_PNG
from judge.service.maps import draw_phase_map
from judge.store.db import begin_read_only
from judge.store.models import Game, PhaseMap
from judge.store.phase_maps import maps_to_draw, save_drawing

log = logging.getLogger(__name__)

BATCH = 20  # map ids read at a time


def draw_pending_maps(sessions: sessionmaker[Session]) -> int:
    """Draw every map not drawn yet; return how many were saved."""
    saved = 0
    while True:
        with sessions() as session:
            begin_read_only(session)
            ids = maps_to_draw(session.connection(), BATCH)
        if not ids:
            return saved
        for map_id in ids:
            png = _draw(sessions, map_id)
            if png is None:
                continue
            with sessions.begin() as session:
                save_drawing(session.connection(), map_id, png)
            saved += 1


def _draw(sessions: sessionmaker[Session], map_id: int) -> bytes | None:
    """The map's PNG (the placeholder when drawing fails); None when it is gone."""
    with sessions() as session:
        begin_read_only(session)  # no write lock while the renderer works
        row = session.get(PhaseMap, map_id)
        if row is None:
            return None
        game = session.get(Game, row.game_id)
        try:
            if game is None:
                raise LookupError(f"game {row.game_id} is gone")
            return draw_phase_map(session, game, row.phase)
        except Exception:
            log.exception("the map of %s %s failed to draw; sent blank", row.game_id, row.phase)
            return PLACEHOLDER_PNG
