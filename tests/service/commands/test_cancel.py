"""CANCEL (ANNULER): take back an order, a build or a waive already on file."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of


def test_cancel_takes_back_a_movement_order_on_file(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.orders("France", "A PAR-BUR", "A MAR H")
    reply = body_of(judge.orders("France", "CANCEL A PAR"))
    assert "> CANCEL A PAR\nWithdrawn: Army Paris -> Burgundy." in reply, reply
    assert "France: no orders yet for F BRE, A PAR." in reply, reply
    reply = body_of(judge.orders("France", "ANNULER Marseilles"))  # French, a province alone
    assert "Withdrawn: Army Marseilles HOLD." in reply, reply


def test_withdrawing_what_is_not_on_file_is_refused(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = body_of(judge.orders("France", "CANCEL F BRE"))
    assert '*** Error: Nothing on file matches "F BRE": nothing was withdrawn.' in reply


def test_cancel_takes_back_one_waive(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")  # France: 3 builds due
    judge.orders("France", "WAIVE", "WAIVE", "BUILD A PAR")
    reply = body_of(judge.orders("France", "CANCEL WAIVE"))
    listing = reply.split("Your orders in 'g1'")[1]
    assert listing.count("Build waived.") == 1, reply
    assert "France: 3 builds due, 2 sent (1 more, or WAIVE)." in listing
