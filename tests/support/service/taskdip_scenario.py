"""Taskdip games with a known lot, played to a task victory in 1901.

The lot (powers and task cards) comes from the game's `rng_seed`, which the judge
draws at CREATE. A test picks a seed with `find_seed`, which runs the pure
variant's `start` over seeds 0, 1, 2... until the allotment has the shape a
script needs, and writes it into the game's row before the last player joins
(`set_seed`). The allotment depends only on the seed and the number of players
in join order, not on the seat keys, so the search and the judge agree.

Both scripts make Austria win with its Eight, "one Russian + one German + one
Italian home centre": A Vie-Boh-Mun, A Bud-Gal-War and F Tri-Ven, while the
powers in the way step aside.

* `TWO_PLAYERS`: the first player holds Austria (and England, France or Turkey),
  the second Russia and Germany; Italy is neutral. In spring F Tri-Ven bounces
  off the neutral army in Venice: Austria violates Italy's neutrality, so Italy
  goes to the second player (the only one who respected it), who moves it out
  of Venice in the fall.
* `THREE_PLAYERS`: the first player holds Austria (and England or Turkey);
  France is the only neutral; Germany and Russia are with the two other players.
  In spring German A Mun-Bur violates France's neutrality. The two who respected
  it tie on nothing: the Russian player has 7 centres, the first player 6, so
  France goes to the first player by the first tie-break (fewest centres).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from judge.store import games as store
from judge.variants.base import Seat, Start
from judge.variants.registry import default_registry
from judge.variants.taskdip.tasks import task_for

Allotment = Mapping[str, Any]  # the variant's start data: players, tasks...


@dataclass(frozen=True)
class Script:
    """A lot to look for, and the moves of each phase (every other unit holds)."""

    players: int
    wanted: Callable[[Allotment], bool]
    moves: Mapping[str, Mapping[str, tuple[str, ...]]]  # phase -> power -> orders


def _holder(data: Allotment, power: str) -> str | None:
    return next((seat for seat, powers in data["players"].items() if power in powers), None)


def _two_players(data: Allotment) -> bool:
    first, second = data["players"]["0"], data["players"]["1"]
    return (
        "AUSTRIA" in first
        and set(first) <= {"AUSTRIA", "ENGLAND", "FRANCE", "TURKEY"}
        and set(second) == {"RUSSIA", "GERMANY"}
        and data["tasks"]["AUSTRIA"]["card"] == "Eight"
    )


def _three_players(data: Allotment) -> bool:
    first = data["players"]["0"]
    german, russian = _holder(data, "GERMANY"), _holder(data, "RUSSIA")
    return (
        "AUSTRIA" in first
        and set(first) <= {"AUSTRIA", "ENGLAND", "TURKEY"}
        and _holder(data, "FRANCE") is None
        and german not in (None, "0", russian)
        and data["tasks"]["AUSTRIA"]["card"] == "Eight"
    )


TWO_PLAYERS = Script(
    players=2,
    wanted=_two_players,
    moves={
        "S1901M": {
            "AUSTRIA": ("A VIE-BOH", "A BUD-GAL", "F TRI-VEN"),
            "GERMANY": ("A MUN-RUH",),
            "RUSSIA": ("A WAR-UKR",),
        },
        "F1901M": {
            "AUSTRIA": ("A BOH-MUN", "A GAL-WAR", "F TRI-VEN"),
            "ITALY": ("A VEN-PIE",),
        },
    },
)

THREE_PLAYERS = Script(
    players=3,
    wanted=_three_players,
    moves={
        "S1901M": {
            "AUSTRIA": ("A VIE-BOH", "A BUD-GAL", "F TRI-VEN"),
            "GERMANY": ("A MUN-BUR",),
            "RUSSIA": ("A WAR-UKR",),
            "ITALY": ("A VEN-PIE",),
        },
        "F1901M": {"AUSTRIA": ("A BOH-MUN", "A GAL-WAR", "F VEN H")},
    },
)


# One registry for the seed searches: building a variant loads its map (17 ms), and
# `find_seed` may try thousands of seeds.
TASKDIP = default_registry().get("taskdip")


def lot(seed: int, players: int) -> Start:
    """What the judge's lot gives `players` players (in join order) for `seed`."""
    variant = TASKDIP
    seats = [Seat(str(index)) for index in range(players)]
    return variant.start(seats, {"players": str(players)}, random.Random(seed))


def find_seed(script: Script, limit: int = 20000) -> int:
    """The first seed whose lot fits the script."""
    for seed in range(limit):
        if script.wanted(lot(seed, script.players).snapshot.data):
            return seed
    raise AssertionError("no seed fits the script")


def set_seed(sessions: sessionmaker[Session], game: str, seed: int) -> None:
    """Replace the seed the judge drew at CREATE (the game must still be forming)."""
    with sessions.begin() as session:
        row = store.get_game(session, game)
        assert row is not None
        row.rng_seed = seed


def seat_orders(
    script: Script, phase: str, powers: list[str], status: Mapping[str, Any]
) -> list[str]:
    """One player's lines for `phase`: the script's moves for their units, holds for the rest."""
    lines: list[str] = []
    for power in powers:
        moves = script.moves.get(phase, {}).get(power, ())
        for unit in status["powers"][power]["units"]:
            lines.append(next((m for m in moves if m.startswith(unit)), f"{unit} H"))
    return lines


def task_lines(data: Allotment) -> dict[str, str]:
    """power -> the plain words of its task, for every power with a task."""
    return {power: task_for(power, t["card"]).describe() for power, t in data["tasks"].items()}
