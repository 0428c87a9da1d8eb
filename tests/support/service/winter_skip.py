"""A board on which the winter of 1901 has nothing to do: Austria takes a fifth centre
with no free home centre to build in, and England holds. `to_fall` plays a game to
the fall on it (`tests/service/game/test_phase_skipping.py`,
`tests/server/scheduler/test_skipped_phases.py`)."""

from __future__ import annotations

from support.service.board_setup import place_board
from support.service.harness import JudgeHarness

# Austria owns Greece too and stands on every home centre; taking Bulgaria in the
# fall gives it 5 centres for 4 units, and no free home centre to build in.
UNITS = ["AUSTRIA A VIE", "AUSTRIA A BUD", "AUSTRIA F TRI", "AUSTRIA A SER",
         "ENGLAND F LON", "ENGLAND F EDI", "ENGLAND A LVP"]  # fmt: skip
CENTRES = {"VIE": "AUSTRIA", "BUD": "AUSTRIA", "TRI": "AUSTRIA", "GRE": "AUSTRIA",
           "LON": "ENGLAND", "EDI": "ENGLAND", "LVP": "ENGLAND"}  # fmt: skip
HOLD_AUSTRIA = ("A VIE H", "A BUD H", "F TRI H", "A SER H")
HOLD_ENGLAND = ("F LON H", "F EDI H", "A LVP H")


def to_fall(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    assert set(judge.players) == {"Austria", "England"}
    place_board(judge.sessions, UNITS, CENTRES)
    judge.orders("Austria", *HOLD_AUSTRIA)
    judge.orders("England", *HOLD_ENGLAND)
    assert judge.status()["phase"] == "F1901M"
