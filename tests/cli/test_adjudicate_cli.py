"""`judge adjudicate` follows spec/adjudicate.md: JSON in, JSON out, exit 0 or 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from judge.adjudicate.cli import main

SPEC_EXAMPLE: dict[str, Any] = {
    "variant": "standard",
    "phase": "S1901M",
    "units": {"ENGLAND": ["F LON", "F EDI", "A LVP"], "RUSSIA": ["F STP/SC"]},
    "centers": {"ENGLAND": ["LON", "EDI", "LVP"], "RUSSIA": ["STP", "MOS", "WAR", "SEV"]},
    "orders": {"ENGLAND": ["F LON - NTH", "A LVP - YOR", "F EDI H"]},
    "options": {"convoy_adjacent": "3.0", "civil_disorder": "2023"},
}
FIELDS = {"phase", "results", "units", "dislodged", "centers", "next_phase"}


Runner = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Runner:
    """`cli(request, *args)` runs `main` in-process: (exit status, stdout, stderr).

    The request is an object, its JSON text, or the very bytes to read."""

    def run(request: dict[str, Any] | str | bytes, *args: str) -> tuple[int, str, str]:
        if isinstance(request, dict):
            request = json.dumps(request)
        data = request.encode() if isinstance(request, str) else request
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def answer(cli: Runner, request: dict[str, Any]) -> dict[str, Any]:
    code, out, err = cli(request)
    assert (code, err) == (0, "")
    result: dict[str, Any] = json.loads(out)
    return result


# --- the happy path -----------------------------------------------------------------


def test_spec_example_gives_exactly_the_contract_fields(cli: Runner) -> None:
    result = answer(cli, SPEC_EXAMPLE)
    assert set(result) == FIELDS
    assert result["phase"] == "S1901M"
    assert result["results"] == {
        "ENGLAND": [
            {"order": "F LON - NTH", "result": "succeeds"},
            {"order": "A LVP - YOR", "result": "succeeds"},
            {"order": "F EDI H", "result": "succeeds"},
        ]
    }
    assert result["units"] == {"ENGLAND": ["F EDI", "F NTH", "A YOR"], "RUSSIA": ["F STP/SC"]}
    assert result["dislodged"] == {}
    assert result["centers"]["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]
    assert result["next_phase"] == "F1901M"


def test_module_runs_as_a_program_with_the_same_answer(cli: Runner) -> None:
    expected = answer(cli, SPEC_EXAMPLE)
    done = subprocess.run(
        [sys.executable, "-m", "judge.adjudicate.cli"],
        input=json.dumps(SPEC_EXAMPLE),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected


def test_failures_carry_a_reason(cli: Runner) -> None:
    request = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
        "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
    }
    result = answer(cli, request)
    assert result["results"]["GERMANY"] == [
        {"order": "A MUN - BUR", "result": "fails", "reason": "bounce"}
    ]
    assert result["units"]["FRANCE"] == ["A BUR", "A MAR"]


def test_input_accepts_any_case_initials_full_names_and_aliases(cli: Runner) -> None:
    request = {
        "phase": "s1901m",
        "units": {
            "e": ["fleet london", "F nat"],
            "russia": ["f st petersburg/sc"],
            "France": ["F mid", "A Paris"],
        },
        "orders": {
            "England": ["F London - North Sea", "f nat - nrg"],
            "f": ["F mid - spa/nc", "army paris -> burgundy"],
        },
    }
    result = answer(cli, request)
    assert result["units"] == {
        "ENGLAND": ["F NTH", "F NWG"],
        "FRANCE": ["A BUR", "F SPA/NC"],
        "RUSSIA": ["F STP/SC"],
    }
    assert [r["order"] for r in result["results"]["FRANCE"]] == ["F MAO - SPA/NC", "A PAR - BUR"]


def test_dislodged_units_are_listed_with_their_retreats(cli: Runner) -> None:
    request = {
        "phase": "S1901M",
        "units": {"AUSTRIA": ["A SER"], "TURKEY": ["A BUL", "A RUM"]},
        "orders": {"TURKEY": ["A BUL - SER", "A RUM S A BUL - SER"]},
    }
    result = answer(cli, request)
    assert result["dislodged"] == {"AUSTRIA": {"A SER": ["ALB", "BUD", "GRE", "TRI"]}}
    assert "AUSTRIA" not in result["units"]
    assert result["next_phase"] == "S1901R"


def test_a_dislodged_unit_with_nowhere_to_go_is_listed_with_no_retreats(cli: Runner) -> None:
    request = {  # DATC 6.D.34: the Italian army in Prussia cannot retreat
        "phase": "S1901M",
        "units": {
            "GERMANY": ["A BER", "A SIL", "F BAL"],
            "ITALY": ["A PRU"],
            "RUSSIA": ["A WAR", "A LVN"],
        },
        "orders": {
            "GERMANY": ["A BER - PRU", "A SIL S A BER - PRU", "F BAL S A BER - PRU"],
            "ITALY": ["A PRU S A LVN - PRU"],
            "RUSSIA": ["A WAR S A LVN - PRU", "A LVN - PRU"],
        },
    }
    result = answer(cli, request)
    assert result["dislodged"] == {"ITALY": {"A PRU": []}}
    assert result["results"]["ITALY"][0]["result"] == "illegal"


def test_when_nobody_can_retreat_the_unit_is_listed_off_the_board_and_the_phase_skipped(
    cli: Runner,
) -> None:
    """DATC 6.D.8, as docs/adjudicate.md describes it (issue 31: the docs said "simply
    gone"): Greece's army cannot go back to Albania, where its attacker came from."""
    result = answer(cli, {
        "phase": "S1901M",
        "units": {"AUSTRIA": ["F ION", "A SER", "A ALB"], "TURKEY": ["A GRE", "A BUL"]},
        "orders": {"AUSTRIA": ["F ION H", "A SER S A ALB - GRE", "A ALB - GRE"],
                   "TURKEY": ["A GRE - NAP", "A BUL S A GRE"]},
    })  # fmt: skip
    assert result["units"] == {"AUSTRIA": ["A GRE", "F ION", "A SER"], "TURKEY": ["A BUL"]}
    assert result["dislodged"] == {"TURKEY": {"A GRE": []}}
    assert result["next_phase"] == "F1901M"
    assert "skipped" not in result


def test_fall_movement_changes_centre_owners(cli: Runner) -> None:
    request = {
        "phase": "F1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]},
        "orders": {"FRANCE": ["A MAR - SPA"]},
    }
    result = answer(cli, request)
    assert result["centers"] == {"FRANCE": ["MAR", "PAR", "SPA"], "GERMANY": ["MUN"]}
    assert result["next_phase"] == "W1901A"


def test_retreat_phase_uses_the_given_dislodged_units(cli: Runner) -> None:
    request = {
        "phase": "F1901R",
        "units": {"TURKEY": ["A SER", "A RUM"], "AUSTRIA": ["A BUD"]},
        "centers": {"AUSTRIA": ["BUD", "SER"], "TURKEY": ["RUM"]},
        "dislodged": {"austria": {"a ser": ["alb", "gre"]}},
        "orders": {"AUSTRIA": ["A SER - BUD"]},
    }
    result = answer(cli, request)
    assert result["results"]["AUSTRIA"][0]["result"] == "illegal"
    assert result["units"] == {"AUSTRIA": ["A BUD"], "TURKEY": ["A RUM", "A SER"]}
    assert result["dislodged"] == {}
    assert result["centers"] == {"AUSTRIA": ["BUD"], "TURKEY": ["RUM", "SER"]}
    assert result["next_phase"] == "S1902M"  # nobody has anything to adjust


def test_adjustment_phase_reports_civil_disorder_removals(cli: Runner) -> None:
    request = {  # DATC 3.1 6.J.3: Prussia is further from St Petersburg than Livonia
        "phase": "W1901A",
        "units": {"RUSSIA": ["A LVN", "A PRU"], "FRANCE": ["A PAR"]},
        "centers": {"RUSSIA": ["STP"], "FRANCE": ["PAR", "BRE"]},
        "orders": {"FRANCE": ["Build F Brest"]},
    }
    result = answer(cli, request)
    assert result["results"] == {
        "FRANCE": [{"order": "F BRE B", "result": "succeeds"}],
        "RUSSIA": [{"order": "A PRU D", "result": "succeeds", "reason": "civil disorder"}],
    }
    assert result["units"] == {"FRANCE": ["F BRE", "A PAR"], "RUSSIA": ["A LVN"]}
    assert result["next_phase"] == "S1902M"


def test_civil_disorder_option_is_honoured(cli: Runner) -> None:
    request = {  # DATC 6.J.11
        "phase": "W1901A",
        "units": {"ITALY": ["A WAR", "A TUS"]},
        "centers": {"ITALY": ["WAR"]},
        "options": {"civil_disorder": "2000"},
    }
    result = answer(cli, request)
    assert result["results"]["ITALY"] == [
        {"order": "A WAR D", "result": "succeeds", "reason": "civil disorder"}
    ]


KIDNAPPING = {  # DATC 6.G.2: the 1971 rulebook lets a foreign fleet swap the armies
    "phase": "S1901M",
    "units": {"ENGLAND": ["A NWY"], "RUSSIA": ["F SWE"], "GERMANY": ["F SKA"]},
    "orders": {
        "ENGLAND": ["A NWY - SWE"],
        "RUSSIA": ["F SWE - NWY"],
        "GERMANY": ["F SKA C A NWY - SWE"],
    },
}


def test_rulebook_option_selects_the_1971_reading(cli: Runner) -> None:
    current = answer(cli, {**KIDNAPPING, "options": {"rulebook": "current"}})
    assert current["units"] == {"ENGLAND": ["A NWY"], "GERMANY": ["F SKA"], "RUSSIA": ["F SWE"]}
    old = answer(cli, {**KIDNAPPING, "options": {"rulebook": "1971"}})
    assert old["units"] == {"ENGLAND": ["A SWE"], "GERMANY": ["F SKA"], "RUSSIA": ["F NWY"]}
    assert old["results"]["ENGLAND"] == [{"order": "A NWY - SWE", "result": "succeeds"}]


def test_a_named_point_overrides_the_rulebook_preset(cli: Runner) -> None:
    mixed = answer(cli, {**KIDNAPPING, "options": {"rulebook": "1971", "convoy_adjacent": "3.0"}})
    assert mixed["units"] == {"ENGLAND": ["A NWY"], "GERMANY": ["F SKA"], "RUSSIA": ["F SWE"]}


# --- illegal orders are results, not errors -----------------------------------------------


@pytest.mark.parametrize(
    "order",
    ["A LVP - IRI", "F LON - BEL", "A WAL - XYZ", "F NTH - PIC", "Build A LON", "gibberish"],
)
def test_illegal_or_unreadable_orders_are_reported_and_the_unit_holds(
    cli: Runner, order: str
) -> None:
    request = {
        "phase": "S1901M",
        "units": {"ENGLAND": ["A LVP", "F LON", "F NTH"]},
        "orders": {"ENGLAND": [order]},
    }
    result = answer(cli, request)
    (entry,) = result["results"]["ENGLAND"]
    assert entry["result"] == "illegal"
    assert entry["reason"]
    assert result["units"] == {"ENGLAND": ["F LON", "A LVP", "F NTH"]}


def test_ordering_another_powers_unit_is_illegal(cli: Runner) -> None:
    request = {
        "phase": "S1901M",
        "units": {"ENGLAND": ["F LON"]},
        "orders": {"GERMANY": ["F LON - NTH"]},
    }
    result = answer(cli, request)
    assert result["results"]["GERMANY"][0]["result"] == "illegal"
    assert result["units"] == {"ENGLAND": ["F LON"]}


# --- malformed input ------------------------------------------------------------------------


def test_malformed_json_exits_2_with_one_stderr_line(cli: Runner) -> None:
    code, out, err = cli('{"phase": "S1901M", ')
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert "JSON" in err


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"units": {"PRUSSIA": ["A BER"]}}, "units.PRUSSIA"),
        ({"orders": {"Atlantis": ["A PAR H"]}}, "orders.Atlantis"),
        ({"units": ["F LON"]}, "units"),
        ({"units": {"ENGLAND": "F LON"}}, "units.ENGLAND"),
        ({"units": {"ENGLAND": ["X LON"]}}, "units.ENGLAND[0]"),
        ({"units": {"ENGLAND": ["F XYZ"]}}, "units.ENGLAND[0]"),
        ({"units": {"ENGLAND": ["A NTH"]}}, "units.ENGLAND[0]"),
        ({"units": {"RUSSIA": ["F STP"]}}, "units.RUSSIA[0]"),
        ({"units": {"ENGLAND": ["F LON", "A LON"]}}, "units.ENGLAND[1]"),
        ({"orders": {"ENGLAND": ["F LON H", 7]}}, "orders.ENGLAND[1]"),
        ({"orders": {"ENGLAND": "F LON H"}}, "orders.ENGLAND"),
        ({"phase": "S1901X"}, "phase"),
        ({"phase": 1901}, "phase"),
        ({"variant": "chaos"}, "variant"),
        ({"options": {"convoy_adjacent": "2.0"}}, "options.convoy_adjacent"),
        ({"options": {"paradox": "szykman"}}, "options.paradox"),
        ({"options": {"rulebook": "1982"}}, "options.rulebook"),
        ({"options": {"multi_route_convoy": "one"}}, "options.multi_route_convoy"),
        ({"options": "3.0"}, "options"),
        ({"centers": {"ENGLAND": ["NTH"]}}, "centers.ENGLAND[0]"),
        ({"phase": "F1901M", "centers": None}, "centers"),
        ({"dislodged": {"ENGLAND": {"F LON": ["NTH"]}}}, "dislodged"),
    ],
)
def test_malformed_fields_exit_2_and_name_the_field(
    cli: Runner, change: dict[str, Any], named: str
) -> None:
    request = {**SPEC_EXAMPLE, **change}
    if change.get("centers", 0) is None:
        del request["centers"]
    code, out, err = cli(request)
    assert (code, out) == (2, "")
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert named in lines[0]


def test_missing_units_is_malformed(cli: Runner) -> None:
    code, out, err = cli({"phase": "S1901M"})
    assert (code, out) == (2, "")
    assert "units" in err


# --- retreat lists checked against the board (issue 31) ---------------------------------------

RETREAT: dict[str, Any] = {  # Germany took Paris; France's army must retreat
    "phase": "S1901R",
    "units": {"GERMANY": ["A PAR", "A BUR"], "ENGLAND": ["F MAO"]},
}


def _retreat_request(dislodged: dict[str, Any], *orders: str) -> dict[str, Any]:
    return {**RETREAT, "dislodged": dislodged, "orders": {"FRANCE": list(orders)}}


@pytest.mark.parametrize(
    ("dislodged", "named", "why"),
    [
        ({"FRANCE": {"A PAR": ["MOS"]}}, "dislodged.FRANCE.A PAR[0]", "cannot move there"),
        ({"FRANCE": {"A PAR": ["PIC", "BUR"]}}, "dislodged.FRANCE.A PAR[1]", "GERMANY A BUR"),
        ({"FRANCE": {"A PAR": ["PAR"]}}, "dislodged.FRANCE.A PAR[0]", "GERMANY A PAR"),
        ({"FRANCE": {"F BRE": ["PIC"]}}, "dislodged.FRANCE.F BRE", "nothing stands in BRE"),
        ({"GERMANY": {"A PAR": ["PIC"]}}, "dislodged.GERMANY.A PAR", "its own A PAR"),
        ({"FRANCE": {"A PAR": ["PIC"]}, "F": {"A PAR": []}}, "dislodged.F.A PAR", "a second"),
        ({"ENGLAND": {"F BUR": []}}, "dislodged.ENGLAND.F BUR", "a fleet cannot stand inland"),
    ],
)
def test_retreats_the_board_rules_out_are_malformed(
    cli: Runner, dislodged: dict[str, Any], named: str, why: str
) -> None:
    code, out, err = cli(_retreat_request(dislodged, "A PAR R MOS"))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert named in err and why in err


def test_a_retreat_order_outside_a_sound_list_is_illegal_and_the_unit_disbands(
    cli: Runner,
) -> None:
    request = _retreat_request({"FRANCE": {"A PAR": ["PIC", "GAS"]}}, "A PAR R MOS")
    result = answer(cli, request)
    assert result["results"]["FRANCE"] == [
        {"order": "A PAR R MOS", "result": "illegal", "reason": "not adjacent"}
    ]
    assert "FRANCE" not in result["units"]
    assert result["next_phase"] == "F1901M"


def test_a_sound_list_may_leave_out_what_the_board_cannot_show(cli: Runner) -> None:
    """Picardy left out (a standoff there, or the attacker came from it): trusted, so
    the retreat there is illegal; Gascony listed is open."""
    request = _retreat_request({"FRANCE": {"A PAR": ["GAS"]}}, "A PAR R PIC")
    assert answer(cli, request)["results"]["FRANCE"][0]["result"] == "illegal"
    request = _retreat_request({"FRANCE": {"A PAR": ["GAS"]}}, "A PAR R GAS")
    result = answer(cli, request)
    assert result["results"]["FRANCE"][0] == {"order": "A PAR R GAS", "result": "succeeds"}
    assert result["units"]["FRANCE"] == ["A GAS"]


def test_a_fleet_retreat_without_a_coast_is_read_as_its_one_open_coast(cli: Runner) -> None:
    request = {
        "phase": "F1901R",
        "units": {"ITALY": ["F WES"], "ENGLAND": ["F MAO"]},
        "centers": {},
        "dislodged": {"FRANCE": {"F WES": ["spa", "Tunis"]}},
        "orders": {"FRANCE": ["F WES R SPA"]},
    }
    result = answer(cli, request)
    assert result["results"]["FRANCE"][0] == {"order": "F WES R SPA/SC", "result": "succeeds"}
    assert result["units"]["FRANCE"] == ["F SPA/SC"]


def test_a_fleet_retreat_with_two_open_coasts_must_name_one(cli: Runner) -> None:
    request = {
        "phase": "F1901R",
        "units": {"ITALY": ["F MAO"]},
        "centers": {},
        "dislodged": {"FRANCE": {"F MAO": ["SPA"]}},
    }
    code, out, err = cli(request)
    assert (code, out) == (2, "")
    assert "dislodged.FRANCE.F MAO[0]" in err and "say which coast" in err


def test_an_army_retreat_given_with_a_coast_is_read_as_the_province(cli: Runner) -> None:
    request = {
        "phase": "S1901R",
        "units": {"GERMANY": ["A MOS"]},
        "dislodged": {"RUSSIA": {"A MOS": ["STP/NC", "sev"]}},
        "orders": {"RUSSIA": ["A MOS R STP"]},
    }
    result = answer(cli, request)
    assert result["results"]["RUSSIA"][0] == {"order": "A MOS R STP", "result": "succeeds"}


def test_the_movement_answer_is_accepted_back_as_the_retreat_request(cli: Runner) -> None:
    """Round trip: the `units` and `dislodged` a movement phase answers make a sound
    retreat request (the contract's own promise for `dislodged`); a fleet's option
    names its coast. `test_adjudicate_round_trip.py` tries random boards."""
    movement = answer(cli, {
        "phase": "S1901M",
        "units": {"ENGLAND": ["F WES"], "FRANCE": ["F LYO", "F NAF"], "ITALY": ["F MAO"]},
        "orders": {"FRANCE": ["F LYO - WES", "F NAF S F LYO - WES"]},
    })  # fmt: skip
    assert movement["dislodged"] == {"ENGLAND": {"F WES": ["SPA/SC", "TUN", "TYS"]}}
    retreat = {**{k: movement[k] for k in ("units", "dislodged")}, "phase": "S1901R"}
    result = answer(cli, {**retreat, "orders": {"ENGLAND": ["F WES R SPA"]}})
    assert result["results"]["ENGLAND"][0] == {"order": "F WES R SPA/SC", "result": "succeeds"}


# --- batch ---------------------------------------------------------------------------------------


def test_batch_answers_each_line_and_carries_on_after_a_bad_one(cli: Runner) -> None:
    good = json.dumps(SPEC_EXAMPLE)
    bad = json.dumps({**SPEC_EXAMPLE, "units": {"ENGLAND": ["Z LON"]}})
    code, out, err = cli("\n".join([good, bad, "{not json", good]) + "\n", "--batch")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert len(answers) == 4
    assert set(answers[0]) == FIELDS and answers[0] == answers[3]
    assert "units.ENGLAND[0]" in answers[1]["error"]
    assert "JSON" in answers[2]["error"]
    assert [line.split(":")[1].strip() for line in err.strip().splitlines()] == ["line 2", "line 3"]


def test_batch_of_good_lines_exits_0(cli: Runner) -> None:
    good = json.dumps(SPEC_EXAMPLE)
    code, out, err = cli(f"{good}\n\n{good}\n", "--batch")
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 2
