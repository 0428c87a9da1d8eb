"""The DATC cases under both `rulebook` settings (issue 14, the 1971 rulebook).

`rulebook = current` must give every preferred result (the same as
`test_datc.py`, through the rulebook preset). `rulebook = 1971` must give the
1971 answer for each case listed in `rulebook_1971.CHANGES`, and the preferred
answer for every other case. Each changed case is also run with only its own
points switched to 1971, so that each option is shown to be the one that matters.
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest
from support.datc.harness import run_steps
from support.datc.rulebook_1971 import CHANGES

from judge.rules.results import RuleOptions
from judge.rules.rulebook import RULEBOOKS, rulebook_options

CASES: dict[str, dict[str, Any]] = {
    case["id"]: case
    for case in json.loads((Path(__file__).parent / "cases.json").read_text(encoding="utf-8"))[
        "cases"
    ]
}
CURRENT = asdict(rulebook_options("current"))
RULES_1971 = rulebook_options("1971")
OPTIONS_1971 = asdict(RULES_1971)
UNCHANGED = sorted(set(CASES) - set(CHANGES))


def steps_1971(case_id: str) -> list[dict[str, Any]]:
    """The case's steps with the 1971 answers put in place of the preferred ones."""
    change = CHANGES[case_id]
    case = CASES[case_id]
    if "variant" in change:
        (variant,) = [v for v in case["variants"] if v["name"] == change["variant"]]
        return list(variant["steps"])
    steps = copy.deepcopy(case["steps"])
    (step,) = steps
    wanted = dict(change["results"])
    for entries in step["orders"].values():
        for entry in entries:
            if entry["order"] in wanted:
                entry["result"] = wanted.pop(entry["order"])
    assert not wanted, f"{case_id}: no such orders {sorted(wanted)}"
    for key in ("units", "dislodged", "next_phase"):
        step["expected"][key] = change[key]
    return steps


def _fail(case_id: str, problems: list[str]) -> None:
    if problems:
        pytest.fail(f"DATC {case_id}:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.mark.parametrize("case_id", sorted(CHANGES))
def test_changed_case_under_both_rulebooks(case_id: str) -> None:
    case = CASES[case_id]
    _fail(case_id, run_steps(case["steps"], CURRENT))
    _fail(case_id, run_steps(steps_1971(case_id), OPTIONS_1971))
    assert run_steps(case["steps"], OPTIONS_1971), "1971 should differ from the preference"


@pytest.mark.parametrize("case_id", sorted(CHANGES))
def test_changed_case_by_its_own_points(case_id: str) -> None:
    """Only the case's listed points set to their 1971 value give the 1971 answer."""
    points = {name: getattr(RULES_1971, name) for name in CHANGES[case_id]["points"]}
    _fail(case_id, run_steps(steps_1971(case_id), asdict(replace(RuleOptions(), **points))))


@pytest.mark.parametrize("case_id", UNCHANGED)
def test_unlisted_case_is_the_same_under_1971(case_id: str) -> None:
    _fail(case_id, run_steps(CASES[case_id]["steps"], OPTIONS_1971))


@pytest.mark.parametrize("case_id", UNCHANGED)
def test_unlisted_case_is_the_preference_under_current(case_id: str) -> None:
    _fail(case_id, run_steps(CASES[case_id]["steps"], CURRENT))


def test_the_changed_cases_are_those_of_the_docs() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "datc.md").read_text(encoding="utf-8")
    section = docs.split("## The 1971 rulebook", 1)[1].split("\n## ", 1)[0]
    for case_id in CHANGES:
        assert case_id in section, f"{case_id} is not listed in docs/datc.md"


def test_rulebook_presets() -> None:
    assert RULEBOOKS == ("current", "1971")
    assert rulebook_options("current") == RuleOptions()
    assert RULES_1971 == RuleOptions(
        convoy_adjacent="1971",
        civil_disorder="1971",
        multi_route_convoy="any",
        paradox_rule="1971",
    )
    with pytest.raises(ValueError, match="rulebook must be current or 1971"):
        rulebook_options("1982")
