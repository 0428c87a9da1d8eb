"""`judge.mail.quoted`: where a mail's own text ends. The client corpus is read in
test_quoted_replies.py; here, the rules one at a time, the judge's own lines in both
languages, and the work done on hostile bodies (counted, not timed)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import pytest

from judge.mail.body_lines import command_lines
from judge.mail.quoted import LOOKAHEAD, Verdict, verdict
from judge.rules.map import load_map
from judge.rules.orders import Build, Convoy, Hold, Move, Order, Remove, SupportMove, Waive
from judge.rules.state import UnitType
from judge.wording.describe import describe_order
from judge.wording.vocabulary import ENGLISH, FRENCH, Wording

A, F = UnitType.ARMY, UnitType.FLEET


def lines_read(body: str) -> tuple[str, ...]:
    return command_lines(body)[0]


ORDERS: list[Order] = [
    Hold("FRANCE", A, "PAR"),
    Move("FRANCE", A, "PAR", "BUR"),
    Move("RUSSIA", F, "STP/SC", "BOT"),
    SupportMove("GERMANY", F, "KIE", "MUN", "BUR", A),
    Convoy("ENGLAND", F, "NTH", "LON", "NWY"),
    Build("FRANCE", A, "PAR"),
    Remove("ITALY", F, "NAP"),
    Waive("TURKEY"),
]


@pytest.mark.parametrize("wording", [ENGLISH, FRENCH], ids=["en", "fr"])
@pytest.mark.parametrize("order", ORDERS, ids=lambda order: type(order).__name__)
def test_a_results_line_of_the_judge_ends_the_mail(wording: Wording, order: Order) -> None:
    text = describe_order(load_map("standard"), order, wording)
    separator = " : " if wording is FRENCH else ": "
    for line in (f"France{separator}{text}", f"France{separator}{text}  (*bounce*)"):
        assert lines_read(f"A PAR H\n{line}\nA PAR - BUR\n") == ("A PAR H",), line


@pytest.mark.parametrize(
    "line",
    [
        "OK: Army Paris -> Burgundy.",
        "OK : Armée Paris -> Bourgogne.",
        "*** Error: unknown SET command",
        "No errors found in your mail.",
        "2 errors found in your mail.",
        "Aucune erreur trouvée dans votre courrier.",
        ":: Judge: TEST  Game: g1  Variant: Standard",
        ":: Date limite: S1901M lun. 30 nov. 2026",
        "Movement results for Spring of 1901.",
        "Résultats des mouvements du printemps 1901.",
    ],
)
def test_a_reply_or_header_line_of_the_judge_ends_the_mail(line: str) -> None:
    assert lines_read(f"F BRE H\n{line}\nF BRE - MAO\n") == ("F BRE H",)


@pytest.mark.parametrize(
    "line",
    ["A PAR - BUR", "France: A PAR - BUR", "OK", "Army Paris -> Burgundy", "PRESS TO F",
     "SET DEADLINE Sat Dec 5 2026 23:30", "From: London to Paris", "On 3 fronts we attack"],
)  # fmt: skip
def test_the_players_own_lines_are_read(line: str) -> None:
    assert lines_read(f"{line}\nA PAR H\n") == (line, "A PAR H")


def test_a_header_block_needs_two_more_fields_after_from() -> None:
    assert lines_read("A PAR H\nFrom: Judge\nTo: me\nA MAR H\n") == (
        "A PAR H", "From: Judge", "To: me", "A MAR H",
    )  # fmt: skip
    assert lines_read("A PAR H\nFrom: Judge\nTo: me\nSubject: x\nA MAR H\n") == ("A PAR H",)
    french = "A PAR H\nDe : Judge\nEnvoyé : hier\nÀ : moi\nObjet : x\nA MAR H\n"
    assert lines_read(french) == ("A PAR H",)


def test_an_attribution_above_a_quote_is_skipped_and_reading_goes_on_below() -> None:
    body = (
        "On Fri, 27 Nov 2026 at 10:00, Judge <judge@example.org> wrote:\n\n> A PAR-BUR\n\nA PAR H\n"
    )
    assert lines_read(body) == ("A PAR H",)


def test_an_attribution_without_a_quote_ends_the_mail() -> None:
    body = "A PAR H\n\nLe 27/11/2026 à 11:00, Judge a écrit :\n\nA PAR - BUR\n"
    assert lines_read(body) == ("A PAR H",)
    german = (
        "A BER H\nAm Fr., 27. Nov. 2026 um 11:00 Uhr schrieb Judge <\n"
        "judge@example.org>:\nA BER - KIE\n"
    )
    assert lines_read(german) == ("A BER H",)


@pytest.mark.parametrize(
    "marker",
    ["---------- Forwarded message ---------", "-----Original Message-----",
     "-------- Message transféré --------", "-------- Message d'origine --------",
     "Begin forwarded message:", "Début du message réexpédié :", "_" * 32,
     "Sent from my iPhone", "Envoyé de mon iPhone", "Get Outlook for Android"],
)  # fmt: skip
def test_a_forward_marker_or_phone_signature_ends_the_mail(marker: str) -> None:
    assert lines_read(f"A PAR H\n{marker}\nA PAR - BUR\n") == ("A PAR H",)


def test_press_keeps_the_judges_lines_and_quotes_but_not_a_quoted_mail() -> None:
    body = (
        "PRESS TO G\nLook:\nFrance: Army Paris -> Burgundy.\n> OK: Army Kiel -> Holland.\n"
        "ENDPRESS\nA PAR H\n"
    )
    assert lines_read(body) == (
        "PRESS TO G", "Look:", "France: Army Paris -> Burgundy.", "> OK: Army Kiel -> Holland.",
        "ENDPRESS", "A PAR H",
    )  # fmt: skip
    cut = (
        "PRESS TO G\nYes.\n\nOn Fri, 27 Nov 2026, Judge <j@example.org> wrote:\n> You are Germany\n"
    )
    assert lines_read(cut) == ("PRESS TO G", "Yes.", "")


class CountingLines(Sequence[str]):
    """Lines that count how often the reader looks at one of them."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.reads = 0

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            raise AssertionError("the reader copied a run of lines")
        self.reads += 1
        return self.lines[index]

    def __len__(self) -> int:
        return len(self.lines)

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("the reader walked the lines from one of them")


@pytest.mark.parametrize(
    "pair",
    [
        ["On Mon, 1 Dec 2026, Ann <ann@example.net> wrote:", ""],
        ["Ann wrote:", "", "", "", "", "", "", "", "> x"],
        ["From: a", "", "To: b", "Subject: c"],
        ["On 1 Dec 2026 at 10:00 Ann <", "ann@example.net> wrote:"],
    ],
)
def test_each_line_costs_a_bounded_look_at_its_neighbours(pair: list[str]) -> None:
    lines = CountingLines(pair * 2000)
    for index in range(len(lines)):
        verdict(lines, index, in_press=index % 2 == 0)
    assert lines.reads <= len(lines) * (2 * LOOKAHEAD + 4)


def test_the_verdicts_cover_every_kind() -> None:
    seen = {
        verdict(["> quoted"], 0, in_press=False),
        verdict(["-----Original Message-----"], 0, in_press=False),
        verdict(["A PAR H"], 0, in_press=False),
    }
    assert seen == {Verdict.SKIP, Verdict.STOP, Verdict.READ}
