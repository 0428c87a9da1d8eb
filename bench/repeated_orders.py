"""Benchmark: many orders for one unit, as a hostile or broken client sends them.

    python bench/repeated_orders.py [--orders 20000] [--runs 3]

The last order a unit receives is the one used; every earlier one is answered
`fails` / `void` (`judge.rules.order_taking`). Printed, best of `--runs`, for
`--orders` orders alternating `A PAR H` and `A PAR - BUR` (all legal, all for
the one army): the intake alone (`take_orders` on parsed orders), the whole
phase (`adjudicate_phase`) and `judge adjudicate` end to end on the JSON text
(parsing included), and the same three for a tenth as many orders, so that the
growth with the number of orders shows (linear: about ten times longer).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judge.adjudicate.cli import adjudicate_text  # noqa: E402
from judge.rules.map import load_map  # noqa: E402
from judge.rules.order_taking import take_orders  # noqa: E402
from judge.rules.parse import parse_order  # noqa: E402
from judge.rules.phases import adjudicate_phase  # noqa: E402
from judge.rules.results import RuleOptions  # noqa: E402
from judge.rules.state import GameState, Phase, Unit, UnitType  # noqa: E402

GAME_MAP = load_map("standard")
STATE = GameState.from_units(Phase.parse("S1901M"), [Unit("FRANCE", UnitType.ARMY, "PAR")], {})


def _texts(count: int) -> list[str]:
    return ["A PAR H" if i % 2 else "A PAR - BUR" for i in range(count)]


def _best(runs: int, step: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - start)
    return best


def _measure(count: int, runs: int) -> tuple[float, float, float]:
    texts = _texts(count)
    orders = [parse_order(t, GAME_MAP, STATE, {"FRANCE"}) for t in texts]
    request = json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
                          "orders": {"FRANCE": texts}})  # fmt: skip
    intake = _best(runs, lambda: take_orders(GAME_MAP, STATE, orders))
    phase = _best(runs, lambda: adjudicate_phase(GAME_MAP, STATE, orders, RuleOptions()))
    whole = _best(runs, lambda: adjudicate_text(request, lambda _: GAME_MAP))
    return intake, phase, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"best of {args.runs}")
    print("orders for one unit   take_orders   adjudicate_phase   judge adjudicate")
    for count in (args.orders // 10, args.orders):
        intake, phase, whole = _measure(count, args.runs)
        print(f"{count:>19}   {intake:>9.3f} s   {phase:>14.3f} s   {whole:>14.3f} s")


if __name__ == "__main__":
    main()
