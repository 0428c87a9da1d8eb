"""The map's legend says who orders each power where that is public: an Intimate
mercenary's controller (or anarchy), and the powers a Taskdip player holds."""

from __future__ import annotations

from PIL import Image, ImageDraw

from judge.render.legend import _name, draw_legend
from judge.render.legend_notes import legend_notes
from judge.render.palette import power_colour
from judge.rules.state import POWERS


def test_an_intimate_mercenary_is_shown_with_its_controller() -> None:
    summary = {
        "home_powers": {"1": "FRANCE", "2": "GERMANY"},
        "controllers": {"FRANCE": "FRANCE", "GERMANY": "GERMANY", "AUSTRIA": "FRANCE",
                        "ITALY": None},
    }  # fmt: skip
    notes = legend_notes(summary)
    assert notes == {"AUSTRIA": "by France", "ITALY": "anarchy"}
    assert _name("AUSTRIA", notes) == "Austria (by France)"
    assert _name("FRANCE", notes) == "France"


def test_a_taskdip_power_is_shown_with_the_others_its_player_holds() -> None:
    summary = {"players": {"0": ["GERMANY", "ITALY"], "1": ["FRANCE"]}, "controllers": {}}
    assert legend_notes(summary) == {"GERMANY": "with Italy", "ITALY": "with Germany"}


def test_the_legend_widens_for_its_notes() -> None:
    def panel_left(notes: dict[str, str]) -> int:
        image = Image.new("RGB", (600, 400), (255, 255, 255))
        draw = ImageDraw.Draw(image)
        draw_legend(draw, {p: power_colour(p) for p in POWERS}, {}, image.size, 1.0, notes)
        row = [image.getpixel((x, 390)) for x in range(600)]
        return next(x for x, pixel in enumerate(row) if pixel != (255, 255, 255))

    plain = panel_left({})
    noted = panel_left({"AUSTRIA": "by France and Germany together"})
    assert noted < plain  # the panel starts further left: it is wider
