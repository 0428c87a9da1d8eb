"""Orders by mail: read in context, echoed with OK or the error, the last one wins."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of, game_tables

from judge.store import games as store


def _stored(judge: JudgeHarness, power: str) -> list[str]:
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        record = store.current_phase(session, game)
        assert record is not None
        return store.submitted_orders(session, record).get(power, [])


def _refused_in(judge: JudgeHarness, power: str) -> str | None:
    """The phase in which the player of `power` last sent orders with refused lines."""
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        (player,) = [p for p in game.players if power in p.powers]
        return player.orders_refused_in


def test_each_order_is_echoed_with_ok_and_the_current_orders_are_listed(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    reply = judge.orders("France", "A PAR-BUR", "F BRE - MAO")
    text = body_of(reply)
    assert "> A PAR-BUR\nOK: Army Paris -> Burgundy.\n" in text
    assert "> F BRE - MAO\nOK: Fleet Brest -> Mid-Atlantic Ocean.\n" in text
    assert "Your orders in 'g1' for Movement for Spring of 1901:\n" in text
    assert "  France: no orders yet for A MAR.\n" in text
    assert "No errors found in your mail." in text
    assert reply["Subject"] == "Re: orders"


def test_the_last_order_for_a_unit_wins(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.orders("France", "A PAR-BUR", "A MAR H")
    reply = judge.orders("France", "A PAR-PIC")
    assert _stored(judge, "FRANCE") == ["A MAR H", "A PAR-PIC"]
    assert "France: Army Paris -> Picardy." in body_of(reply)
    assert "Burgundy" not in body_of(reply)


def test_order_lines_after_orders_and_endorders_are_read_the_same(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = judge.orders("France", "ORDERS", "A PAR-BUR", "ENDORDERS")
    assert "No errors found" in body_of(reply)
    assert _stored(judge, "FRANCE") == ["A PAR-BUR"]


def test_an_order_for_someone_elses_unit_is_refused_and_changes_nothing(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    before = game_tables(judge.sessions, ignoring={"orders_refused_in"})
    reply = judge.orders("France", "A BER-KIE")
    assert reply["Subject"] == "Re: [Error] orders"
    assert "*** Error: The Army in Berlin is German: you may order only your own units." in (
        body_of(reply)
    )
    assert "1 error found in your mail." in body_of(reply)
    assert game_tables(judge.sessions, ignoring={"orders_refused_in"}) == before
    assert _refused_in(judge, "FRANCE") == "S1901M"


def test_an_unreadable_order_names_the_word_it_could_not_read(judge: JudgeHarness) -> None:
    judge.start_game()
    before = game_tables(judge.sessions, ignoring={"orders_refused_in"})
    reply = judge.orders("France", "A PAR-BRG")
    assert "*** Error: cannot read 'BRG' in 'A PAR-BRG' (did you mean BRE?)." in body_of(reply)
    assert game_tables(judge.sessions, ignoring={"orders_refused_in"}) == before


def test_an_illegal_order_says_why(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = judge.orders("France", "A PAR-MOS")
    assert "*** Error: A PAR - MOS: not adjacent." in body_of(reply)


def test_orders_need_a_signon(judge: JudgeHarness) -> None:
    judge.start_game()
    before = game_tables(judge.sessions)
    reply = judge.reply("p2@example.org", "A PAR-BUR")
    assert "*** Error: Not a command; orders need a SIGNON as a player first." in body_of(reply)
    assert game_tables(judge.sessions) == before


def test_a_typo_of_a_command_is_pointed_out(judge: JudgeHarness) -> None:
    reply = judge.reply("ann@example.org", "SIGNOM ?g1 pw")
    assert "(did you mean SIGNON?)" in body_of(reply)


def test_orders_in_a_forming_game_are_refused(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    reply = judge.reply("ann@example.org", "SIGNON ?g1 pw\nA PAR-BUR")
    assert "*** Error: Game 'g1' has not started yet." in body_of(reply)


def test_adjustment_orders_accumulate_over_mails(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")
    judge.orders("France", "BUILD A PAR", "BUILD F BRE")
    reply = judge.orders("France", "BUILD A MAR")
    assert _stored(judge, "FRANCE") == ["BUILD A PAR", "BUILD F BRE", "BUILD A MAR"]
    assert "France: 3 builds due, 3 sent." in body_of(reply)
    judge.orders("France", "CANCEL BUILD F BRE", "WAIVE")
    assert _stored(judge, "FRANCE") == ["BUILD A PAR", "BUILD A MAR", "FRANCE WAIVE"]


def test_a_retreat_is_ordered_like_any_other_order(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("F1901R")
    reply = judge.orders("France", "A MUN-BOH")
    assert "*** Error: You have nothing to order in 'g1' this phase." in body_of(reply)
    reply = judge.orders("Germany", "A MUN R SIL")
    assert "OK: Army Munich -> Silesia." in body_of(reply)
