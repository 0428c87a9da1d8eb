"""A standard game played end to end by mail, against a real `judge serve`.

The judge runs as a subprocess with a temporary config (SQLite file or the
PostgreSQL schema from `JUDGE_TEST_DATABASE_URL`, maildir outbox). Players talk to
it with `smtplib` over loopback: CREATE, an observer, seven SIGNONs with
preferences, then orders through 1902, with a dislodgement, a retreat and builds.
The test reads every mail the judge wrote into the maildir.
"""

from __future__ import annotations

import pytest
from support.e2e.judge_process import MASTER, OBSERVER, PLAYERS, Judge, _play_phase, _sign_up

pytestmark = [pytest.mark.postgres_copy, pytest.mark.slow]  # the store path differs; a long game


def test_a_standard_game_by_mail_through_1902(judge: Judge) -> None:
    powers = _sign_up(judge)
    played: dict[str, dict[str, str]] = {}
    while judge.status()["phase"] != "S1903M":
        phase, results = _play_phase(judge, powers)
        played[phase] = results
        assert len(played) < 10, "the game does not advance"

    assert list(played) == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M"]
    for phase, results in played.items():
        assert set(results) == {*PLAYERS, MASTER, OBSERVER}
        assert len(set(results.values())) == 1, f"{phase}: everyone sees the same results"
        text = results[MASTER]
        assert text.startswith(":: Judge: TEST  Game: g1  Variant: Standard\n:: Deadline: ")

    assert "Movement results for Spring of 1901." in played["S1901M"][MASTER]
    fall = played["F1901M"][MASTER]
    assert "France: Army Burgundy -> Munich." in fall
    assert "Italy: Army Tyrolia SUPPORT Army Burgundy -> Munich." in fall
    assert "Germany: Army Munich HOLD.  (*dislodged*)" in fall
    assert "The following units were dislodged:" in fall
    assert "The Army in Munich can retreat to Berlin, Bohemia, Kiel, Ruhr or Silesia." in fall
    assert "The next phase of 'g1' will be Retreat for Fall of 1901." in fall

    retreat = played["F1901R"][MASTER]
    assert "Retreat results for Fall of 1901." in retreat
    assert "Germany: Army Munich -> Ruhr." in retreat
    assert "Ownership of supply centers:" in retreat
    assert "France:  6 Supply centers,  3 Units:  Builds   3 units." in retreat

    winter = played["W1901A"][MASTER]
    assert "Adjustment results for Winter of 1901." in winter
    assert "France: Builds an army in Paris." in winter
    assert "England: Builds a fleet in London." in winter
    assert "The next phase of 'g1' will be Movement for Spring of 1902." in winter

    assert "Ownership of supply centers:" in played["F1902M"][MASTER]
    status = judge.status()
    assert status["status"] == "active" and status["phase"] == "S1903M"
    assert status["powers"]["FRANCE"]["units"] == [
        "A BOH", "F ENG", "F MAO", "A MAR", "A PIC", "A SPA"
    ]  # fmt: skip
