"""One answer for the next phase: `judge adjudicate`, a game by mail and the core agree.

`spec/adjudicate.md`: `next_phase` is "the next phase that has anything to do"; a
winter whose only adjustments are builds that cannot be made is skipped "exactly
as a game by mail skips it", and the answer carries `"skipped": ["W1901A"]`.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support.rules.helpers import board, standard_map

from judge.adjudicate.cli import adjudicate_text
from judge.rules.idle import adjudicate_through, adjustments_due, is_idle, powers_to_act
from judge.rules.parse import parse_order
from judge.rules.phases import adjudicate_phase
from judge.variants.base import Snapshot, Submission
from judge.variants.common import adjustment_delta, powers_with_duties
from judge.variants.standard import StandardVariant

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")

# Each board is a fall movement phase; France moves A BUR to Belgium.
BOARDS: dict[str, dict[str, Any]] = {
    # every French home centre occupied: a build is due and cannot be made
    "homes occupied": {
        "units": {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR"], "ENGLAND": ["F LON"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"], "ENGLAND": ["LON"]},
        "next": "S1902M",
        "skipped": ["W1901A"],
    },
    # France owns no home centre at all (England holds Paris, Marseilles, Brest)
    "no home owned": {
        "units": {"FRANCE": ["A BUR", "A SPA"], "ENGLAND": ["F LON", "A PAR", "A MAR", "F BRE"]},
        "centers": {"FRANCE": ["SPA", "POR"], "ENGLAND": ["LON", "PAR", "MAR", "BRE"]},
        "next": "S1902M",
        "skipped": ["W1901A"],
    },
    # a free French home centre: the build can be made, the winter is played
    "home free": {
        "units": {"FRANCE": ["A PAR", "A MAR", "A BUR"], "ENGLAND": ["F LON"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"], "ENGLAND": ["LON"]},
        "next": "W1901A",
        "skipped": [],
    },
    # England owes a removal: the winter is played even though France cannot build
    "a removal": {
        "units": {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR"], "ENGLAND": ["F LON", "F NTH"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"], "ENGLAND": ["LON"]},
        "next": "W1901A",
        "skipped": [],
    },
}


def _request(case: dict[str, Any]) -> dict[str, Any]:
    return {
        "phase": "F1901M",
        "units": case["units"],
        "centers": case["centers"],
        "orders": {"FRANCE": ["A BUR - BEL"]},
    }


MAP = standard_map()


def _snapshot(case: dict[str, Any]) -> Snapshot:
    state = board(
        "F1901M",
        centers={p: " ".join(cs) for p, cs in case["centers"].items()},
        **{p: ", ".join(us) for p, us in case["units"].items()},
    )
    seats = {str(n): [power] for n, power in enumerate(POWERS, start=1)}
    return Snapshot(state, {"seats": seats}, {})


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_judge_adjudicate_and_a_game_by_mail_give_the_same_next_phase(name: str) -> None:
    case = BOARDS[name]
    answer = adjudicate_text(json.dumps(_request(case)), lambda _: MAP)
    variant = StandardVariant(MAP)
    snap = _snapshot(case)
    order = parse_order("A BUR - BEL", MAP, snap.state, {"FRANCE"})
    seat = str(POWERS.index("FRANCE") + 1)
    game = variant.advance(snap, {seat: Submission((order,))}, random.Random(0))
    game_skipped = (game.report.get("public") or {}).get("skipped", [])
    assert answer["next_phase"] == str(game.snapshot.phase) == case["next"]
    assert answer.get("skipped", []) == game_skipped == case["skipped"]
    assert ("skipped" in answer) is bool(case["skipped"])  # only when something was skipped


def test_the_single_phase_core_still_names_the_winter_and_the_shared_path_skips_it() -> None:
    snap = _snapshot(BOARDS["homes occupied"])
    order = parse_order("A BUR - BEL", MAP, snap.state, {"FRANCE"})
    one = adjudicate_phase(MAP, snap.state, [order])
    assert str(one.state.phase) == "W1901A" and is_idle(MAP, one.state)
    through = adjudicate_through(MAP, snap.state, [order])
    assert [str(p) for p in through.skipped] == ["W1901A"]
    assert str(through.state.phase) == "S1902M"
    assert through.results == one.results
    assert through.state.units == one.state.units and through.state.centers == one.state.centers


def test_the_answer_lists_the_skipped_winter_and_keeps_every_contract_field() -> None:
    answer = adjudicate_text(json.dumps(_request(BOARDS["homes occupied"])), lambda _: MAP)
    assert set(answer) == {
        "phase", "results", "units", "dislodged", "centers", "next_phase", "skipped"
    }  # fmt: skip
    assert answer["skipped"] == ["W1901A"]
    assert answer["centers"]["FRANCE"] == ["BEL", "BRE", "MAR", "PAR", "SPA"]
    assert answer["results"] == {"FRANCE": [{"order": "A BUR - BEL", "result": "succeeds"}]}


def test_games_ask_the_core_who_can_act() -> None:
    assert adjustment_delta is adjustments_due
    assert powers_with_duties is powers_to_act
    state = board("W1901A", centers={"FRANCE": "PAR MAR BRE SPA"}, FRANCE="A PAR, A MAR, F BRE")
    assert adjustments_due(MAP, state, "FRANCE") == 0  # one build due, nowhere to make it
    assert powers_to_act(MAP, state) == frozenset() and is_idle(MAP, state)


def test_movement_phases_are_never_idle() -> None:
    assert not is_idle(MAP, board("S1901M"))
    assert powers_to_act(MAP, board("S1901M", FRANCE="A PAR")) == {"FRANCE"}
