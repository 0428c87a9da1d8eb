"""Taskdip in the zine: tasks secret until the end, neutrals drawn as neutral."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image
from support.zine.pages import maps, phase_ids, text_of
from support.zine.recorder import Recorder
from support.zine.standard_game import PageOf

from judge.render import power_colour, unit_point
from judge.render.palette import NEUTRAL_POWER
from judge.rules.state import GameState, Unit, UnitType
from judge.store import games as store
from judge.store.models import GameStatus
from judge.variants.registry import default_registry
from judge.variants.taskdip.tasks import task_for

# With the recorder's seed, the lot gives the first seat Russia and Turkey and the
# second Italy and Austria; England, France and Germany are neutral.
HOLDINGS = {"1": ("RUSSIA", "TURKEY"), "2": ("ITALY", "AUSTRIA")}


def _game(recorder: Recorder) -> None:
    assert recorder.create("t1", "taskdip", [(), ()], {"players": "2"}) == HOLDINGS


def _task_texts(recorder: Recorder) -> list[str]:
    with recorder.sessions() as session:
        game = store.get_game(session, "t1")
        assert game is not None
        tasks: Mapping[str, Mapping[str, str]] = game.variant_data["tasks"]
    return [task_for(power, entry["card"]).describe() for power, entry in tasks.items()]


def _count_near(image: Image.Image, location: str, colour: tuple[int, int, int]) -> int:
    x, y = (round(v) for v in unit_point(location))
    return sum(
        1
        for dx in range(-7, 8)
        for dy in range(-7, 8)
        if dx * dx + dy * dy <= 49 and image.getpixel((x + dx, y + dy)) == colour
    )


def test_tasks_stay_secret_while_the_game_goes_on(recorder: Recorder, page_of: PageOf) -> None:
    _game(recorder)
    recorder.play("t1")
    recorder.play("t1")
    page = text_of(page_of("t1"))
    assert phase_ids(page) == ["S1901M", "F1901M"]
    for task in _task_texts(recorder):
        assert task not in page
    assert "The tasks" not in page


def test_tasks_are_revealed_once_the_game_is_over(recorder: Recorder, page_of: PageOf) -> None:
    _game(recorder)
    tasks = _task_texts(recorder)
    recorder.set_board("t1", _russia_on_eighteen_centres(recorder.board("t1")))
    recorder.play("t1")
    outcome = recorder.play("t1")
    assert outcome.finished and outcome.winner == "RUSSIA"
    page = text_of(page_of("t1"))
    standings = page[page.index('id="standings"'):]
    assert "Russia has won." in standings and "<h4>The tasks</h4>" in standings
    for task in tasks:
        assert page.count(task) == 1 and task in standings


def test_tasks_are_revealed_when_the_game_ends_in_a_draw(
    recorder: Recorder, page_of: PageOf
) -> None:
    _game(recorder)
    tasks = _task_texts(recorder)
    recorder.play("t1")
    with recorder.sessions.begin() as session:  # as the service's finish_game does
        game = store.get_game(session, "t1")
        assert game is not None
        game.status, game.winner = GameStatus.FINISHED, ["RUSSIA", "ITALY"]
    page = text_of(page_of("t1"))
    assert "A draw between Russia, Italy." in page
    for task in tasks:
        assert task in page


def _russia_on_eighteen_centres(board: GameState) -> GameState:
    """The board with Russia owning 18 centres: its 4, the 12 empty ones, and the two
    Austrian centres whose armies are made Russian. The fall makes it a win."""
    units = dict(board.units)
    for province in ("VIE", "BUD"):
        units[province] = Unit("RUSSIA", UnitType.ARMY, province)
    empty = [c for c in default_registry().get("taskdip").map.centers if c not in units]
    centres = {**board.centers, **{c: "RUSSIA" for c in [*empty, "VIE", "BUD"]}}
    assert sum(owner == "RUSSIA" for owner in centres.values()) == 18
    return board.with_(units=units, centers=centres)


def test_neutral_powers_are_drawn_in_the_neutral_colour(
    recorder: Recorder, page_of: PageOf
) -> None:
    _game(recorder)
    recorder.play("t1")
    first = maps(page_of("t1"))[0]
    for neutral, location in (("ENGLAND", "LON"), ("FRANCE", "PAR"), ("GERMANY", "MUN")):
        assert _count_near(first, location, power_colour(neutral)) == 0, neutral
        assert _count_near(first, location, NEUTRAL_POWER) > 40, neutral
    assert _count_near(first, "MOS", power_colour("RUSSIA")) > 40


def test_a_violated_neutral_is_reported_and_coloured_once_allotted(
    recorder: Recorder, page_of: PageOf
) -> None:
    _game(recorder)
    recorder.play("t1", orders={"1": ["A WAR-SIL"]})  # Silesia: German home territory
    page = page_of("t1")
    text = text_of(page)
    assert "Russia (A WAR - SIL) violates the neutrality of Germany." in text
    assert "From F1901M on, Germany is played by the player of Italy and Austria." in text
    after = maps(page)[0]  # the board of F1901M: Germany has a player again
    assert _count_near(after, "MUN", power_colour("GERMANY")) > 40
    assert _count_near(after, "PAR", power_colour("FRANCE")) == 0
