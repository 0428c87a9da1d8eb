"""Benchmark `judge serve` over real SMTP: from the 250 at the end of DATA to the reply
committed in the outbox.

    python bench/mail.py [--clients 8] [--repeat 3] [--list-mails 2000]
                         [--rate 20] [--seconds 30] [--games 10000] [--only ...]

A real `judge serve` runs as a subprocess with a temporary config (SQLite file,
maildir outbox, production settings: Argon2id with argon2-cffi's defaults; only
the per-sender hourly limit is raised). Concurrent clients (`--clients` threads,
a new connection per mail, as MTAs often do; also one connection per client,
"reused") send prepared mails. A separate process watches the outbox table and
notes when each reply (found by its `In-Reply-To`) becomes visible, i.e. is
committed. Latency = that moment minus the client's 250 (same clock, this
machine). Its parts (medians): `wait` 250 -> the handler starts on the mail,
`handle` the handler, `commit` its end -> the reply visible (the commit, the
fsync, up to one watcher poll).

Measurements (each repeated `--repeat` times; the medians are printed last):

* sink: a bare aiosmtpd server answering 250 to everything, same clients: the
  transport's limit here (250s per second).
* LIST: `--list-mails` LIST mails as fast as the clients send them; throughput =
  replies / (last reply committed - first send started). Target: at least 30% of
  the sink's new-connection rate.
* orders: a started standard game (7 players, all WAITing so no mail processes
  the phase); each mail is `SIGNON Fg1 pw` and the power's three opening orders,
  paced at `--rate` mails/s for `--seconds`. Target: p99 under 250 ms at 20/s.
  Also the capacity (a burst of orders as fast as possible), and, as diagnostics
  only, the same paced load against games whose players' stored hashes have other
  Argon2id costs (`--alt-hashes`; a verify uses the cost stored in the hash): by
  default t=1, 1 MiB, p=1 (what the mail costs without Argon2) and t=2, 19 MiB,
  p=1 (OWASP's minimum recommendation).
* RSS: a fresh database with `--games` stored running games (copies of a seeded
  game), the `judge serve` process's VmRSS idle, its largest (sampled every
  10 ms) while it handles a few mails one at a time (7 order mails, LIST g1, a
  LIST of every game, 7 order mails again), and its VmHWM. Target: < 150 MB.

The machine is shared: every measurement prints the load average at its start.
"""

from __future__ import annotations

import argparse
import math
import os
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from argon2 import PasswordHasher
from mail_figures import Figures, judge_figures, median_of, sink_figures
from mail_procs import CpuMeter, Process, memory_kib, start_judge, start_sink, start_watcher
from mail_seed import Seat, clone_games, open_database, seed_started
from mail_smtp import Outgoing, build, paced, send_all

from judge.store.passwords import _HASHER, hash_password

PASSWORD = "pw"
LIST_SENDERS = 100  # LIST mails come from this many addresses, in turn
DRAIN_TIMEOUT = 900.0  # seconds to wait for the last reply of a measurement
SCENARIOS = ("sink", "list", "orders", "alt", "rss")
ALT_HASHES = ["1,1024,1", "2,19456,1"]  # Argon2id time_cost, memory_cost (KiB), parallelism


@dataclass
class Results:
    """Every run's figures, by measurement name, in the order first measured."""

    runs: dict[str, list[Figures]] = field(default_factory=dict)

    def add(self, figures: Figures) -> None:
        self.runs.setdefault(figures.name, []).append(figures)
        show(figures)


def main() -> int:
    args = _arguments()
    _header(args)
    results = Results()
    memory: list[dict[str, float]] = []
    for run in range(args.repeat):
        print(f"\n=== run {run + 1} of {args.repeat} ===", flush=True)
        with tempfile.TemporaryDirectory(prefix="judge-bench-mail-") as tmp:
            _one_run(args, Path(tmp), results, memory)
    _summary(args, results, memory)
    return 0


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--sink-mails", type=int, default=4000)
    parser.add_argument("--list-mails", type=int, default=2000)
    parser.add_argument("--burst-orders", type=int, default=60)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--alt-hashes", nargs="*", default=ALT_HASHES, metavar="T,M,P",
                        help="diagnostic Argon2id costs for the paced order mails")
    parser.add_argument("--poll-ms", type=float, default=2.0, help="outbox watcher interval")
    parser.add_argument("--only", nargs="+", choices=SCENARIOS, default=list(SCENARIOS))
    return parser.parse_args()


def _header(args: argparse.Namespace) -> None:
    print(f"judge serve over SMTP: {os.cpu_count()} CPU(s), {args.clients} clients, "
          f"Python {sys.version.split()[0]}")
    print(f"password hashing: Argon2id {_argon2_params()}; " + argon2_cost())
    print(f"load average at start: {_load()}")


def _argon2_params() -> str:
    return (f"time_cost={_HASHER.time_cost} memory_cost={_HASHER.memory_cost} KiB "
            f"parallelism={_HASHER.parallelism}")


def argon2_cost(samples: int = 5) -> str:
    """One production `verify` here: median wall and CPU (all threads) time."""
    stored = hash_password(PASSWORD)
    wall, cpu = [], []
    for _ in range(samples):
        started, started_cpu = time.perf_counter(), time.process_time()
        _HASHER.verify(stored, PASSWORD)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    wall.sort()
    cpu.sort()
    return (f"one verify takes {wall[samples // 2] * 1000:.0f} ms wall, "
            f"{cpu[samples // 2] * 1000:.0f} ms CPU (median of {samples})")


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def _one_run(
    args: argparse.Namespace, folder: Path, results: Results, memory: list[dict[str, float]]
) -> None:
    if "sink" in args.only:
        _sink(args, folder, results)
    if {"list", "orders", "alt"} & set(args.only):
        _judge(args, folder / "judge", results)
    if "rss" in args.only:
        memory.append(_memory(args, folder / "rss"))


# --- the sink ----------------------------------------------------------------------------


def _sink(args: argparse.Namespace, folder: Path, results: Results) -> None:
    sink = start_sink(folder)
    try:
        for reuse in (False, True):
            mails = _list_mails(args.sink_mails)
            _announce("sink", reuse)
            meter = CpuMeter(sink.pid)
            sent = send_all(sink.port, mails, args.clients, reuse=reuse)
            figures = sink_figures(_name("sink", reuse), sent)
            figures.server_cpu, figures.client_cpu = meter.per_mail(len(mails))
            results.add(figures)
    finally:
        sink.stop()


# --- the judge: LIST and order mails -----------------------------------------------------


def _judge(args: argparse.Namespace, folder: Path, results: Results) -> None:
    folder.mkdir()
    engine = open_database(folder)
    seats = seed_started(engine, "g1", PASSWORD, hash_password(PASSWORD))
    alternatives = [
        (spec, seed_started(engine, f"a{index}", PASSWORD, _alt_hash(spec)))
        for index, spec in enumerate(args.alt_hashes, 1)
    ]
    engine.dispose()
    judge = start_judge(folder)
    try:
        if "list" in args.only:
            for reuse in (False, True):
                _burst(args, judge, folder, _name("LIST", reuse), _list_mails(args.list_mails),
                       results, reuse)  # fmt: skip
        if "orders" in args.only:
            _burst(args, judge, folder, "orders burst (capacity)",
                   _order_mails(seats, args.burst_orders), results)  # fmt: skip
            _paced(args, judge, folder, f"orders at {args.rate:g}/s", seats, results)
        if "alt" in args.only:
            for spec, alt_seats in alternatives:
                name = f"orders at {args.rate:g}/s, DIAGNOSTIC hash {_hash_words(spec)}"
                _paced(args, judge, folder, name, alt_seats, results)
    finally:
        judge.stop()


def _alt_hash(spec: str) -> str:
    time_cost, memory_cost, parallelism = (int(part) for part in spec.split(","))
    hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_cost, parallelism=parallelism)
    return hasher.hash(PASSWORD)


def _hash_words(spec: str) -> str:
    time_cost, memory_cost, parallelism = (int(part) for part in spec.split(","))
    return f"t={time_cost} m={memory_cost / 1024:g} MiB p={parallelism}"


def _burst(
    args: argparse.Namespace, judge: Process, folder: Path, name: str,
    mails: list[Outgoing], results: Results, reuse: bool = False,
) -> None:  # fmt: skip
    print(f"-- {name}: {len(mails)} mails; load {_load()}", flush=True)
    results.add(_measure(args, judge, folder, name, mails, reuse))


def _paced(
    args: argparse.Namespace, judge: Process, folder: Path, name: str, seats: list[Seat],
    results: Results,
) -> None:  # fmt: skip
    count = round(args.rate * args.seconds)
    print(f"-- {name}: {count} mails over {args.seconds:g} s; load {_load()}", flush=True)
    mails = paced(_order_mails(seats, count), args.rate, time.time() + 1.0)
    results.add(_measure(args, judge, folder, name, mails))


def _measure(
    args: argparse.Namespace, judge: Process, folder: Path, name: str,
    mails: list[Outgoing], reuse: bool = False, clients: int | None = None,
) -> Figures:  # fmt: skip
    db = folder / "judge.db"
    ids = [m.message_id for m in mails]
    watcher = start_watcher(db, ids, _query(db, LAST_OUTBOX_ID), DRAIN_TIMEOUT, args.poll_ms)
    meter = CpuMeter(judge.pid)
    sent = send_all(judge.port, mails, clients or args.clients, reuse=reuse)
    watcher.await_only([s.message_id for s in sent if s.accepted is not None])
    seen = watcher.result(DRAIN_TIMEOUT)
    _wait_delivered(db)
    due = {m.message_id: m.due for m in mails if m.due is not None}
    figures = judge_figures(name, sent, seen, db, due or None)
    figures.server_cpu, figures.client_cpu = meter.per_mail(len(mails))
    return figures


LAST_OUTBOX_ID = "SELECT coalesce(max(id), 0) FROM outbox"
PENDING = "SELECT count(*) FROM outbox WHERE status = 'pending'"


def _query(db: Path, sql: str) -> int:
    connection = sqlite3.connect(db, isolation_level=None, timeout=30)
    try:
        return int(connection.execute(sql).fetchone()[0])
    finally:
        connection.close()


def _wait_delivered(db: Path, timeout: float = 60.0) -> None:
    """Until the judge wrote every pending reply to the maildir (its CPU counts too)."""
    deadline = time.monotonic() + timeout
    while _query(db, PENDING) and time.monotonic() < deadline:
        time.sleep(0.05)


def _list_mails(count: int, body: str = "LIST") -> list[Outgoing]:
    return [
        build(f"reader{index % LIST_SENDERS}@example.org", "list", body + "\n")
        for index in range(count)
    ]


def _order_mails(seats: Sequence[Seat], count: int) -> list[Outgoing]:
    """`count` order mails, the seats in turn: SIGNON and the power's opening."""
    mails = []
    for index in range(count):
        seat = seats[index % len(seats)]
        mails.append(build(seat.address, "orders", "\n".join([seat.signon, *seat.orders]) + "\n"))
    return mails


# --- memory with many stored games -------------------------------------------------------


def _memory(args: argparse.Namespace, folder: Path) -> dict[str, float]:
    folder.mkdir()
    print(f"-- RSS: storing {args.games} games; load {_load()}", flush=True)
    started = time.monotonic()
    engine = open_database(folder)
    seats = seed_started(engine, "g1", PASSWORD, hash_password(PASSWORD))
    clone_games(engine, "g1", args.games - 1)
    engine.dispose()
    print(f"   {args.games} games stored in {time.monotonic() - started:.1f} s", flush=True)
    judge = start_judge(folder)
    try:
        return _memory_under_mail(args, judge, folder, seats)
    finally:
        judge.stop()


def _memory_under_mail(
    args: argparse.Namespace, judge: Process, folder: Path, seats: list[Seat]
) -> dict[str, float]:
    """The server's RSS idle, then its largest while it handles each step's mails
    (one client, one mail at a time)."""
    time.sleep(3.0)  # a few scheduler ticks over the stored games
    memory = {"idle": memory_kib(judge.pid)["VmRSS"] / 1024}
    steps = [
        ("7 order mails", _order_mails(seats, len(seats))),
        ("LIST g1", _list_mails(1, "LIST g1")),
        (f"LIST of all {args.games} games", _list_mails(1)),
        ("7 order mails after that LIST", _order_mails(seats, len(seats))),
    ]
    for name, mails in steps:
        with _Sampler(judge.pid) as peak:
            figures = _measure(args, judge, folder, name, mails, clients=1)
        memory[name] = peak.max_kib / 1024
        print(f"   {name}: judge serve RSS up to {memory[name]:.0f} MB; "
              f"250 -> reply p50 {_ms(figures.p50)}, handle p50 {_ms(figures.parts['handle'])}")
    after = memory_kib(judge.pid)
    memory.update(busy_max=max(memory[name] for name, _ in steps),
                  after=after["VmRSS"] / 1024, hwm=after["VmHWM"] / 1024)  # fmt: skip
    _show_memory(memory)
    return memory


class _Sampler:
    """Reads a process's VmRSS every 10 ms in a thread; keeps the largest."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.max_kib = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> _Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(0.01):
            self.max_kib = max(self.max_kib, memory_kib(self.pid)["VmRSS"])


# --- printing ----------------------------------------------------------------------------


def _name(what: str, reuse: bool) -> str:
    return f"{what}, {'reused connection' if reuse else 'new connection per mail'}"


def _announce(what: str, reuse: bool) -> None:
    print(f"-- {_name(what, reuse)}; load {_load()}", flush=True)


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:,.0f} ms"


def show(f: Figures) -> None:
    """One measurement, as it is made."""
    print(f"   {f.name}: sent {f.sent}, refused/failed {f.failed}", end="")
    cpu = f"CPU per mail: server {f.server_cpu:.1f} ms, clients {f.client_cpu:.1f} ms"
    if f.name.startswith("sink"):
        print(f"; {f.rate:,.0f} msgs/s accepted; {cpu}", flush=True)
        return
    print(f", replies {f.replied}; {f.rate:,.1f} msgs/s to the outbox "
          f"(250s at {f.intake_rate:,.1f}/s)")
    print(f"     250 -> reply committed: p50 {_ms(f.p50)}, p99 {_ms(f.p99)}")
    if not math.isnan(f.late_p99):
        print(f"     scheduled send -> reply committed: p50 {_ms(f.due_p50)}, "
              f"p99 {_ms(f.due_p99)} (clients started late by up to {_ms(f.late_p99)}, p99)")
    if f.error:
        print(f"     first refusal: {f.error[:150]}")
    parts = f.parts
    print(f"     medians: wait {_ms(parts['wait'])}, handle {_ms(parts['handle'])} "
          f"(p99 {_ms(parts['handle_p99'])}), commit+poll {_ms(parts['commit'])}")
    print(f"     {cpu}", flush=True)


def _show_memory(memory: dict[str, float]) -> None:
    print(f"   judge serve RSS: idle {memory['idle']:.0f} MB, max while handling "
          f"{memory['busy_max']:.0f} MB, after {memory['after']:.0f} MB; "
          f"peak (VmHWM) {memory['hwm']:.0f} MB", flush=True)


def _summary(
    args: argparse.Namespace, results: Results, memory: list[dict[str, float]]
) -> None:
    print(f"\n=== medians of {args.repeat} run(s); load average now {_load()} ===")
    sink_rate = _median_value(results, _name("sink", False), "rate")
    for name, runs in results.runs.items():
        m = median_of(runs)
        if name.startswith("sink"):
            print(f"{name}: {m['rate']:,.0f} msgs/s; server CPU {m['server_cpu']:.1f} ms/mail")
            continue
        share = f" = {m['rate'] / sink_rate:.1%} of the sink" if sink_rate else ""
        print(f"{name}: {m['rate']:,.1f} msgs/s{share}; p50 {_ms(m['p50'])}, "
              f"p99 {_ms(m['p99'])}; handle median {_ms(m['handle'])}; "
              f"server CPU {m['server_cpu']:.1f} ms/mail")
        if not math.isnan(m["due_p99"]):
            print(f"    from the scheduled send: p50 {_ms(m['due_p50'])}, p99 {_ms(m['due_p99'])}")
    if memory:
        _memory_summary(memory, args.games)
    _targets(args, results, memory, sink_rate)


def _median_value(results: Results, name: str, key: str) -> float:
    runs = results.runs.get(name)
    return median_of(runs)[key] if runs else math.nan


def _memory_summary(memory: list[dict[str, float]], games: int) -> None:
    def med(key: str) -> float:
        return sorted(m[key] for m in memory)[len(memory) // 2]

    steps = [key for key in memory[0] if key not in ("idle", "busy_max", "after", "hwm")]
    print(f"RSS with {games} games: idle {med('idle'):.0f} MB, max while handling "
          f"{med('busy_max'):.0f} MB, VmHWM {med('hwm'):.0f} MB; by step: "
          + ", ".join(f"{step} {med(step):.0f} MB" for step in steps))


def _targets(
    args: argparse.Namespace, results: Results, memory: list[dict[str, float]],
    sink_rate: float,
) -> None:  # fmt: skip
    orders = f"orders at {args.rate:g}/s"
    checks: list[tuple[str, Callable[[], float], Callable[[float], bool]]] = [
        ("LIST >= 30% of the sink's rate (share, median)",
         lambda: _median_value(results, _name("LIST", False), "rate") / sink_rate,
         lambda share: share >= 0.30),
        (f"{orders}: p99 < 250 ms, from the 250 (ms, median)",
         lambda: _median_value(results, orders, "p99"), lambda p99: p99 < 250),
        (f"{orders}: p99 < 250 ms, from the scheduled send (ms, median)",
         lambda: _median_value(results, orders, "due_p99"), lambda p99: p99 < 250),
        ("RSS < 150 MB with the games stored (MB, worst run)",
         lambda: max(m["busy_max"] for m in memory) if memory else math.nan,
         lambda rss: rss < 150),
    ]  # fmt: skip
    print("targets:")
    for label, value, passes in checks:
        figure = value()
        verdict = "not measured" if math.isnan(figure) else ("met" if passes(figure) else "MISSED")
        print(f"  {label}: {verdict} ({figure:,.3g})")


if __name__ == "__main__":
    sys.exit(main())
