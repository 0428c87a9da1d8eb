"""Which powers a map draws neutral: Taskdip's unplayed powers, from the public summary."""

from __future__ import annotations

from judge.render.neutrals import board_colours, phase_key
from judge.render.palette import NEUTRAL_POWER, power_colour
from judge.rules.state import Phase

SUMMARY = {
    "originally_neutral": ["ITALY", "ENGLAND"],
    "allotted_later": [{"power": "ITALY", "phase": "F1901M"}],
}


def test_a_summary_without_neutrals_keeps_the_usual_colours() -> None:
    assert board_colours({}, Phase.parse("S1901M")) is None
    assert board_colours({"credits": {}}, Phase.parse("S1901M")) is None


def test_an_unplayed_power_is_drawn_neutral_until_it_is_allotted() -> None:
    before = board_colours(SUMMARY, Phase.parse("S1901M"))
    after = board_colours(SUMMARY, Phase.parse("W1901A"))
    assert before is not None and after is not None
    assert before("ITALY") == NEUTRAL_POWER
    assert after("ITALY") == power_colour("ITALY")
    assert after("ENGLAND") == NEUTRAL_POWER
    assert after("FRANCE") == power_colour("FRANCE")


def test_phases_are_ordered_as_played_not_as_their_letters_sort() -> None:
    codes = ["W1901A", "S1901M", "F1901R", "S1901B", "F1901M", "S1901R", "S1902M"]
    ordered = sorted(codes, key=lambda code: phase_key(Phase.parse(code)))
    assert ordered == ["S1901B", "S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
