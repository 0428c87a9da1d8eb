"""Hypothesis against the reader: adversarial headers cost time and memory linear in
their size, and never make the reading fail.

Each example is a pattern (a header field made of a repeated hostile unit: encoded
words, comments, quotes, parameters, routes, 8-bit bytes, folds ...) read at n and
4n repetitions. A linear reader costs about 4 times more at 4n; a quadratic one 16
times. Cost is counted, not timed, so that a loaded machine cannot fail the test:
the Python and C function calls the reading makes (`sys.setprofile`) and its peak
memory (tracemalloc). The bounds: at most 8 times the calls and the peak memory of
the n-sized mail, above a floor, and never more than 50 MB for one mail. (The time
each worst mail takes is measured by `bench/hostile.py`.)
"""

from __future__ import annotations

import sys
import tracemalloc
from types import FrameType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.mail.read import IncomingMail, read_message

JUDGE = "judge@example.org"
FIELDS = ("Subject", "From", "Reply-To", "Content-Type", "Content-Disposition", "References",
          "In-Reply-To", "Message-ID", "X-Loop", "Auto-Submitted", "Return-Path", "Precedence")
UNITS = ("=?utf-8?q?a?= ", "=?utf-8?b?QUFB?=", "(", ")", "(a)", '"', '\\"', "<", ">", "@a,",
         "; p=v", ";", "=?", "?=", "\xe9", "\udce9", ",", ":", "a@b.org, ", "<a@b>", "\r\n ",
         " ", "x", "'", "''", "*0*=", "=")  # fmt: skip
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _mail(field: str, unit: str, count: int, prefix: str) -> bytes:
    value = prefix + unit * count
    head = f"From: ann@example.org\r\nTo: {JUDGE}\r\nMessage-ID: <x@example.org>\r\n"
    if field != "From":
        head += f"{field}: {value}\r\n"
    else:
        head = head.replace("From: ann@example.org", f"From: {value} <ann@example.org>")
    return (head + "\r\nLIST\r\n").encode("utf-8", "surrogateescape")


def _cost(raw: bytes) -> tuple[int, int, IncomingMail]:
    """(function calls, peak bytes, the mail read): a deterministic measure of work."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    tracemalloc.start()
    sys.setprofile(count)
    try:
        mail = read_message(raw, JUDGE)
    finally:
        sys.setprofile(None)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return calls, peak, mail


@SETTINGS
@given(
    field=st.sampled_from(FIELDS),
    units=st.lists(st.sampled_from(UNITS), min_size=1, max_size=4),
    count=st.integers(min_value=200, max_value=20_000),
    prefix=st.sampled_from(("", "text/plain", "multipart/mixed; boundary=b", "a@b.org ")),
)
def test_hostile_headers_cost_linear_work_and_memory(
    field: str, units: list[str], count: int, prefix: str
) -> None:
    unit = "".join(units)
    small_calls, small_peak, small = _cost(_mail(field, unit, count, prefix))
    large_calls, large_peak, large = _cost(_mail(field, unit, 4 * count, prefix))
    assert not small.failure and not large.failure, small.failure or large.failure
    assert large_calls <= max(5_000, 8 * small_calls), (small_calls, large_calls)
    assert large_peak <= max(2_000_000, 8 * small_peak), (small_peak, large_peak)
    assert large_peak < 50_000_000


def _nested(depth: int, parts: int) -> bytes:
    lines = ["From: ann@example.org\r\nContent-Type: multipart/mixed; boundary=b0\r\n"]
    for level in range(depth):
        lines.append(f"\r\n--b{level}\r\nContent-Type: multipart/mixed; boundary=b{level + 1}\r\n")
    leaf = f"\r\n--b{depth}\r\nContent-Type: text/plain\r\n\r\nLIST\r\n"
    lines.extend(leaf for _ in range(parts))
    lines.extend(f"--b{level}--\r\n" for level in range(depth, -1, -1))
    return "".join(lines).encode()


@SETTINGS
@given(depth=st.integers(min_value=1, max_value=500), parts=st.integers(1, 500))
def test_deep_and_wide_multiparts_cost_linear_work(depth: int, parts: int) -> None:
    small_calls, small_peak, small = _cost(_nested(depth, parts))
    large_calls, large_peak, large = _cost(_nested(4 * depth, 4 * parts))
    assert not small.failure and not large.failure
    assert large_calls <= max(5_000, 8 * small_calls), (small_calls, large_calls)
    assert large_peak <= max(2_000_000, 8 * small_peak), (small_peak, large_peak)
    assert small.lines == ("LIST",) or small.problems, small
