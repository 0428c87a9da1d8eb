"""How an Intimate game ends by mail outside adjudication: STALEMATE (both players, or
the master; most centres wins), CONCEDE (the opponent wins) and DRAW (both players)."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.board_setup import place_board
from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, OBSERVER, bid, start_intimate

ALWAYS = "SIGNON Mg1 gmpass\nSET RULE stalemate always"


def _game_over_mails(mails: list[EmailMessage], game: str = "g1") -> dict[str, str]:
    return {m["To"]: body_of(m) for m in mails if m["Subject"] == f"TEST:{game} - Game Over"}


def test_one_stalemate_declaration_does_not_end_the_game(judge: JudgeHarness) -> None:
    start_intimate(judge)
    judge.reply(MASTER, ALWAYS)
    mails = judge.send("p0@example.org", "SIGNON Gg1 pw0\nSTALEMATE")
    assert [m["To"] for m in mails] == ["p0@example.org"], "nobody else is told"
    assert "The game ends when your opponent sends STALEMATE too" in body_of(mails[0])
    assert judge.status()["status"] == "active"


def test_two_stalemate_declarations_give_the_game_to_the_most_centres(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge, homes=("RUSSIA", "FRANCE"))
    judge.reply(MASTER, ALWAYS)
    bid(judge, "Russia", "STALEMATE")
    mails = judge.send("p1@example.org", "SIGNON Fg1 pw1\nSTALEMATE")
    assert "Stalemate declared: 'g1' is over" in body_of(mails[-1])
    ended = _game_over_mails(mails)
    assert set(ended) >= {"p0@example.org", "p1@example.org", MASTER, OBSERVER}
    assert "A stalemate was declared: game 'g1' is over." in ended[OBSERVER]
    assert "Russia has won." in ended[OBSERVER]
    status = judge.status()
    assert (status["status"], status["winner"]) == ("finished", "RUSSIA")


def test_a_stalemate_with_equal_centres_is_a_draw(judge: JudgeHarness) -> None:
    start_intimate(judge)
    judge.reply(MASTER, ALWAYS)
    bid(judge, "Germany", "STALEMATE")
    mails = judge.send("p1@example.org", "SIGNON Fg1 pw1\nSTALEMATE")
    assert "The game ended in a draw between France and Germany." in _game_over_mails(mails)[MASTER]
    assert judge.status()["winner"] == ["FRANCE", "GERMANY"]


def test_the_master_declares_a_stalemate_alone(judge: JudgeHarness) -> None:
    start_intimate(judge, homes=("RUSSIA", "ITALY"))
    reply = body_of(judge.reply(MASTER, ALWAYS + "\nSTALEMATE"))
    assert "Stalemate declared: 'g1' is over" in reply
    assert judge.status()["winner"] == "RUSSIA"


def test_stalemate_in_a_variant_without_it_is_refused(judge: JudgeHarness) -> None:
    judge.start_game(count=7)
    reply = body_of(judge.orders("France", "STALEMATE"))
    assert "*** Error: STALEMATE is for Intimate Diplomacy (I-A, rx03), not Standard." in reply
    assert judge.status()["status"] == "active"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_stalemate_is_refused_while_a_mercenary_owns_a_centre(judge: JudgeHarness) -> None:
    start_intimate(judge)
    reply = _flat(bid(judge, "Germany", "STALEMATE"))
    assert "STALEMATE is refused: the rx03 rule allows it only once all the mercenaries" in reply
    assert "Austria, England, Italy, Russia, Turkey still own supply centres" in reply
    assert "use DRAW (both players) or CONCEDE" in reply
    judge.send("p1@example.org", "SIGNON Fg1 pw1\nSTALEMATE")
    assert judge.status()["status"] == "active"


def test_stalemate_is_accepted_once_all_neutral_countries_have_been_eliminated(
    judge: JudgeHarness,
) -> None:
    start_intimate(judge)
    place_board(
        judge.sessions,
        ["GERMANY A BER", "FRANCE A PAR"],
        {"BER": "GERMANY", "MUN": "GERMANY", "PAR": "FRANCE"},
    )
    bid(judge, "Germany", "STALEMATE")
    mails = judge.send("p1@example.org", "SIGNON Fg1 pw1\nSTALEMATE")
    assert "Germany has won." in _game_over_mails(mails)[OBSERVER]
    assert judge.status()["winner"] == "GERMANY"


def test_the_master_may_turn_the_stalemate_rule_off(judge: JudgeHarness) -> None:
    start_intimate(judge)
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET RULE stalemate off")
    reply = _flat(bid(judge, "Germany", "STALEMATE"))
    assert "turned the stalemate rule off in this game" in reply


def test_stalemate_is_refused_in_the_rulesets_without_it_naming_draw_and_concede(
    judge: JudgeHarness,
) -> None:
    for game, ruleset in (("g1", "intimate-2000"), ("g2", "propaganda")):
        start_intimate(judge, ruleset, game=game)
        reply = _flat(bid(judge, "Germany", "STALEMATE", game=game))
        assert "has no stalemate rule (only the rx03 rules do): STALEMATE is refused." in reply
        assert "both players send DRAW, or one sends CONCEDE" in reply
        assert judge.status(game)["status"] == "active"


def test_a_concession_gives_the_game_to_the_opponent(judge: JudgeHarness) -> None:
    start_intimate(judge)
    mails = judge.send("p1@example.org", "SIGNON Fg1 pw1\nCONCEDE")
    assert "France conceded: game 'g1' is over.\nGermany has won." in _game_over_mails(mails)[
        OBSERVER
    ]
    assert judge.status()["winner"] == "GERMANY"


def test_a_draw_needs_both_players(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "DRAW")
    assert judge.status()["status"] == "active"
    mails = judge.send("p1@example.org", "SIGNON Fg1 pw1\nDRAW")
    assert "The game ended in a draw between France and Germany." in _game_over_mails(mails)[MASTER]
    assert judge.status()["winner"] == ["FRANCE", "GERMANY"]
