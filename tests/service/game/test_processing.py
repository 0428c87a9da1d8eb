"""Processing a phase: early when everyone is in, or at the master's PROCESS."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError
from support.service.harness import POWERS, JudgeHarness, body_of

from judge.outbox.gate import no_mail_in
from judge.service.game.processing import process_phase
from judge.service.seats.snapshots import load_board
from judge.store import games as store
from judge.store.games import PhaseAlreadyProcessed

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

EVERYONE = {f"p{i}@example.org" for i in range(7)} | {"gm@example.org"}


def _results(mails: list[object], phase: str = "S1901M") -> dict[str, str]:
    return {
        m["To"]: body_of(m)  # type: ignore[index, arg-type]
        for m in mails
        if m["Subject"] == f"TEST:g1 - {phase} Results"  # type: ignore[index]
    }


def _hold_all_but(judge: JudgeHarness, missing: str) -> None:
    status = judge.status()
    for power in POWERS:
        if power != missing:
            units = status["powers"][power.upper()]["units"]
            judge.orders(power, *(f"{unit} H" for unit in units))


def test_the_phase_is_processed_as_soon_as_every_power_has_ordered(judge: JudgeHarness) -> None:
    judge.start_game()
    _hold_all_but(judge, "Turkey")
    assert judge.status()["phase"] == "S1901M"
    mails = judge.send(
        judge.players["Turkey"].address, "SIGNON Tg1 pw6\nF ANK-BLA\nA CON H\nA SMY H"
    )
    reply = next(m for m in mails if m["Auto-Submitted"] == "auto-replied")
    assert "S1901M has been processed, and the game is now in F1901M." in body_of(reply)
    results = _results(mails)
    assert set(results) == EVERYONE
    assert "Turkey: Fleet Ankara -> Black Sea." in results["gm@example.org"]
    assert judge.status()["phase"] == "F1901M"


def test_results_mails_are_generated_and_addressed_to_one_person_each(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    mails = judge.play_phase()
    for mail in mails:
        if "Results" in mail["Subject"]:
            assert mail["Auto-Submitted"] == "auto-generated"
            assert len(mail.get_all("To")) == 1
            assert body_of(mail).startswith(":: Judge: TEST  Game: g1  Variant: Standard\n")


def test_a_power_without_orders_holds_the_phase_back(judge: JudgeHarness) -> None:
    judge.start_game()
    _hold_all_but(judge, "Turkey")
    assert judge.status()["phase"] == "S1901M"


def test_a_power_with_units_still_unordered_holds_the_phase_back(judge: JudgeHarness) -> None:
    judge.start_game()
    _hold_all_but(judge, "Turkey")
    reply = judge.orders("Turkey", "F ANK-BLA")
    assert "Turkey: no orders yet for A CON, A SMY." in body_of(reply)
    assert judge.status()["phase"] == "S1901M"
    reply = judge.orders("Turkey", "A CON H", "A SMY H")
    assert "S1901M has been processed" in body_of(reply)


def test_set_wait_holds_back_early_processing_until_set_nowait(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.orders("France", "SET WAIT")
    _hold_all_but(judge, "France")
    judge.orders("France", "A PAR H", "A MAR H", "F BRE H")
    assert judge.status()["phase"] == "S1901M"
    reply = judge.orders("France", "SET NOWAIT")
    assert "S1901M has been processed" in body_of(reply)
    assert judge.status()["phase"] == "F1901M"


def test_the_master_can_process_with_orders_missing(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.orders("France", "A PAR-BUR")
    mails = judge.send("gm@example.org", "SIGNON Mg1 gmpass\nPROCESS")
    reply = next(m for m in mails if m["To"] == "gm@example.org" and m["Subject"] == "Re: orders")
    assert "Phase S1901M processed; the game is now in F1901M." in body_of(reply)
    results = _results(mails)["p0@example.org"]
    assert "France: Army Paris -> Burgundy." in results
    assert "Turkey: Army Smyrna HOLD." in results
    assert judge.status()["powers"]["FRANCE"]["units"] == ["F BRE", "A BUR", "A MAR"]


def test_only_the_master_may_process(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = judge.orders("France", "PROCESS")
    assert "Only the master of 'g1' may do that." in body_of(reply)
    assert judge.status()["phase"] == "S1901M"


def test_observers_get_the_results(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply("watcher@example.org", "OBSERVE g1 look")
    mails = judge.play_phase()
    assert "watcher@example.org" in _results(mails)


def test_each_phase_stores_its_lot_seed(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("F1901M")
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        first = store.phase_history(session, game)[0]
        assert first.phase == "S1901M" and first.lot_seed is not None
        assert first.processed_at is not None and first.results


def test_a_phase_cannot_be_processed_twice(judge: JudgeHarness) -> None:
    judge.start_game()
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        stale = load_board(session, judge.variants, game)
    judge.play_phase()
    with judge.sessions() as session, pytest.raises((IntegrityError, PhaseAlreadyProcessed)):
        game = store.get_game(session, "g1", for_update=True)
        assert game is not None and stale is not None
        record = store.phase_history(session, game)[0]
        board = type(stale)(game, record, stale.variant, stale.snapshot)
        process_phase(session, judge.config, no_mail_in(), board, judge.clock.now())
        session.flush()


def test_a_retreat_and_builds_follow_a_dislodgement(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("F1901R")
    assert judge.status()["powers"]["GERMANY"]["units"] == ["F DEN", "A HOL"]
    mails = judge.play_phase()
    results = _results(mails, "F1901R")["gm@example.org"]
    assert "Retreat results for Fall of 1901." in results
    assert "Germany: Army Munich -> Ruhr." in results
    assert "France:  6 Supply centers,  3 Units:  Builds   3 units." in results
    assert "The next phase of 'g1' will be Adjustment for Winter of 1901." in results
    mails = judge.play_phase()
    results = _results(mails, "W1901A")["gm@example.org"]
    assert "France: Builds an army in Paris." in results
    assert judge.status()["phase"] == "S1902M"


def test_builds_are_complete_only_when_every_build_is_ordered_or_waived(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    judge.play_until("W1901A")
    for power in ("Germany", "Italy", "England"):
        judge.orders(power, "WAIVE")
    judge.orders("France", "BUILD A PAR")
    assert judge.status()["phase"] == "W1901A"
    reply = judge.orders("France", "BUILD A PAR", "WAIVE", "WAIVE")
    assert "W1901A has been processed" in body_of(reply)


def test_a_refused_line_beside_an_order_for_every_unit_is_a_complete_submission(
    judge: JudgeHarness,
) -> None:
    """Issue 32: Turkey orders every unit, and one more line is refused; what is on
    file is complete, so the phase is processed at once (SET WAIT holds it for a
    player who is not done)."""
    judge.start_game()
    _hold_all_but(judge, "Turkey")
    reply = judge.orders("Turkey", "F ANK-BLA", "A CON H", "A SMY H", "A SMY-MOS")
    text = " ".join(body_of(reply).split())
    assert "*** Error: A SMY - MOS:" in text
    assert "Your orders are complete. A line of your latest mail was refused" in text
    assert "S1901M has been processed" in text
    assert judge.status()["phase"] == "F1901M"


def test_a_refused_line_is_forgotten_once_a_later_mail_is_all_accepted(
    judge: JudgeHarness,
) -> None:
    """A refused line is forgotten once a later mail of orders is all accepted."""
    judge.start_game()
    _hold_all_but(judge, "Turkey")
    judge.orders("Turkey", "F ANK-BLA", "A CON-BUL")
    judge.orders("Turkey", "A SMY-BRG")
    assert judge.status()["phase"] == "S1901M"
    reply = judge.orders("Turkey", "A SMY H")
    assert "S1901M has been processed" in body_of(reply)


def test_orders_sent_over_several_mails_are_processed_with_the_last_one(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    _hold_all_but(judge, "Turkey")
    for line in ("F ANK-BLA", "A CON-BUL"):
        reply = judge.orders("Turkey", line)
        assert "Your orders are not complete" in " ".join(body_of(reply).split())
        assert judge.status()["phase"] == "S1901M"
    reply = judge.orders("Turkey", "A SMY H")
    assert "Your orders are complete." in body_of(reply)
    assert "S1901M has been processed" in body_of(reply)


def test_a_mail_whose_only_order_was_refused_still_lists_the_orders_and_why(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    judge.orders("Turkey", "F ANK-BLA")
    text = " ".join(body_of(judge.orders("Turkey", "A SMY-MOS")).split())
    assert "Your orders in 'g1'" in text and "Turkey: Fleet Ankara -> Black Sea." in text
    assert "Your orders are not complete" in text
    assert "A line of your latest mail was refused: it is not on file" in text
