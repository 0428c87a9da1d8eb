"""The map picture: a PNG of the right size, units in their powers' colours, order arrows."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from judge.render import MapRenderer, neutral_for, palette, power_colour, render_map, unit_point
from judge.render.geometry import MapGeometry
from judge.render.legend import phase_title
from judge.rules.orders import Build, Move, SupportMove
from judge.rules.results import OrderResult, Outcome
from judge.rules.state import DislodgedUnit, GameState, Phase, Unit, UnitType

A, F = UnitType.ARMY, UnitType.FLEET
RGB = tuple[int, int, int]


def board(
    *units: Unit,
    centers: dict[str, str] | None = None,
    dislodged: tuple[DislodgedUnit, ...] = (),
) -> GameState:
    return GameState.from_units(Phase.parse("S1901M"), units, centers, dislodged)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def count_near(image: Image.Image, at: tuple[float, float], colour: RGB, radius: int = 7) -> int:
    x0, y0 = round(at[0]), round(at[1])
    return sum(
        1
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if dx * dx + dy * dy <= radius * radius and image.getpixel((x0 + dx, y0 + dy)) == colour
    )


def changed_along(
    a: Image.Image, b: Image.Image, start: tuple[float, float], end: tuple[float, float]
) -> int:
    """How many points of the middle of start-end differ between the two pictures."""
    changed = 0
    for i in range(25, 76):
        t = i / 100
        p = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        changed += a.getpixel(p) != b.getpixel(p)
    return changed


def moved(power: str, kind: UnitType, origin: str, target: str, outcome: Outcome) -> OrderResult:
    order = Move(power, kind, origin, target)
    reason = None if outcome is Outcome.SUCCEEDS else "bounce"
    return OrderResult(power, str(order), outcome, reason, order)


def test_the_png_decodes_at_the_expected_size() -> None:
    image = decode(render_map(board(Unit("FRANCE", A, "PAR"))))
    assert image.size == (1000, 850)


def test_the_width_can_be_chosen(renderer: MapRenderer) -> None:
    image = decode(renderer.render(board(Unit("FRANCE", A, "PAR")), width=600))
    assert image.size == (600, 510)
    at = renderer.unit_point("PAR", width=600)
    assert count_near(image, at, power_colour("FRANCE"), radius=4) > 10


def test_a_french_army_in_paris_is_drawn_in_frances_colour_at_paris() -> None:
    image = decode(render_map(board(Unit("FRANCE", A, "PAR"))))
    assert count_near(image, unit_point("PAR"), power_colour("FRANCE")) > 40
    assert count_near(image, unit_point("MUN"), power_colour("FRANCE")) == 0


def test_a_fleet_on_a_coast_is_drawn_at_that_coast() -> None:
    image = decode(render_map(board(Unit("RUSSIA", F, "STP/SC"), Unit("ENGLAND", F, "NTH"))))
    assert count_near(image, unit_point("STP/SC"), power_colour("RUSSIA")) > 30
    assert count_near(image, unit_point("STP/NC"), power_colour("RUSSIA")) == 0
    assert count_near(image, unit_point("NTH"), power_colour("ENGLAND")) > 30


def test_every_power_has_its_own_colour() -> None:
    colours = {
        power_colour(p)
        for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    }
    assert len(colours) == 7
    assert palette.SEA not in colours and palette.LAND not in colours


def test_land_and_sea_differ_at_known_points(renderer: MapRenderer) -> None:
    image = decode(renderer.render(board()))
    assert image.getpixel(tuple(map(round, unit_point("NTH")))) == palette.SEA
    assert image.getpixel(tuple(map(round, unit_point("MUN")))) == palette.LAND
    assert palette.SEA != palette.LAND


def test_switzerland_is_drawn_impassable(renderer: MapRenderer, geometry: MapGeometry) -> None:
    image = decode(renderer.render(board()))
    outline = geometry.regions["SWI"].outline
    middle = (sum(x for x, _ in outline) / len(outline), sum(y for _, y in outline) / len(outline))
    assert image.getpixel((round(middle[0]), round(middle[1]))) == palette.IMPASSABLE


def test_centres_show_their_owner_or_neutral(geometry: MapGeometry) -> None:
    image = decode(render_map(board(centers={"MUN": "GERMANY"})))
    mun, ber = geometry.regions["MUN"].centre, geometry.regions["BER"].centre
    assert mun is not None and ber is not None
    assert count_near(image, mun, power_colour("GERMANY"), radius=3) > 5
    assert count_near(image, ber, palette.NEUTRAL_CENTRE, radius=3) > 5


def test_a_dislodged_unit_is_drawn_beside_the_attacker(renderer: MapRenderer) -> None:
    attacker = Unit("GERMANY", A, "MUN")
    loser = DislodgedUnit(Unit("FRANCE", A, "MUN"), ("BUR",), "RUH")
    plain = decode(renderer.render(board(attacker)))
    image = decode(renderer.render(board(attacker, dislodged=(loser,))))
    x, y = unit_point("MUN")
    beside = (x + 15, y + 13)
    assert count_near(image, beside, power_colour("FRANCE")) > 20
    assert count_near(image, beside, palette.FAILED_MARK, radius=12) > 20
    assert count_near(plain, beside, power_colour("FRANCE")) == 0
    assert count_near(image, unit_point("MUN"), power_colour("GERMANY"), radius=4) > 10


def test_a_move_is_drawn_as_an_arrow_along_its_path(renderer: MapRenderer) -> None:
    state = board(Unit("FRANCE", A, "PAR"))
    result = moved("FRANCE", A, "PAR", "BUR", Outcome.SUCCEEDS)
    plain = decode(renderer.render(state))
    arrowed = decode(renderer.render(state, [result]))
    path = (unit_point("PAR"), unit_point("BUR"))
    assert changed_along(plain, arrowed, *path) > 40
    assert changed_along(plain, arrowed, unit_point("PAR"), unit_point("MUN")) < 10


def test_a_failed_move_is_grey_with_a_red_cross(renderer: MapRenderer) -> None:
    state = board(Unit("FRANCE", A, "PAR"))
    start, end = unit_point("PAR"), unit_point("BUR")
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    ok = decode(renderer.render(state, [moved("FRANCE", A, "PAR", "BUR", Outcome.SUCCEEDS)]))
    failed = decode(renderer.render(state, [moved("FRANCE", A, "PAR", "BUR", Outcome.FAILS)]))
    assert count_near(failed, middle, palette.FAILED_MARK, radius=6) > 5
    assert count_near(ok, middle, palette.FAILED_MARK, radius=6) == 0
    assert count_near(ok, middle, power_colour("FRANCE"), radius=6) > 5


def test_a_support_is_drawn_towards_its_target(renderer: MapRenderer) -> None:
    state = board(Unit("FRANCE", A, "PAR"), Unit("FRANCE", A, "GAS"))
    order = SupportMove("FRANCE", A, "GAS", "PAR", "BUR")
    result = OrderResult("FRANCE", str(order), Outcome.SUCCEEDS, None, order)
    plain = decode(renderer.render(state))
    image = decode(renderer.render(state, [result]))
    assert changed_along(plain, image, unit_point("GAS"), unit_point("BUR")) > 15


def test_a_build_is_marked(renderer: MapRenderer) -> None:
    state = board().with_(phase=Phase.parse("W1901A"))
    order = Build("FRANCE", F, "BRE")
    image = decode(
        renderer.render(state, [OrderResult("FRANCE", str(order), Outcome.SUCCEEDS, None, order)])
    )
    assert count_near(image, unit_point("BRE"), power_colour("FRANCE")) > 20
    assert count_near(image, unit_point("BRE"), palette.BUILD, radius=16) > 20


def test_a_power_can_be_drawn_as_neutral(renderer: MapRenderer) -> None:
    state = board(Unit("FRANCE", A, "PAR"), Unit("GERMANY", A, "MUN"))
    image = decode(renderer.render(state, colour_of=neutral_for(frozenset({"FRANCE"}))))
    assert count_near(image, unit_point("PAR"), power_colour("FRANCE")) == 0
    assert count_near(image, unit_point("PAR"), palette.NEUTRAL_POWER) > 40
    assert count_near(image, unit_point("MUN"), power_colour("GERMANY")) > 40


def test_the_title_names_the_phase() -> None:
    assert phase_title(Phase.parse("S1901M")) == "Spring 1901 Movement"
    assert phase_title(Phase.parse("W1905A")) == "Winter 1905 Adjustment"


def test_drawing_is_deterministic(renderer: MapRenderer) -> None:
    state = board(Unit("FRANCE", A, "PAR"))
    assert renderer.render(state) == renderer.render(state)


@pytest.mark.parametrize("width", [500, 1000, 1600])
def test_unit_points_scale_with_the_width(renderer: MapRenderer, width: int) -> None:
    x, y = renderer.unit_point("PAR", width)
    x0, y0 = renderer.unit_point("PAR")
    assert math.isclose(x, x0 * width / 1000) and math.isclose(y, y0 * width / 1000)
