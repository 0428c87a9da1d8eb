"""Generated bodies, read and parsed as commands with their hints, at n and 4n: the
work counted grows linearly, and never beyond a few units per byte (issue 20, item 1).

Each example is a body made of a repeated unit (orders, misspellings, quoted text,
attributions, long words, HTML markup, flowed lines ...), in every transfer encoding,
in several charsets, as plain, flowed or HTML text. Its cost is counted, not timed:
the work `judge.work` records (characters each stage examines, cells of the
"did you mean" distance), and the Python and C function calls the reading makes
(`sys.setprofile`). A linear reader costs about 4 times more at 4n; a quadratic one 16.
The SMTP side (the same shapes against `judge serve`) is `test_body_attacks.py`.
"""

from __future__ import annotations

import base64
import quopri
import sys
from functools import cache
from types import FrameType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import work
from judge.language.commands import parse_commands
from judge.mail.read import IncomingMail, read_message
from judge.mail.text_bounds import MAX_LINE, MAX_WORD
from judge.rules.map import GameMap, load_map
from judge.rules.state import GameState, Phase
from judge.service.commands.order_hints import is_no_order, nearest_province
from judge.service.replies.dispatch import COMMANDS
from judge.variants.registry import VariantRegistry, default_registry

JUDGE = "judge@example.org"
UNITS = ("A PAR - BUR\n", "HLEP\n", "LSIT g1\n", "A PAR - BURR\n", "F MOSC S A WAR\n",
         "> quoted line\n", "Ann wrote:\n", "On Tue 1 Dec 2026 Judge <\n", "j@x.org> wrote:\n",
         "\n", " ", "x" * 300, "SIGNON" + "q" * 50, "<p>", "</p>", "<a ", "<!--", "-->",
         "<blockquote>", "<br>", "&amp;", "\u00e9", "\u0416", "\t", "word ", "BUR" * 40,
         "PRESS TO F\n", "ENDPRESS\n", "=", "-- \n")  # fmt: skip
KINDS = ("text/plain", "text/plain; format=flowed", "text/plain; format=flowed; delsp=yes",
         "text/html")  # fmt: skip
CHARSETS = ("utf-8", "iso-8859-5", "utf-16", "koi8-r", "utf-7", "punycode")
ENCODINGS = ("8bit", "quoted-printable", "base64")
PER_BYTE = 12  # counted work per byte of the mail, at most, for reading it
PER_LINE = 60_000  # and per line read, for the hints (a few words, ~300 names, banded)
SETTINGS = settings(max_examples=6, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def _words() -> tuple[VariantRegistry, GameMap, GameState]:
    game_map = load_map("standard")
    return default_registry(), game_map, game_map.initial_state(Phase.parse("F1901M"))


def _mail(unit: str, count: int, kind: str, charset: str, encoding: str) -> bytes:
    text = (unit * count).replace("\n", "\r\n")
    data = text.encode(charset, "replace") if charset != "punycode" else text.encode("punycode")
    if encoding == "base64":
        body = base64.encodebytes(data)
    elif encoding == "quoted-printable":
        body = quopri.encodestring(data)
    else:
        body = data
    head = (f"From: ann@example.org\r\nTo: {JUDGE}\r\nMessage-ID: <c@example.org>\r\n"
            f"MIME-Version: 1.0\r\nContent-Type: {kind}; charset={charset}\r\n"
            f"Content-Transfer-Encoding: {encoding}\r\n\r\n")  # fmt: skip
    return head.encode() + body


def _read_and_hint(raw: bytes) -> IncomingMail:
    """Read the mail, parse its lines as commands, and hint every first word and order
    word, as the service does (the hints run even where the service would not)."""
    registry, game_map, state = _words()
    mail = read_message(raw, JUDGE)
    parse_commands(mail.lines, registry, COMMANDS.grammar)
    for line in mail.lines:
        COMMANDS.grammar.near_keyword(line)
        is_no_order(line, game_map, state)
        for word in line.split()[:3]:
            nearest_province(word, game_map)
    return mail


def _cost(raw: bytes) -> tuple[int, int, IncomingMail]:
    """(work counted, function calls, the mail read)."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    before = work.counted()
    sys.setprofile(count)
    try:
        mail = _read_and_hint(raw)
    finally:
        sys.setprofile(None)
    return work.counted() - before, calls, mail


@SETTINGS
@given(
    units=st.lists(st.sampled_from(UNITS), min_size=1, max_size=4),
    count=st.integers(min_value=30, max_value=150),
    kind=st.sampled_from(KINDS),
    charset=st.sampled_from(CHARSETS),
    encoding=st.sampled_from(ENCODINGS),
)
def test_generated_bodies_cost_counted_work_linear_in_their_size(
    units: list[str], count: int, kind: str, charset: str, encoding: str
) -> None:
    unit = "".join(units)
    small_raw = _mail(unit, count, kind, charset, encoding)
    large_raw = _mail(unit, 4 * count, kind, charset, encoding)
    small_work, small_calls, small = _cost(small_raw)
    large_work, large_calls, large = _cost(large_raw)

    assert not small.failure and not large.failure, small.failure or large.failure
    bound = PER_BYTE * len(large_raw) + PER_LINE * (len(large.lines) + 1)
    assert large_work <= bound, (large_work, len(large_raw), len(large.lines))
    assert large_work <= 5 * small_work + 20_000, (small_work, large_work)
    assert large_calls <= 5 * small_calls + 20_000, (small_calls, large_calls)
    for line in large.lines:
        assert len(line) <= MAX_LINE
        assert all(len(word) <= MAX_WORD + 1 for word in line.split())


def test_the_hint_never_compares_a_long_word() -> None:
    _, game_map, _ = _words()
    before = work.counted()
    assert nearest_province("BUR" * 7000, game_map) is None
    assert COMMANDS.grammar.near_keyword("SIGNON" * 3000) is None
    assert work.counted() == before, "a 20,000-letter word was compared with a name"
    assert nearest_province("MOSC", game_map) == "MOS"
    assert COMMANDS.grammar.near_keyword("HLEP") == "HELP"


def test_uncommon_charsets_are_refused_with_a_clear_line() -> None:
    for charset in ("utf-7", "punycode", "idna", "rot13", "cp037"):
        mail = read_message(_mail("LIST\n", 3, "text/plain", "utf-8", "8bit").replace(
            b"charset=utf-8", f"charset={charset}".encode()), JUDGE)  # fmt: skip
        assert mail.lines == ()
        assert f"the text is in charset {charset!r}, which the judge does not read" in (
            mail.problems[0]
        )
