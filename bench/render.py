"""Benchmark: how long the judge takes to draw the maps of a synthetic ten-year game.

Run: `python bench/render.py [--years 10] [--width 1000] [--pages 3]`. Prints the median
time per map (PNG bytes out; wall clock, and CPU time, which other load on the machine
does not inflate), the first map (which also draws the terrain layer) separately, and
the median PNG size.

Then the zine: the same game is stored as a history in a temporary SQLite database
(one processed phase per frame, with its results and a public press message), and
`judge zine`'s page is built from it `--pages` times: the median ms per page (every
map drawn once per page, at 1000 px), and the page's size.

The game is synthetic and deterministic: every unit steps to a neighbouring province
picked by a fixed rule, some units support a neighbour instead, a move succeeds when
its target was empty and unclaimed, fall moves take centres, and winters build or
remove. States are built directly; the adjudicator is not involved.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.orm import Session

from judge.render import MapRenderer
from judge.rules.map import GameMap, load_map
from judge.rules.orders import Build, Move, Order, Remove, SupportHold
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import POWERS, GameState, Phase, Unit, UnitType, province_of
from judge.store import games as store
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import upgrade
from judge.store.models import Game, GameStatus
from judge.store.state_json import results_to_json
from judge.variants.registry import default_registry
from judge.zine import game_page

Frame = tuple[GameState, list[OrderResult]]


def targets(game_map: GameMap, unit: Unit) -> list[str]:
    if unit.kind is UnitType.ARMY:
        return sorted(game_map.army_neighbours(unit.location))
    return sorted(game_map.fleet_neighbours(unit.location))


def movement_orders(game_map: GameMap, state: GameState, turn: int) -> list[Order]:
    orders: list[Order] = []
    for i, unit in enumerate(sorted(state.units.values(), key=lambda u: u.location)):
        options = targets(game_map, unit)
        friends = [
            p
            for p in map(province_of, options)
            if (o := state.units.get(p)) and o.power == unit.power
        ]
        if (i + turn) % 5 == 0 and friends:
            orders.append(SupportHold(unit.power, unit.kind, unit.location, friends[0]))
        elif options:
            target = options[(i * 7 + turn * 3) % len(options)]
            orders.append(Move(unit.power, unit.kind, unit.location, target))
    return orders


def resolve_moves(state: GameState, orders: list[Order]) -> tuple[list[OrderResult], GameState]:
    claimed: set[str] = set()
    results, units = [], dict(state.units)
    for order in orders:
        ok = True
        if isinstance(order, Move):
            target = province_of(order.target)
            ok = target not in state.units and target not in claimed
            if ok:
                claimed.add(target)
                unit = units.pop(province_of(order.location))
                units[target] = Unit(unit.power, unit.kind, order.target)
        outcome = Outcome.SUCCEEDS if ok else Outcome.FAILS
        results.append(
            OrderResult(order.power, str(order), outcome, None if ok else "bounce", order)
        )
    return results, state.with_(units=units)


def take_centres(game_map: GameMap, state: GameState) -> GameState:
    centers = dict(state.centers)
    for province, unit in state.units.items():
        if province in game_map.centers:
            centers[province] = unit.power
    return state.with_(centers=centers)


def adjustments(game_map: GameMap, state: GameState) -> list[Order]:
    orders: list[Order] = []
    for power in POWERS:
        units = state.units_of(power)
        surplus = len(state.centers_of(power)) - len(units)
        free = [
            c
            for c in game_map.home_centers.get(power, ())
            if state.centers.get(c) == power and c not in state.units
        ]
        orders += [Build(power, UnitType.ARMY, c) for c in free[: max(surplus, 0)]]
        orders += [Remove(power, u.kind, u.location) for u in units[: max(-surplus, 0)]]
    return orders


def apply_adjustments(state: GameState, orders: list[Order]) -> tuple[list[OrderResult], GameState]:
    units = dict(state.units)
    for order in orders:
        if isinstance(order, Build):
            units[order.location] = Unit(order.power, order.kind, order.location)
        elif isinstance(order, Remove):
            units.pop(province_of(order.location), None)
    results = [OrderResult(o.power, str(o), Outcome.SUCCEEDS, None, o) for o in orders]
    return results, state.with_(units=units)


def synthetic_game(game_map: GameMap, years: int) -> Iterator[Frame]:
    """(state at the start of a phase, that phase's results), phase by phase."""
    state = game_map.initial_state()
    for year in range(1901, 1901 + years):
        for turn, season in enumerate("SF"):
            state = state.with_(phase=Phase.parse(f"{season}{year}M"))
            results, after = resolve_moves(state, movement_orders(game_map, state, year * 2 + turn))
            yield state, results
            state = take_centres(game_map, after) if season == "F" else after
        state = state.with_(phase=Phase.parse(f"W{year}A"))
        results, after = apply_adjustments(state, adjustments(game_map, state))
        yield state, results
        state = after


def time_maps(frames: list[Frame], width: int) -> dict[str, list[float]]:
    """Wall and CPU milliseconds per map (CPU time is steadier on a busy machine)."""
    renderer = MapRenderer()
    start = time.perf_counter()
    renderer.render(*frames[0], width=width)
    figures: dict[str, list[float]] = {"first": [(time.perf_counter() - start) * 1000]}
    for state, results in frames:
        wall, cpu = time.perf_counter(), time.process_time()
        png = renderer.render(state, results, width=width)
        figures.setdefault("wall", []).append((time.perf_counter() - wall) * 1000)
        figures.setdefault("cpu", []).append((time.process_time() - cpu) * 1000)
        figures.setdefault("size", []).append(len(png))
    return figures


def store_history(session: Session, frames: list[Frame]) -> Game:
    """The frames as a stored game: each frame a processed phase, the next frame its
    result; the last frame is the phase being played."""
    now = datetime(2026, 1, 1, tzinfo=UTC)
    game = store.create_game(session, name="bench", variant="standard", rng_seed=1, now=now)
    game.status = GameStatus.ACTIVE
    for i, (state, results) in enumerate(frames):
        record = store.record_phase(session, game, state, now=now)
        if i + 1 < len(frames):
            store.mark_processed(record, results_to_json(results), now=now)
            store.add_event(session, game, kind="press", body=f"Press in {record.phase}.",
                            now=now, phase=record.phase, author="FRANCE")
    return game


def time_zine(frames: list[Frame], pages: int) -> tuple[dict[str, list[float]], int]:
    """Wall and CPU milliseconds per zine page, and the page's size in bytes."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        upgrade(engine)
        try:
            variants = default_registry()  # the judge's registry, as the command line builds it
            with make_session_factory(engine).begin() as session:
                store_history(session, frames)
            with make_session_factory(engine)() as session:
                game = store.get_game(session, "bench")
                assert game is not None
                times: dict[str, list[float]] = {"wall": [], "cpu": []}
                size = 0
                for _ in range(pages):
                    wall, cpu = time.perf_counter(), time.process_time()
                    size = len(game_page(session, variants, game).encode())
                    times["wall"].append((time.perf_counter() - wall) * 1000)
                    times["cpu"].append((time.process_time() - cpu) * 1000)
        finally:
            engine.dispose()
    return times, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--pages", type=int, default=3, help="zine pages to time")
    args = parser.parse_args()
    frames = list(synthetic_game(load_map(), args.years))
    figures = time_maps(frames, args.width)
    wall, cpu = figures["wall"], figures["cpu"]
    print(f"maps: {len(frames)} ({args.years} years) at {args.width} px")
    print(f"first map, terrain included: {figures['first'][0]:.1f} ms")
    print(f"median ms per map: {statistics.median(wall):.1f} (CPU {statistics.median(cpu):.1f})")
    print(f"p90 ms per map: {statistics.quantiles(wall, n=10)[-1]:.1f}  max: {max(wall):.1f}")
    print(f"median PNG size: {statistics.median(figures['size']) / 1024:.0f} KiB")
    history = list(synthetic_game(load_map(), args.years + 1))[: len(frames) + 1]
    times, size = time_zine(history, args.pages)
    phases = len(history) - 1
    print(f"zine page: {phases} phases ({args.years} years), maps at 1000 px")
    page_wall, page_cpu = statistics.median(times["wall"]), statistics.median(times["cpu"])
    print(f"median ms per zine page: {page_wall:.0f} (CPU {page_cpu:.0f}); "
          f"{page_wall / phases:.1f} per phase; page size {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
