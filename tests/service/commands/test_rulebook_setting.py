"""`SET RULE rulebook` by mail, and which rulebook a started game is adjudicated by."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, start_intimate

from judge.rules.results import RuleOptions
from judge.rules.rulebook import rulebook_options
from judge.service.seats.snapshots import load_board
from judge.store import games as store


def _options(judge: JudgeHarness, game: str = "g1") -> RuleOptions:
    """The options the running game's phases are adjudicated with."""
    with judge.sessions() as session:
        row = store.get_game(session, game)
        assert row is not None
        board = load_board(session, judge.variants, row)
        assert board is not None, "the game has not started"
        return board.variant.rule_options(board.snapshot.rules)


def _start_standard(judge: JudgeHarness, *set_lines: str) -> None:
    judge.reply(MASTER, "\n".join(["CREATE g1 gmpass standard", *set_lines]))
    for index in range(7):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")


def test_set_rule_rulebook_1971_is_echoed_and_used_by_the_game(judge: JudgeHarness) -> None:
    text = body_of(judge.reply(MASTER, "CREATE g1 gmpass standard\nSET RULE rulebook 1971"))
    assert "Rule rulebook set to 1971.\n" in text
    for index in range(7):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    assert _options(judge) == rulebook_options("1971")


def test_a_standard_game_is_adjudicated_by_the_current_rules(judge: JudgeHarness) -> None:
    _start_standard(judge)
    assert _options(judge) == RuleOptions()


def test_a_propaganda_game_defaults_to_1971_and_may_be_set_back(judge: JudgeHarness) -> None:
    start_intimate(judge, "propaganda")
    assert _options(judge) == rulebook_options("1971")
    judge.players.clear()
    judge.reply(MASTER, "CREATE g2 gmpass propaganda\nSET RULE rulebook current")
    for index, home in enumerate(("GERMANY", "FRANCE")):
        judge.reply(f"q{index}@example.org", f"SIGNON ?g2 pw{index}\nPREFERENCES {home}")
    assert _options(judge, "g2") == RuleOptions()


def test_an_unknown_rulebook_is_refused_with_the_allowed_values(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard")
    reply = judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET RULE rulebook 1982")
    assert reply["Subject"] == "Re: [Error] orders"
    assert "rule rulebook must be one of current, 1971" in body_of(reply)
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None and game.settings["rules"]["rulebook"] == "current"


def test_set_rule_civil_disorder_1971_is_echoed_and_used_by_the_game(judge: JudgeHarness) -> None:
    text = body_of(judge.reply(MASTER, "CREATE g1 gmpass standard\nSET RULE civil_disorder 1971"))
    assert "Rule civil_disorder set to 1971.\n" in text
    for index in range(7):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    assert _options(judge) == RuleOptions(civil_disorder="1971")
