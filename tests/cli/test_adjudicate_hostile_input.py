"""`judge adjudicate` answers any bytes with a clear error, never a traceback (issue 31).

Each of these once ended a batch or answered with bytes that were not UTF-8: a lone
surrogate written as a JSON escape, 100,000 nested `[`, bytes that are not UTF-8
(echoed back raw), and a locale whose encoding is not UTF-8. The property at the
end feeds random bytes and JSON fragments to the batch mode: one valid UTF-8 JSON
line answers each request line, and stderr names each bad line once.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.adjudicate.cli import run_batch, run_single
from judge.adjudicate.json_text import MAX_DEPTH, too_deep

GOOD: dict[str, Any] = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
    "orders": {"FRANCE": ["A PAR-BUR", "A MAR S A PAR-BUR"], "GERMANY": ["A MUN-BUR"]},
}
GOOD_LINE = json.dumps(GOOD).encode()
SURROGATE_ORDER = b'{"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, ' \
    b'"orders": {"FRANCE": ["A PAR - \\ud800"]}}'  # fmt: skip
NOT_UTF8 = b'{"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, ' \
    b'"orders": {"FRANCE": ["A PAR - Z\xfcrich"]}}'  # fmt: skip
DEEP = b"[" * 100_000


def batch(data: bytes) -> tuple[int, list[dict[str, Any]], list[str]]:
    """Run the batch mode in-process: (status, answers, stderr lines)."""
    out, err = io.StringIO(), io.StringIO()
    status = run_batch(io.BytesIO(data), out, err)
    answers = [json.loads(line) for line in out.getvalue().split("\n")[:-1]]
    return status, answers, err.getvalue().splitlines()


def single(data: bytes) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_single(io.BytesIO(data), out, err)
    return status, out.getvalue(), err.getvalue()


# --- each hostile input, in-process ---------------------------------------------------------


def test_a_lone_surrogate_in_an_order_is_an_error_naming_the_order() -> None:
    status, answers, errors = batch(SURROGATE_ORDER + b"\n" + GOOD_LINE + b"\n")
    assert status == 2
    assert answers[0]["error"].startswith("orders.FRANCE[0]: ")
    assert "lone surrogate \\ud800" in answers[0]["error"]
    assert answers[1]["results"]["FRANCE"][0] == {"order": "A PAR - BUR", "result": "succeeds"}
    assert len(errors) == 1 and "line 1: orders.FRANCE[0]" in errors[0]


@pytest.mark.parametrize(
    ("request_text", "named"),
    [
        (b'{"phase": "S1901M", "units": {"FRANCE": ["A \\udc80PAR"]}}', "units.FRANCE[0]: "),
        (b'{"phase": "S1901M", "units": {"FRANCE\\udfff": []}}', "units: a key "),
        (b'{"phase": "\\ud83d", "units": {}}', "phase: "),
        (b'{"\\ud800": 1, "phase": "S1901M", "units": {}}', "request: a key "),
        (b'["\\udbff"]', "request[0]: "),
    ],
)
def test_a_lone_surrogate_anywhere_names_its_field(request_text: bytes, named: str) -> None:
    status, out, err = single(request_text)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and f"judge adjudicate: {named}" in err
    assert "lone surrogate" in err


def test_a_surrogate_pair_is_one_character_and_no_error() -> None:
    request = {**GOOD, "orders": {"FRANCE": ["A PAR - \U0001f600"]}}
    status, answers, _ = batch(json.dumps(request).encode())  # escaped as \ud83d\ude00
    assert status == 0
    assert answers[0]["results"]["FRANCE"][0]["result"] == "illegal"
    assert "\U0001f600" in answers[0]["results"]["FRANCE"][0]["reason"]


def test_deep_nesting_is_an_error_and_the_batch_goes_on() -> None:
    status, answers, errors = batch(DEEP + b"\n" + b"{" * 5000 + b"\n" + GOOD_LINE + b"\n")
    assert status == 2
    assert [a.get("error") for a in answers[:2]] == [
        f"request: JSON nested deeper than {MAX_DEPTH} levels"
    ] * 2
    assert answers[2]["next_phase"] == "F1901M"
    assert len(errors) == 2


def test_nesting_is_counted_outside_strings_only() -> None:
    assert not too_deep('{"orders": {"FRANCE": ["' + "[" * 500 + '"]}}')
    assert not too_deep('["\\"[[[[", "]"]', limit=1)
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert too_deep('"open string [[[', limit=2)  # an open string hides nothing


def test_a_request_exactly_at_the_nesting_bound_is_read_as_json() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    status, out, err = single(nested.encode())
    assert (status, out) == (2, "")
    assert "expected a JSON object" in err


def test_a_number_too_long_for_python_is_an_error_not_an_internal_one() -> None:
    status, answers, errors = batch(b'{"phase": ' + b"1" * 5000 + b"}\n" + GOOD_LINE)
    assert status == 2
    assert answers[0]["error"].startswith("request: a JSON number too long to read: ")
    assert "next_phase" in answers[1]
    assert len(errors) == 1


@pytest.mark.parametrize(
    ("change", "start"),
    [
        ({"units": {"FRANCE": ["A " + "par " * 100_000]}}, "units.FRANCE[0]: unknown province"),
        ({"units": {"X" * 100_000: []}}, "units.XXXXX"),
        ({"orders": {"FRANCE": [["A PAR H"] * 100_000]}}, "orders.FRANCE[0]: an order must be"),
        ({"options": {"civil_disorder": "1" * 100_000}}, "options.civil_disorder: expected"),
        ({"orders": {"FRANCE\ud800" + "Y" * 100_000: []}}, "orders: a key holds"),
    ],
)
def test_a_huge_value_is_quoted_cut_short_in_its_error(change: dict[str, Any], start: str) -> None:
    status, out, err = single(json.dumps({**GOOD, **change}).encode())
    assert (status, out) == (2, "")
    assert err.startswith(f"judge adjudicate: {start}")
    assert len(err) < 200


def test_bytes_that_are_not_utf8_are_an_error_naming_the_byte() -> None:
    status, answers, errors = batch(NOT_UTF8 + b"\n" + GOOD_LINE + b"\n")
    assert status == 2
    offset = NOT_UTF8.index(b"\xfc")
    assert answers[0] == {
        "error": f"request: not valid UTF-8 at byte {offset} (0xfc); send UTF-8 text"
    }
    assert "next_phase" in answers[1]
    assert errors == [f"judge adjudicate: line 1: {answers[0]['error']}"]


def test_a_byte_order_mark_is_dropped() -> None:
    status, out, err = single(b"\xef\xbb\xbf" + GOOD_LINE)
    assert (status, err) == (0, "")
    assert json.loads(out)["next_phase"] == "F1901M"


def test_line_breaking_characters_stay_escaped_on_one_answer_line() -> None:
    request = {**GOOD, "orders": {"FRANCE": ["A PAR - \u2028X\x85Y\u2029"]}}
    status, answers, _ = batch(json.dumps(request).encode() + b"\n" + GOOD_LINE)
    assert status == 0 and len(answers) == 2
    assert "\u2028X\x85Y" in answers[0]["results"]["FRANCE"][0]["reason"]


def test_an_error_with_a_newline_in_it_is_one_stderr_line() -> None:
    status, out, err = single(b'{"phase": "S1901M", "units": {"FRANCE\\nX": []}}')
    assert (status, out) == (2, "")
    assert err == "judge adjudicate: units.FRANCE\\nX: unknown power\n"


# --- the real program, in a locale that is not UTF-8 -------------------------------------------

ASCII_LOCALE = {"LC_ALL": "C", "PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0",
                "PYTHONCOERCECLOCALE": "0"}  # fmt: skip


def program(data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    return subprocess.run(
        [sys.executable, "-m", "judge.adjudicate.cli", *args],
        input=data,
        capture_output=True,
        env={**env, **ASCII_LOCALE},
        timeout=120,
        check=False,
    )


def test_the_program_answers_every_hostile_line_in_utf8_under_an_ascii_locale() -> None:
    accented = json.dumps({**GOOD, "orders": {"FRANCE": ["A PAR - Zürich"]}}, ensure_ascii=False)
    lines = [SURROGATE_ORDER, DEEP, NOT_UTF8, accented.encode(), GOOD_LINE]
    done = program(b"\n".join(lines) + b"\n", "--batch")
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").split("\n")[:-1]]
    assert [sorted(a)[0] for a in answers] == ["error", "error", "error", "centers", "centers"]
    assert "'Zürich'" in answers[3]["results"]["FRANCE"][0]["reason"]
    assert "Zürich".encode() in done.stdout  # UTF-8, not escapes and not the locale's
    assert len(done.stderr.decode("utf-8").splitlines()) == 3


@pytest.mark.parametrize("data", [SURROGATE_ORDER, DEEP, NOT_UTF8])
def test_the_single_request_program_reports_hostile_input_in_one_line(data: bytes) -> None:
    done = program(data)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.count(b"\n") == 1
    assert done.stderr.startswith(b"judge adjudicate: ")


def test_the_single_request_program_writes_utf8_under_an_ascii_locale() -> None:
    request = {**GOOD, "orders": {"FRANCE": ["A PAR - Zürich"]}}
    done = program(json.dumps(request, ensure_ascii=False).encode())
    assert (done.returncode, done.stderr) == (0, b"")
    assert "Zürich".encode() in done.stdout


def test_a_reader_that_stops_reading_ends_the_batch_quietly(tmp_path: Path) -> None:
    """`judge adjudicate --batch < many | head -1`: the answers fill the pipe, the
    reader leaves, and the next write fails; no traceback, status 1."""
    many = tmp_path / "many.jsonl"
    many.write_bytes((GOOD_LINE + b"\n") * 2000)  # answers far beyond what a pipe holds
    with many.open("rb") as source, subprocess.Popen(
        [sys.executable, "-m", "judge.adjudicate.cli", "--batch"],
        stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, **ASCII_LOCALE},
    ) as proc:  # fmt: skip
        assert proc.stdout is not None and proc.stderr is not None
        assert json.loads(proc.stdout.readline())["next_phase"] == "F1901M"
        proc.stdout.close()
        assert proc.wait(timeout=120) == 1
        assert proc.stderr.read() == b""


# --- any bytes at all -----------------------------------------------------------------------------

_FRAGMENTS = [b"{", b"}", b"[", b"]", b'"', b"\\", b":", b",", b"\\ud800", b"\\udc00",
              b"\\u00", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r", b"\x00",
              b"\xe2\x80\xa8", b'"phase"', b'"S1901M"', b'"units"', b'"orders"', b"null",
              b"1e999", b"-0", b"9" * 5000, b'"FRANCE"', b'"A PAR"', b'"A PAR - BUR"']  # fmt: skip
_TEXT = st.text(st.characters(codec=None, exclude_characters="\n"), max_size=12) | st.text(
    st.characters(categories=["Cs"]), min_size=1, max_size=2
)


@st.composite
def _request_like(draw: st.DrawFn) -> bytes:
    """The good request with some of its strings replaced by anything at all."""
    request = json.loads(GOOD_LINE)
    for power in ("FRANCE", "GERMANY"):
        request["orders"][power] = draw(st.lists(_TEXT, max_size=3)) or request["orders"][power]
    if draw(st.booleans()):
        request["units"][draw(_TEXT)] = draw(st.lists(_TEXT, max_size=2))
    if draw(st.booleans()):  # a retreat phase, France dislodged from Munich?
        unit = draw(_TEXT | st.sampled_from(["A BUR", "A MUN", "F MAO", "A bur"]))
        places = st.lists(_TEXT | st.sampled_from(["BUR", "RUH", "SPA", "SPA/NC", "MUN", "PIC"]))
        request["phase"] = "S1901R"
        request["dislodged"] = {draw(st.sampled_from(["FRANCE", "g", "x"])): {unit: draw(places)}}
    text = json.dumps(request, ensure_ascii=draw(st.booleans()))
    return text.encode("utf-8", "surrogatepass")  # raw surrogates make bad UTF-8


_LINE = st.one_of(
    st.binary(max_size=40),
    st.lists(st.sampled_from(_FRAGMENTS), max_size=30).map(b"".join),
    _request_like(),
).map(lambda line: line.replace(b"\n", b" "))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINE, max_size=6))
def test_any_bytes_get_one_utf8_json_answer_per_line_and_no_traceback(lines: list[bytes]) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = run_batch(io.BytesIO(b"\n".join(lines)), out, err)
    written = out.getvalue()
    written.encode("utf-8")  # no lone surrogate can reach the output
    answers = [json.loads(line) for line in written.split("\n")[:-1]]
    asked = [line for line in lines if line.strip()]
    assert len(answers) == len(asked)
    assert all(isinstance(a, dict) and ("error" in a) != ("next_phase" in a) for a in answers)
    errors = err.getvalue().splitlines()
    assert len(errors) == sum("error" in a for a in answers)
    assert all("internal error" not in e for e in errors), errors
    assert status == (2 if errors else 0)
