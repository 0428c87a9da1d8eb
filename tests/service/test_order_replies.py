"""What the reply says about an order line the judge could not take as it stood:
the nearest province, whose unit it is, "not a command", WAIVE with a power, and
adjustment orders beyond what is due or replacing earlier ones."""

from __future__ import annotations

from service.harness import JudgeHarness, body_of


def _reply(judge: JudgeHarness, power: str, *lines: str) -> str:
    return body_of(judge.orders(power, *lines))


def test_a_misspelt_province_gets_the_nearest_name(judge: JudgeHarness) -> None:
    judge.start_game()
    text = _reply(judge, "Russia", "A MOSC-STP", "F SEVV-BLA")
    assert "*** Error: cannot read 'MOSC' in 'A MOSC-STP' (did you mean MOS?)." in text
    assert "(did you mean SEV?)" in text


def test_an_order_for_another_powers_unit_says_whose_unit_it_is(judge: JudgeHarness) -> None:
    judge.start_game()
    text = _reply(judge, "Germany", "A PAR - PIC")
    assert "*** Error: The Army in Paris is French: you may order only your own units." in text
    assert "no such unit" not in text


def test_an_order_for_an_empty_province_is_still_no_such_unit(judge: JudgeHarness) -> None:
    judge.start_game()
    assert "no such unit" in _reply(judge, "Germany", "A PIC - PAR")


def test_a_chatty_line_after_the_orders_is_not_a_command(judge: JudgeHarness) -> None:
    judge.start_game()
    text = _reply(judge, "France", "A PAR-BUR", "Thanks!", "HLEP", "LSIT g1")
    assert "> Thanks!\n*** Error: Not a command, and not an order.\n" in text
    assert "> HLEP\n*** Error: Not a command, and not an order (did you mean HELP?).\n" in text
    assert "(did you mean LIST?)" in text


def test_a_chatty_line_in_a_forming_game_is_not_a_command(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 gmpass standard")
    text = body_of(judge.reply("ann@example.org", "SIGNON ?g1 pw\nThanks!"))
    assert "*** Error: Not a command, and not an order." in text
    assert "has not started" not in text
    order = body_of(judge.reply("ann@example.org", "SIGNON ?g1 pw\nA PAR-BUR"))
    assert "Game 'g1' has not started yet." in order


def test_misspelt_keywords_get_did_you_mean_before_a_signon(judge: JudgeHarness) -> None:
    text = body_of(judge.reply("ann@example.org", "HLEP\nLSIT\nSINGON ?g1 pw"))
    assert "Not a command (did you mean HELP?)" in text
    assert "Not a command (did you mean LIST?)" in text
    assert "Not a command (did you mean SIGNON?)" in text


def test_waive_with_the_power_named_is_accepted(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")
    text = _reply(judge, "France", "BUILD A PAR", "WAIVE France", "waive")
    assert "> WAIVE France\nOK: Build waived.\n" in text
    assert "> waive\nOK: Build waived.\n" in text  # France alone has builds due
    assert "*** Error" not in text
    listing = text.split("Your orders in 'g1'")[1]
    assert listing.count("France: Build waived.") == 2  # stored, and read back


def test_more_builds_than_due_are_warned_about_when_sent(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")  # France: 3 builds due
    text = _reply(judge, "France", "BUILD A PAR", "BUILD A MAR", "BUILD F BRE", "WAIVE")
    assert text.count("WARNING") == 1
    assert (
        "WARNING: France has 3 builds due, and this is build order 4: it will fail\n"
        "(*void*) unless you send the list again without one." in text
    )


def test_a_new_build_list_says_it_replaced_the_earlier_one(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")
    first = _reply(judge, "France", "BUILD A PAR", "BUILD A MAR")
    assert "replace" not in first
    second = _reply(judge, "France", "BUILD F BRE")
    assert (
        "This mail's adjustment orders for France replace the earlier ones (Builds an\n"
        "army in Paris; Builds an army in Marseilles)." in second
    )
    assert second.count("replace the earlier") == 1
