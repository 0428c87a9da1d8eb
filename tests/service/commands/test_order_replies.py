"""What the reply says about an order line the judge could not take as it stood:
the nearest province, whose unit it is, "not a command", WAIVE with a power, and
adjustment orders beyond what is due or replacing earlier ones."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of


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


def test_a_build_beyond_the_builds_due_is_refused_with_the_count(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")  # France: 3 builds due
    text = _reply(judge, "France", "BUILD A PAR", "BUILD A MAR", "BUILD F BRE", "WAIVE")
    assert text.count("*** Error") == 1
    refusal = " ".join(text.split("> WAIVE\n")[1].split("\n\n")[0].split())
    assert refusal == (
        "*** Error: France has 3 builds due, and 3 are on file already (Builds an army in "
        "Paris; Builds an army in Marseilles; Builds a fleet in Brest): refused. Send "
        "CANCEL and one of them first (e.g. CANCEL BUILD A PAR), or an order for the "
        "same site to replace it."
    ), refusal


def test_builds_accumulate_over_mails_and_a_site_is_replaced(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")
    _reply(judge, "France", "BUILD A PAR", "BUILD F BRE")
    second = _reply(judge, "France", "BUILD A MAR")
    assert "France: 3 builds due, 3 sent." in second, second
    third = _reply(judge, "France", "BUILD F MAR")
    assert "*** Error" not in third, third
    listing = third.split("Your orders in 'g1'")[1]
    assert "Builds a fleet in Marseilles" in listing and "army in Marseilles" not in listing


def test_a_duplicate_build_is_said_to_be_one(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("W1901A")
    _reply(judge, "France", "BUILD A PAR")
    text = _reply(judge, "France", "BUILD A PAR")
    assert "> BUILD A PAR\nAlready on file (a duplicate; nothing changed): Builds an army in" in (
        text
    ), text
    assert "France: 3 builds due, 1 sent (2 more, or WAIVE)." in text
