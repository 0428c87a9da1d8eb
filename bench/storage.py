"""Benchmark: how much a 7-player game with maps grows the database per game-year.

    python bench/storage.py [--years 5] [--seed 1] [--postgres URL]

A standard game is seeded in a fresh SQLite database (`bench.seeding`:
seven players and the master, maps on), then played `--years` game-years by the
real scheduler (`judge.server.scheduler.run_due_games`, the clock moved past each
deadline): in each movement phase every unit is ordered to a neighbouring
province picked at random (a seeded generator; bounces and dislodgements follow),
and retreats and builds are left to the judge's civil-disorder defaults. After
every phase the outbox is delivered into a maildir, as `judge serve` would.

Printed: the database's size in use (SQLite pages minus free pages) at the start
and after each game-year, the bytes per game-year, the share taken by the stored
maps and by the outbox, and what a year costs once `[storage] retention_days` has
pruned the mail bodies (the steady state of a long game).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the shared helpers: `support`

from sqlalchemy import func, select, text  # noqa: E402
from sqlalchemy.orm import Session, sessionmaker  # noqa: E402
from support.seeding import seed_game  # noqa: E402

from judge.clock import ManualClock  # noqa: E402
from judge.config import Config, config_from_dict  # noqa: E402
from judge.server.scheduler import run_due_games  # noqa: E402
from judge.server.sender import deliver_due, make_transport  # noqa: E402
from judge.service.maps.drawing import draw_pending_maps  # noqa: E402
from judge.service.seats.snapshots import load_board  # noqa: E402
from judge.store import games as store  # noqa: E402
from judge.store.db import make_engine, make_session_factory  # noqa: E402
from judge.store.migrate import upgrade  # noqa: E402
from judge.store.models import OutboxMessage, PhaseMap  # noqa: E402
from judge.store.passwords import hash_password  # noqa: E402
from judge.store.retention import prune  # noqa: E402
from judge.variants.registry import default_registry  # noqa: E402

GAME = "s1"
MEGABYTE = 1024 * 1024
VARIANTS = default_registry()  # the judge's registry, as the command line builds it


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--years", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'judge.db'}"
        config = config_from_dict(
            {"judge": {"address": "judge@example.org", "code": "BENCH"},
             "database": {"url": url}, "outbound": {"maildir": "outbox"}},
            Path(folder),
        )  # fmt: skip
        engine = make_engine(url)
        upgrade(engine)
        sessions = make_session_factory(engine)
        clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
        _seed(sessions, config, clock)
        _play(sessions, config, clock, args.years, random.Random(args.seed))
        engine.dispose()
    return 0


def _seed(sessions: sessionmaker[Session], config: Config, clock: ManualClock) -> None:
    with sessions.begin() as session:
        seed_game(
            session, config, variants=VARIANTS, name=GAME, variant="standard",
            password_hash=hash_password("b"),
            now=clock.now(), due=clock.now() + timedelta(days=2), maps=True,
        )  # fmt: skip
    _deliver(sessions, config, clock)


def _play(
    sessions: sessionmaker[Session], config: Config, clock: ManualClock, years: int,
    rng: random.Random,
) -> None:
    start = _bytes_in_use(sessions)
    print(f"7-player standard game with maps, {years} game-year(s); database at start: "
          f"{start / 1024:.0f} KiB")  # fmt: skip
    sizes = [start]
    year = 1901
    phases = 0
    while len(sizes) <= years:
        phase = _phase(sessions)
        if phase is None:
            print("  the game ended")
            break
        if phase.startswith("S") and phase.endswith("M") and int(phase[1:5]) > year:
            year = int(phase[1:5])
            sizes.append(_bytes_in_use(sessions))
            grown = sizes[-1] - sizes[-2]
            print(f"  {year - 1}: +{grown / 1024:.0f} KiB ({grown / MEGABYTE:.2f} MB)")
            continue
        _order_moves(sessions, clock, rng)
        _run_deadline(sessions, config, clock)
        _deliver(sessions, config, clock)
        phases += 1
    played = len(sizes) - 1
    if played:
        per_year = (sizes[-1] - sizes[0]) / played
        print(f"{phases} phases; bytes per game-year: {per_year:,.0f} "
              f"({per_year / MEGABYTE:.2f} MB; the bound is 1 MB)")  # fmt: skip
    _shares(sessions)
    _after_retention(sessions, config, clock, (sizes[0], sizes[-1]), played)


def _phase(sessions: sessionmaker[Session]) -> str | None:
    with sessions() as session:
        game = store.get_game(session, GAME)
        assert game is not None
        return game.phase if game.status.value == "active" else None


def _order_moves(sessions: sessionmaker[Session], clock: ManualClock, rng: random.Random) -> None:
    """In a movement phase, every unit moves to a random neighbour (or tries to)."""
    with sessions.begin() as session:
        game = store.get_game(session, GAME)
        assert game is not None
        board = load_board(session, VARIANTS, game)
        if board is None or not board.state.phase.code.endswith("M"):
            return
        game_map = board.variant.map
        for power in sorted(game_map.home_centers):
            lines = []
            for unit in board.state.units_of(power):
                near = (game_map.army_neighbours(unit.location) if unit.kind.value == "A"
                        else game_map.fleet_neighbours(unit.location))  # fmt: skip
                if near:
                    lines.append(f"{unit}-{rng.choice(sorted(near))}")
            store.set_orders(session, board.record, power, lines, now=clock.now())


def _run_deadline(sessions: sessionmaker[Session], config: Config, clock: ManualClock) -> None:
    with sessions() as session:
        game = store.get_game(session, GAME)
        assert game is not None
        deadline = game.next_deadline
    if deadline is not None and deadline > clock.now():
        clock.advance(deadline - clock.now() + timedelta(seconds=1))
    with sessions() as session:
        run_due_games(session, clock, config, VARIANTS)


def _deliver(sessions: sessionmaker[Session], config: Config, clock: ManualClock) -> None:
    draw_pending_maps(sessions, VARIANTS)  # as the daemons do after a round
    deliver_due(sessions, make_transport(config.outbound), clock, config, VARIANTS)


def _bytes_in_use(sessions: sessionmaker[Session]) -> int:
    with sessions() as session:
        pages, size, free = (
            int(session.execute(text(f"PRAGMA {name}")).scalar_one())
            for name in ("page_count", "page_size", "freelist_count")
        )
    return (pages - free) * size


def _shares(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        maps, map_bytes = session.execute(
            select(func.count(), func.coalesce(func.sum(func.length(PhaseMap.data)), 0))
        ).one()
        mails, mail_bytes = session.execute(
            select(func.count(), func.coalesce(func.sum(func.length(OutboxMessage.message)), 0))
        ).one()
    print(f"  stored maps: {maps} ({map_bytes / 1024:.0f} KiB); outbox: {mails} mails "
          f"({mail_bytes / 1024:.0f} KiB)")  # fmt: skip


def _after_retention(
    sessions: sessionmaker[Session], config: Config, clock: ManualClock,
    sizes: tuple[int, int], years: int,
) -> None:
    """`sizes`: the bytes in use before the first year and after the last."""
    start, before = sizes
    later = clock.now() + timedelta(days=config.storage.retention_days + 1)
    with sessions() as session:  # prune commits per batch
        pruned = prune(session, later, config.storage.retention_days)
    after = _bytes_in_use(sessions)
    print(f"after the retention ({config.storage.retention_days} days): pruned {pruned.outbox} "
          f"sent and {pruned.inbox} received bodies, {pruned.maps} maps; in use "
          f"{before / 1024:.0f} -> {after / 1024:.0f} KiB"
          + (f" ({(after - start) / years / 1024:.0f} KiB per game-year kept)"
             if years else ""))  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
