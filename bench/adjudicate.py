"""Benchmark the adjudicator on real games, against the peer engine `diplomacy` (MILA).

    python bench/adjudicate.py [--runs 3] [--games N] [--no-peer]

Input: every movement phase of the Droidippy sample (GPL data read from
../shared/reference/games/droidippy; 5,206 phases in 264 games): the board at
the start of the phase (units, centre owners) and the orders given, converted
once to the canonical order text both engines read (`A PAR - BUR`,
`F NTH C A LON - BEL`, `A LON - BEL VIA`; MILA uses the same province ids).
Orders the judge's parser refused are left out for both engines.

Figures (phases per second of CPU time, so that other work on a shared machine
does not skew them; median of --runs runs):

* core: the adjudication alone. Judge: `adjudicate_phase` on a built board with
  parsed orders. MILA: `Game.process()` on a game whose units, centres, phase
  and orders were already set (setup not timed; a fresh `Game` per game file,
  as reusing one slows MILA down as its history grows).
* full: from board and order text to results. Judge: build the `GameState`,
  `parse_order` every order, `adjudicate_phase`. MILA: `Game()` per game file,
  clear and set units, centres and phase, `set_orders`, `process()`.

Peak memory: each engine adjudicates the whole corpus in one fresh process,
streaming it phase by phase from a JSON Lines file (board and orders), and
reports the process's peak resident set size.
Rule options: convoy_adjacent 2.4 and civil_disorder 2000, as Droidippy used.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the shared helpers: `support`

from support.replay.reader import GAMES, read_game, read_orders  # noqa: E402

from judge.rules.map import GameMap, load_map  # noqa: E402
from judge.rules.orders import IllegalOrder, Order  # noqa: E402
from judge.rules.parse import parse_order  # noqa: E402
from judge.rules.phases import adjudicate_phase  # noqa: E402
from judge.rules.results import RuleOptions  # noqa: E402
from judge.rules.state import POWERS, GameState, Phase, Unit, UnitType  # noqa: E402

OPTIONS = RuleOptions(convoy_adjacent="2.4", civil_disorder="2000")
Phases = list[dict[str, Any]]  # {"game", "phase", "units", "centers", "orders"}
Prepared = list[tuple[GameState, list[Order]]]


# --- the corpus, as plain data -------------------------------------------------------------


def _by_power(items: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for power, text in items:
        table.setdefault(power, []).append(text)
    return table


def _plain(game: str, code: str, state: GameState, orders: list[Order]) -> dict[str, Any]:
    return {
        "game": game,
        "phase": code,
        "units": _by_power((u.power, str(u)) for u in state.units.values()),
        "centers": _by_power((p, c) for c, p in state.centers.items()),
        "orders": _by_power((o.power, str(o)) for o in orders),
    }


def corpus(game_map: GameMap, games: int | None) -> tuple[Phases, int]:
    """Every movement phase as plain data, and the number of orders left out."""
    phases: Phases = []
    refused = 0
    for path in sorted(GAMES.glob("game_*.txt"))[:games]:
        for phase in read_game(path):
            if phase.code.endswith("M"):
                state = phase.state()
                orders = read_orders(game_map, state, phase.orders)
                kept = [o for o in orders if not isinstance(o, IllegalOrder)]
                refused += len(orders) - len(kept)
                phases.append(_plain(path.name, phase.code, state, kept))
    return phases, refused


def build_state(data: dict[str, Any]) -> GameState:
    units = [Unit(p, UnitType(t[0]), t.split()[1]) for p, ts in data["units"].items() for t in ts]
    centers = {c: p for p, cs in data["centers"].items() for c in cs}
    return GameState.from_units(Phase.parse(data["phase"]), units, centers)


def parse_all(game_map: GameMap, state: GameState, data: dict[str, Any]) -> list[Order]:
    return [
        parse_order(text, game_map, state, {power})
        for power, texts in data["orders"].items()
        for text in texts
    ]


# --- the judge -----------------------------------------------------------------------------


def prepare(game_map: GameMap, phases: Phases) -> Prepared:
    """Boards built and orders parsed, for the core figure (not timed)."""
    prepared = []
    for data in phases:
        state = build_state(data)
        prepared.append((state, parse_all(game_map, state, data)))
    return prepared


def judge_core(game_map: GameMap, prepared: Prepared) -> float:
    start = time.process_time()
    for state, orders in prepared:
        adjudicate_phase(game_map, state, orders, OPTIONS)
    return time.process_time() - start


def judge_one(game_map: GameMap, data: dict[str, Any]) -> None:
    state = build_state(data)
    adjudicate_phase(game_map, state, parse_all(game_map, state, data), OPTIONS)


def judge_full(game_map: GameMap, phases: Iterable[dict[str, Any]]) -> float:
    start = time.process_time()
    for data in phases:
        judge_one(game_map, data)
    return time.process_time() - start


# --- the peer engine -------------------------------------------------------------------------


class Peer:
    """MILA's `Game`, one per game file, set to each phase's board and orders."""

    def __init__(self) -> None:
        from diplomacy import Game

        self._new = Game
        self._game: Any = None
        self._name = ""

    def setup(self, data: dict[str, Any]) -> None:
        if data["game"] != self._name:
            self._game, self._name = self._new(), data["game"]
        game = self._game
        game.clear_units()
        game.clear_centers()
        game.clear_orders()
        game.set_current_phase(data["phase"])
        for power in POWERS:
            game.set_units(power, data["units"].get(power, []), reset=True)
            game.set_centers(power, data["centers"].get(power, []), reset=True)
        for power, texts in data["orders"].items():
            game.set_orders(power, texts)

    def process(self) -> None:
        self._game.process()


def peer_core(phases: Phases) -> float:
    peer, spent = Peer(), 0.0
    for data in phases:
        peer.setup(data)
        start = time.process_time()
        peer.process()
        spent += time.process_time() - start
    return spent


def peer_full(phases: Iterable[dict[str, Any]]) -> float:
    peer = Peer()
    start = time.process_time()
    for data in phases:
        peer.setup(data)
        peer.process()
    return time.process_time() - start


# --- measuring ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    label: str
    judge: float  # phases per second
    peer: float | None

    def line(self) -> str:
        peer = f"{self.peer:10,.0f}" if self.peer else f"{'-':>10}"
        ratio = f"{self.judge / self.peer:6.1f}x" if self.peer else ""
        return f"{self.label:<28}{self.judge:10,.0f}{peer}   {ratio}"


def rate(run: Callable[[], float], count: int, runs: int) -> float:
    """Phases per second, median of `runs` runs."""
    return count / statistics.median(run() for _ in range(runs))


def _rss_mb() -> float:
    """Peak resident set size of this process in MB.

    Linux's ru_maxrss survives exec, so a child would report its parent's peak;
    the process's own high-water mark (VmHWM) is read where /proc has it.
    """
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _stream(corpus_file: Path) -> Iterator[dict[str, Any]]:
    with corpus_file.open(encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def child(engine: str, corpus_file: Path) -> None:
    """Adjudicate the whole corpus, streamed; print the memory figures as JSON."""
    if engine == "judge":
        game_map = load_map()
        started = _rss_mb()
        judge_full(game_map, _stream(corpus_file))
    else:
        Peer()
        started = _rss_mb()
        peer_full(_stream(corpus_file))
    print(json.dumps({"start_mb": started, "peak_mb": _rss_mb()}))


def peak_rss(engine: str, corpus_file: Path) -> tuple[float, float]:
    """(RSS before the first phase, peak RSS) in MB of a fresh process."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", engine, "--corpus", str(corpus_file)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout)
    return figures["start_mb"], figures["peak_mb"]


def speed(game_map: GameMap, phases: Phases, runs: int, peer: bool) -> list[Figure]:
    count = len(phases)
    prepared = prepare(game_map, phases)
    core = rate(lambda: judge_core(game_map, prepared), count, runs)
    full = rate(lambda: judge_full(game_map, phases), count, runs)
    peer_core_rate = rate(lambda: peer_core(phases), count, runs) if peer else None
    peer_full_rate = rate(lambda: peer_full(phases), count, runs) if peer else None
    return [
        Figure("core (adjudication only)", core, peer_core_rate),
        Figure("full (board + order text)", full, peer_full_rate),
    ]


def memory(phases: Phases, peer: bool) -> list[str]:
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        corpus_file = Path(folder) / "corpus.jsonl"
        corpus_file.write_text("".join(json.dumps(p) + "\n" for p in phases), encoding="utf-8")
        for engine in ("judge", "mila") if peer else ("judge",):
            start, peak = peak_rss(engine, corpus_file)
            lines.append(f"{engine:<6}{peak:7.1f} MB peak (at start {start:.1f} MB)")
    return lines


def report(args: argparse.Namespace) -> None:
    game_map = load_map()
    phases, refused = corpus(game_map, args.games)
    orders = sum(len(ts) for p in phases for ts in p["orders"].values())
    print(f"corpus: {len(phases):,} movement phases, {orders:,} orders ({refused} refused by")
    print(f"the parser, left out for both engines); {OPTIONS}")
    print(f"{'phases per second':<28}{'judge':>10}{'diplomacy':>10}   ratio")
    for figure in speed(game_map, phases, args.runs, not args.no_peer):
        print(figure.line())
    print("resident memory, whole corpus adjudicated in one process:")
    for line in memory(phases, not args.no_peer):
        print(f"  {line}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs per figure (median)")
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--no-peer", action="store_true", help="skip the peer engine")
    parser.add_argument("--child", choices=["judge", "mila"], help=argparse.SUPPRESS)
    parser.add_argument("--corpus", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.corpus)
        return 0
    if not GAMES.is_dir():
        print(f"corpus not found: {GAMES}", file=sys.stderr)
        return 1
    report(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
