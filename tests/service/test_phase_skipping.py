"""A phase in which no power can do anything is skipped, by mail: the fall's results
say the winter was skipped, and the next phase is the spring, at once."""

from __future__ import annotations

from email.message import EmailMessage

from service.board_setup import place_board
from service.harness import JudgeHarness, body_of

# Austria owns Greece too and stands on every home centre; taking Bulgaria in the
# fall gives it 5 centres for 4 units, and no free home centre to build in.
UNITS = ["AUSTRIA A VIE", "AUSTRIA A BUD", "AUSTRIA F TRI", "AUSTRIA A SER",
         "ENGLAND F LON", "ENGLAND F EDI", "ENGLAND A LVP"]  # fmt: skip
CENTRES = {"VIE": "AUSTRIA", "BUD": "AUSTRIA", "TRI": "AUSTRIA", "GRE": "AUSTRIA",
           "LON": "ENGLAND", "EDI": "ENGLAND", "LVP": "ENGLAND"}  # fmt: skip
HOLD_AUSTRIA = ("A VIE H", "A BUD H", "F TRI H", "A SER H")
HOLD_ENGLAND = ("F LON H", "F EDI H", "A LVP H")


def _results(mails: list[EmailMessage], phase: str) -> list[str]:
    return [body_of(m) for m in mails if m["Subject"] == f"TEST:g1 - {phase} Results"]


def _to_fall(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    assert set(judge.players) == {"Austria", "England"}
    place_board(judge.sessions, UNITS, CENTRES)
    judge.orders("Austria", *HOLD_AUSTRIA)
    judge.orders("England", *HOLD_ENGLAND)
    assert judge.status()["phase"] == "F1901M"


def test_a_winter_in_which_no_power_can_build_is_skipped(judge: JudgeHarness) -> None:
    _to_fall(judge)
    judge.orders("Austria", "A VIE H", "A BUD H", "F TRI H", "A SER-BUL")
    mails = judge.send(
        judge.players["England"].address,
        "SIGNON Eg1 pw1\n" + "\n".join(HOLD_ENGLAND),
    )
    assert judge.status()["phase"] == "S1902M"
    texts = _results(mails, "F1901M")
    assert texts
    flat = " ".join(texts[0].split())
    assert "Skipped: Adjustment for Winter of 1901 (W1901A). No power could do anything" in flat
    assert "Austria: 1 build due, but no free home centre to build in." in flat
    assert "The next phase of 'g1' will be Movement for Spring of 1902." in flat
    assert not _results(mails, "W1901A")


def test_the_skip_also_happens_when_the_master_processes(judge: JudgeHarness) -> None:
    _to_fall(judge)
    judge.orders("Austria", "A VIE H", "A BUD H", "F TRI H", "A SER-BUL")
    mails = judge.send("gm@example.org", "SIGNON Mg1 gmpass\nPROCESS")
    assert judge.status()["phase"] == "S1902M"
    flat = " ".join(_results(mails, "F1901M")[0].split())
    assert "Skipped: Adjustment for Winter of 1901" in flat
