"""Every mail template, in both languages, with generated longest values, fits in 78
columns once composed (issue 32, item 5).

Games are played by mail (`template_scenarios`: a standard year, a Propaganda
year, a Taskdip game, seats and notices, the mail limits, confirmations, a parked
game) and every template the judge renders on the way is recorded with the data it
was given (`template_recorder`). A hypothesis strategy (`longest_values.values`)
then draws values of every kind, the longest among them always tried first: game
names, addresses up to the judge's limit, variant and power names, counts up to the
config's bounds, moments, time zones. Each recording is rendered again with them,
in English and in French, through the judge's own template API, composed into a mail
as the judge composes every mail (`judge.mail.compose`, whose `fit_body` is the
78-column rule) and every line of the body is checked: at most 78 bytes, but for a
quoted line (the player's own words) and an address longer than a line.

The proof covers every template: each scenario must load every template it claims in
`COVERS` while it is checked, and the claims must name every `.txt.j2` mail template
there is. A new template no scenario renders fails the test.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, seed, settings
from support.service.harness import JudgeHarness
from support.service.longest_values import LONGEST, Values, values
from support.service.template_recorder import Recorder, composed_body, mail_templates, recorder
from support.service.template_scenarios import COVERS, SCENARIOS

from judge.config import Config

__all__ = ["recorder"]  # the fixture

# Values drawn besides the longest; more, or other draws, by these variables.
EXAMPLES = int(os.environ.get("JUDGE_WIDTH_EXAMPLES", "2"))
SEED = int(os.environ.get("JUDGE_WIDTH_SEED", "32"))


def prove(recorded: Recorder, games: tuple[str, ...]) -> None:
    @seed(SEED)
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @example(new=LONGEST)
    @given(new=values())
    def every_line_fits(new: Values) -> None:
        too_long = recorded.check(new, games)
        assert too_long == [], "\n".join(too_long[:40])

    every_line_fits()


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_every_template_a_scenario_renders_fits_with_generated_values_in_both_languages(
    scenario: str, judge: JudgeHarness, recorder: Recorder, monkeypatch: pytest.MonkeyPatch,
    make_config: Callable[..., Config], database_url: str,
) -> None:  # fmt: skip
    def configured(**sections: dict[str, Any]) -> JudgeHarness:
        limits = {"per_sender_per_hour": 1000, **sections.pop("limits", {})}
        config = make_config(database_url, limits=limits, **sections)
        return JudgeHarness(judge.sessions, judge.clock, config)

    games = SCENARIOS[scenario](judge, configured, monkeypatch)
    prove(recorder, games)
    missed = COVERS[scenario] - recorder.covered
    assert not missed, (
        f"{scenario} never rendered {sorted(missed)}; it rendered {sorted(recorder.covered)}"
    )


def test_the_scenarios_claim_every_mail_template() -> None:
    claimed = set().union(*COVERS.values())
    assert mail_templates() - claimed == set(), "templates no scenario renders"
    assert claimed - mail_templates() == set(), "claimed templates that do not exist"


def test_the_templates_are_found_by_their_english_names() -> None:
    found = mail_templates()
    assert {"results.txt.j2", "_header.txt.j2", "help/general.txt.j2"} <= found
    assert not any(name.startswith(("fr/", "zine/")) for name in found)


def test_a_line_longer_than_the_mail_is_wrapped_when_composed() -> None:
    """What the proof rests on: composing keeps the lines to 78 columns."""
    body = composed_body(" ".join(["Angleterre"] * 20) + "\n> " + "x" * 90)
    lines = body.splitlines()
    assert len(lines) > 2 and all(len(line.encode()) <= 78 for line in lines[:-1])
    assert lines[-1] == "> " + "x" * 90  # a quoted line is the player's: left whole
