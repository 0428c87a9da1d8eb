"""Refusals word the order as the player wrote it, in any phase.

A build sent in a movement phase was refused in the adjudicator's short form
(`A VIE B: no build is due`), which no player writes: it reads `BUILD A VIE`.
"""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of


def test_a_build_refused_in_a_movement_phase_is_named_as_written(judge: JudgeHarness) -> None:
    judge.start_game()
    text = " ".join(body_of(judge.orders("Austria", "BUILD A VIE")).split())
    assert "A VIE B" not in text, text
    assert "BUILD A VIE: no build is due" in text, text
