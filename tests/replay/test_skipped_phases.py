"""The replay goes through the shared next-phase path and knows Droidippy's habit.

The judge (games by mail, `judge adjudicate`, `judge.rules.idle`) skips every
winter nobody can act in. Droidippy skipped one only when the power owed builds
owned no home centre at all; where it owned home centres, all occupied, it opened
the winter. A phase missing from a file is stepped over only when replaying it
with no orders gives exactly the file's next board.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.replay.reader import GAMES, read_game, read_orders
from support.replay.replay import droidippy_opens, replay

from judge.rules.idle import adjudicate_through, is_idle
from judge.rules.map import GameMap, load_map
from judge.rules.results import RuleOptions

RULES = RuleOptions(convoy_adjacent="2.4", civil_disorder="godip")
GAME_1095 = GAMES / "game_1095.txt"
needs_corpus = pytest.mark.skipif(not GAMES.is_dir(), reason=f"no Droidippy corpus at {GAMES}")

# France owns Spain and Portugal but no home centre, and takes Belgium in the fall:
# a build is due with nowhere to make it, and nobody else adjusts.
NO_HOME_FALL = """\
PHASE 1901 Fall Movement
POSITIONS
France: army bur
France: army spa
England: army par
England: army mar
England: fleet bre
France: supply spa
France: supply por
England: supply par
England: supply mar
England: supply bre
ORDERS
bur move bel
"""
NO_HOME_SPRING = """\
PHASE 1902 Spring Movement
POSITIONS
France: army bel
France: army spa
England: army par
England: army mar
England: fleet bre
France: supply spa
France: supply por
France: supply bel
England: supply par
England: supply mar
England: supply bre
ORDERS
"""


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_map()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game_test.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_winter_droidippy_skipped_is_skipped_by_the_shared_path(
    game_map: GameMap, tmp_path: Path
) -> None:
    done = replay(_write(tmp_path, NO_HOME_FALL + NO_HOME_SPRING), game_map, RULES)
    assert done.divergence is None
    assert (done.skipped, done.opened, done.stepped_over) == (("W1901A",), (), ())


def test_an_opened_winter_where_droidippy_would_skip_it_is_a_divergence(
    game_map: GameMap, tmp_path: Path
) -> None:
    winter = NO_HOME_SPRING.replace("PHASE 1902 Spring Movement", "PHASE 1901 Fall Adjustment")
    done = replay(_write(tmp_path, NO_HOME_FALL + winter + NO_HOME_SPRING), game_map, RULES)
    assert done.divergence is not None and done.divergence.phase == "F1901M"


@needs_corpus
def test_droidippy_opened_an_idle_winter_when_the_builder_owned_occupied_homes(
    game_map: GameMap,
) -> None:
    phases = read_game(GAME_1095)
    (fall,) = [p for p in phases if p.code == "F1907M"]
    (winter,) = [p for p in phases if p.code == "W1907A"]
    assert winter.orders == []
    board = winter.state()
    assert is_idle(game_map, board) and droidippy_opens(game_map, board)
    advance = adjudicate_through(
        game_map, fall.state(), read_orders(game_map, fall.state(), fall.orders), RULES
    )
    assert [str(p) for p in advance.skipped] == ["W1907A"]  # the judge skips it
    done = replay(GAME_1095, game_map, RULES)
    assert done.divergence is None and done.opened == ("W1907A",)


def _without(text: str, header: str) -> str:
    """The game file without the phase that starts with `header`."""
    start = text.index(header)
    end = text.index("PHASE ", start + len(header))
    return text[:start] + text[end:]


@needs_corpus
def test_a_phase_the_file_lacks_is_stepped_over_when_no_orders_give_the_next_board(
    game_map: GameMap, tmp_path: Path
) -> None:
    text = _without(GAME_1095.read_text(encoding="utf-8"), "PHASE 1907 Fall Adjustment")
    done = replay(_write(tmp_path, text), game_map, RULES)
    assert done.divergence is None
    assert done.stepped_over == ("W1907A",) and done.opened == ()


@needs_corpus
def test_a_lacking_phase_with_orders_is_not_stepped_over(game_map: GameMap, tmp_path: Path) -> None:
    text = _without(GAME_1095.read_text(encoding="utf-8"), "PHASE 1906 Fall Adjustment")
    done = replay(_write(tmp_path, text), game_map, RULES)
    assert done.divergence is not None and done.divergence.phase == "F1906M"
    assert done.stepped_over == ()
