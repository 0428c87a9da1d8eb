"""A phase in which no power can do anything is skipped, by mail: the fall's results
say the winter was skipped, and the next phase is the spring, at once."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.harness import JudgeHarness, body_of
from support.service.winter_skip import HOLD_ENGLAND, to_fall


def _results(mails: list[EmailMessage], phase: str) -> list[str]:
    return [body_of(m) for m in mails if m["Subject"] == f"TEST:g1 - {phase} Results"]


def test_a_winter_in_which_no_power_can_build_is_skipped(judge: JudgeHarness) -> None:
    to_fall(judge)
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
    to_fall(judge)
    judge.orders("Austria", "A VIE H", "A BUD H", "F TRI H", "A SER-BUL")
    mails = judge.send("gm@example.org", "SIGNON Mg1 gmpass\nPROCESS")
    assert judge.status()["phase"] == "S1902M"
    flat = " ".join(_results(mails, "F1901M")[0].split())
    assert "Skipped: Adjustment for Winter of 1901" in flat
