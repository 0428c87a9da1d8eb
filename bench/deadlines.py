"""Benchmark the scheduler: many games whose deadlines expire at the same moment.

    python bench/deadlines.py [--games 1000] [--postgres URL] [--no-sqlite] [--maps]

For each setup (SQLite with one process; PostgreSQL with one, then two processes,
when a PostgreSQL URL is given or `JUDGE_TEST_DATABASE_URL` is set), a fresh
database gets `--games` running games, half standard and half Intimate, made by
`bench.seeding.seed_game` (the real start of a game: powers allotted,
first phase recorded, start mails queued; every standard power has its opening
orders stored; no grace, so late Intimate bids are civil disorder at once). The
games have SET MAPS OFF unless `--maps` is given: drawing the map PNG (about 20 ms
of CPU per phase) and storing it in every reader's copy measure the renderer and
the disk, not the scheduler. Every deadline is one second in the past. Then N
`judge scheduler --once --no-send` processes are started together, and the clock
runs until the last one exits: every phase adjudicated, every results mail in the
outbox. The database is then checked: each game processed exactly one phase, and
the outbox holds exactly one results mail per reader.

With `--maps`, processing records each phase's map undrawn (drawing it inside the
phase's transaction held SQLite's write lock for as long again); the scheduler
hands each committed batch's maps to worker processes, which draw them while the
next batch is adjudicated, and waits for the last before it exits
(`judge.service.maps.drawing`). So the wall time is until every results mail is
ready to go, map included, and the bench checks that each game has its one map,
drawn.

Figures: wall time from the start of the processes to the last exit (interpreter
start-up included), games per second, each process's own time and share, and the
CPU time the scheduler processes used (the PostgreSQL server's is not counted).
The machine's load average is printed too: on a shared machine, wall times grow
with it, and two processes can only beat one when two cores are free.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the shared helpers: `support`

from sqlalchemy import func, select  # noqa: E402
from support.seeding import seed_game  # noqa: E402

from judge.config import config_from_dict  # noqa: E402
from judge.store.db import make_engine, make_session_factory  # noqa: E402
from judge.store.migrate import upgrade  # noqa: E402
from judge.store.models import OutboxMessage, PhaseMap, PhaseRecord  # noqa: E402
from judge.store.passwords import hash_password  # noqa: E402
from judge.variants.registry import default_registry  # noqa: E402

VARIANTS = ("standard", "intimate")
READERS = {"standard": 8, "intimate": 3}  # players + the master


def main() -> int:
    args = _arguments()
    postgres = args.postgres or os.environ.get("JUDGE_TEST_DATABASE_URL")
    setups: list[tuple[str, int]] = [] if args.no_sqlite else [("sqlite", 1)]
    if postgres:
        setups += [("postgres", 1), ("postgres", 2)]
    else:
        print("PostgreSQL skipped: give --postgres URL or set JUDGE_TEST_DATABASE_URL")
    maps = "with" if args.maps else "without"
    print(
        f"{args.games} games due at the same moment, results {maps} maps; "
        f"{os.cpu_count()} CPU(s), load average {os.getloadavg()[0]:.1f}"
    )
    timings: dict[tuple[str, int], float] = {}
    for backend, processes in setups:
        with tempfile.TemporaryDirectory() as folder:
            url = _database(backend, postgres, Path(folder))
            timings[(backend, processes)] = _run_setup(
                url, Path(folder), args.games, processes, args.maps
            )
    if ("postgres", 1) in timings and ("postgres", 2) in timings:
        speedup = timings[("postgres", 1)] / timings[("postgres", 2)]
        print(f"PostgreSQL, two processes against one: {speedup:.2f}x faster")
    return 0


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--postgres", help="a PostgreSQL URL (a fresh schema is used)")
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument("--maps", action="store_true", help="results mails carry the map")
    return parser.parse_args()


def _database(backend: str, postgres: str | None, folder: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{folder / 'judge.db'}"
    assert postgres is not None
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = make_engine(postgres)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    admin.dispose()
    separator = "&" if "?" in postgres else "?"
    return f"{postgres}{separator}options={quote(f'-csearch_path={schema}')}"


def _run_setup(url: str, folder: Path, games: int, processes: int, maps: bool) -> float:
    backend = "SQLite" if url.startswith("sqlite") else "PostgreSQL"
    config_file = _write_config(url, folder)
    started = time.perf_counter()
    _seed(url, folder, games, maps)
    print(
        f"\n{backend}, {processes} process(es): {games} games seeded in "
        f"{time.perf_counter() - started:.1f} s"
    )
    wall, cpu, outputs = _schedule(config_file, processes)
    for index, output in enumerate(outputs, 1):
        print(f"  process {index}: {output}")
    print(
        f"  every phase adjudicated and every results mail queued in {wall:.2f} s "
        f"({games / wall:.0f} games/s); scheduler CPU {cpu:.2f} s; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    _check(url, games)
    if maps:
        _check_maps(url, games)
    if backend == "PostgreSQL":
        _drop_schema(url)
    return wall


def _write_config(url: str, folder: Path) -> Path:
    path = folder / "judge.toml"
    path.write_text(
        f'[judge]\naddress = "judge@example.org"\ncode = "BENCH"\n'
        f'[database]\nurl = "{url}"\n[outbound]\nmaildir = "{folder / "outbox"}"\n'
        "[security]\nconfirm_addresses = false\n"
    )
    return path


def _seed(url: str, folder: Path, games: int, maps: bool) -> None:
    config = config_from_dict(
        {"database": {"url": url}, "security": {"confirm_addresses": False}}, folder
    )  # made-up players: no confirmation round
    engine = make_engine(url)
    upgrade(engine)
    sessions = make_session_factory(engine)
    variants = default_registry()  # as the command line builds it
    now = datetime.now(UTC)
    password = hash_password("bench")
    for first in range(0, games, 100):
        with sessions.begin() as session:
            for number in range(first, min(first + 100, games)):
                seed_game(
                    session, config, variants=variants, name=f"b{number}",
                    variant=VARIANTS[number % 2],
                    password_hash=password, now=now - timedelta(hours=1),
                    due=now - timedelta(seconds=1), maps=maps,
                )  # fmt: skip
    engine.dispose()


def _schedule(config_file: Path, processes: int) -> tuple[float, float, list[str]]:
    command = [sys.executable, "-m", "judge.cli", "scheduler", "--once", "--no-send",
               "--config", str(config_file)]  # fmt: skip
    cpu_before = _children_cpu()
    started = time.perf_counter()
    running = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for _ in range(processes)
    ]
    outputs = [process.communicate()[0].strip() for process in running]
    wall = time.perf_counter() - started
    cpu = _children_cpu() - cpu_before
    for process, output in zip(running, outputs, strict=True):
        if process.returncode != 0:
            raise SystemExit(f"a scheduler failed:\n{output}")
    return wall, cpu, [output.splitlines()[-1] if output else "" for output in outputs]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _check(url: str, games: int) -> None:
    engine = make_engine(url)
    with make_session_factory(engine)() as session:
        processed = session.scalar(
            select(func.count())
            .select_from(PhaseRecord)
            .where(PhaseRecord.processed_at.is_not(None))
        )
        results = session.scalar(
            select(func.count()).select_from(OutboxMessage).where(OutboxMessage.kind == "results")
        )
    engine.dispose()
    expected = sum(READERS[VARIANTS[n % 2]] for n in range(games))
    if processed != games or results != expected:
        raise SystemExit(
            f"wrong: {processed} phases processed, {results} results mails "
            f"(expected {games} and {expected})"
        )
    print(f"  checked: {processed} phases processed once, {results} results mails")


def _check_maps(url: str, games: int) -> None:
    engine = make_engine(url)
    with make_session_factory(engine)() as session:
        stored = session.scalar(select(func.count()).select_from(PhaseMap))
        drawn = session.scalar(
            select(func.count()).select_from(PhaseMap).where(PhaseMap.data.is_not(None))
        )
    engine.dispose()
    if drawn != games or stored != games:
        raise SystemExit(f"wrong: {stored} maps stored, {drawn} drawn (expected {games})")
    print(f"  checked: every map stored once and drawn ({drawn}): every results mail ready")


def _drop_schema(url: str) -> None:
    base, _, options = url.rpartition("?options=")
    schema = options.rpartition("%3D")[2]
    admin = make_engine(base)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
    admin.dispose()


if __name__ == "__main__":
    sys.exit(main())
