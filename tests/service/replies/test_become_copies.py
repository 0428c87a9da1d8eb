"""The copy a player gets of what a master did in their name with BECOME (issue 31, item 4).

Everything done in a player's name is shown to that player in full: the lines from
BECOME to the next line that leaves the seat, with their outcomes, a long run of
reading lines counted, never a state-changing line cut. No copy carries a
password (the master's, from the SIGNON before BECOME; the new one SET PASSWORD
gave) nor an address the player may not see (the master's WHOGAME of a gunboat
game lists every player's). The player reads the copy in their own language, the
master their reply in theirs.
"""

from __future__ import annotations

import re
from email.message import EmailMessage

from support.service.harness import JudgeHarness, Player, body_of

GM, GM_PASSWORD = "gm@example.org", "gmpass"


def _gunboat_game(judge: JudgeHarness) -> dict[str, Player]:
    """A gunboat game of 7: players' addresses are hidden from each other."""
    created = body_of(judge.reply(GM, f"CREATE g1 {GM_PASSWORD} standard GUNBOAT"))
    assert "No errors" in created, created
    return judge.start_game()  # its own CREATE is refused: the 7 join the gunboat game


def _to(mails: list[EmailMessage], address: str) -> str:
    found = [body_of(m) for m in mails if m["To"] == address]
    assert len(found) == 1, [m["To"] for m in mails]
    return found[0]


def _others(players: dict[str, Player], power: str) -> list[str]:
    return [p.address for name, p in players.items() if name != power]


def test_the_issues_mail_shows_the_player_everything_done_in_their_name(
    judge: JudgeHarness,
) -> None:
    players = _gunboat_game(judge)
    france = players["France"]
    body = "\n".join([
        f"SIGNON Mg1 {GM_PASSWORD}", "WHOGAME g1", "BECOME France", *["LIST g1"] * 45,
        "SET PASSWORD brandnew77", "PRESS TO Germany", "Shall we?", "ENDPRESS",
        "SET CONCEDE Germany",
    ])  # fmt: skip
    mails = judge.send(GM, body)
    copy = _to(mails, france.address)
    reply = _to(mails, GM)
    assert "A master of 'g1' (gm@example.org) acted in your name (BECOME)." in " ".join(
        copy.split()
    )
    assert "> BECOME France" in copy
    assert "> SET PASSWORD ********\nPassword changed." in copy
    assert "> PRESS TO Germany\n> Shall we?\n> ENDPRESS" in copy
    assert "> SET CONCEDE Germany" in copy
    assert re.search(r"\.\.\. and \d+ more lines? done in your name", " ".join(copy.split()))
    for secret in (GM_PASSWORD, "brandnew77"):
        assert secret not in copy
    for address in _others(players, "France"):
        assert address not in copy  # the master's WHOGAME is the master's own
    assert "> WHOGAME" not in copy and "> SIGNON" not in copy  # the master's lines
    # The master's own reply shows the state-changing lines too, past its screenful.
    assert "> SET PASSWORD brandnew77" in reply and "> SET CONCEDE Germany" in reply
    assert players["Germany"].address in reply  # the master may see the addresses


def test_the_player_reads_the_copy_in_their_language_the_master_the_reply_in_theirs(
    judge: JudgeHarness,
) -> None:
    players = judge.start_game()
    france = players["France"]
    judge.reply(france.address, f"SIGNON Fg1 {france.password}\nSET LANGUAGE fr")
    mails = judge.send(GM, f"SIGNON Mg1 {GM_PASSWORD}\nBECOME France\nA PAR H\nSET WAIT")
    copy, reply = " ".join(_to(mails, france.address).split()), _to(mails, GM)
    assert "Un maître de 'g1' (gm@example.org) a agi en votre nom (BECOME)." in copy, copy
    assert "> A PAR H" in copy and "Aucune erreur dans les lignes faites en votre nom." in copy
    assert "Signed on as the master of 'g1'." in reply and "No errors found" in reply, reply
    assert GM_PASSWORD not in copy


def test_lines_after_the_master_signs_on_again_are_not_the_players(judge: JudgeHarness) -> None:
    players = judge.start_game()
    france, germany = players["France"], players["Germany"]
    mails = judge.send(GM, "\n".join([
        f"SIGNON Mg1 {GM_PASSWORD}", "BECOME France", "A PAR H", f"SIGNON Mg1 {GM_PASSWORD}",
        "WHOGAME g1", "BECOME Germany", "A BER H",
    ]))  # fmt: skip
    to_france, to_germany = _to(mails, france.address), _to(mails, germany.address)
    assert "> A PAR H" in to_france and "> A BER H" not in to_france
    assert "> A BER H" in to_germany and "> A PAR H" not in to_germany
    for copy in (to_france, to_germany):
        assert "> SIGNON" not in copy and "> WHOGAME" not in copy and GM_PASSWORD not in copy


def test_a_line_the_judge_could_not_read_shows_no_password_in_a_copy(
    judge: JudgeHarness,
) -> None:
    """`SIGNON Mg1 gmpass extra` is no command the judge can read, so it does not know
    which word is the password: a copy shows the keyword alone."""
    players = judge.start_game()
    france = players["France"]
    mails = judge.send(GM, f"SIGNON Mg1 {GM_PASSWORD}\nBECOME France\n"
                           "SIGNON Mg1 typo3secret and more words\nA PAR H")  # fmt: skip
    copy = _to(mails, france.address)
    assert "> SIGNON ********\n" in copy and "typo3secret" not in copy, copy
    assert "> A PAR H" in copy
    assert "typo3secret" in _to(mails, GM)  # the master's own reply echoes what they wrote


def test_a_copy_goes_to_the_old_address_of_a_seat_that_moves(judge: JudgeHarness) -> None:
    """Someone with France's password moves the seat to their own address: the old
    address is told, with every line done as France, the move included."""
    players = judge.start_game()
    france = players["France"]
    mails = judge.send("thief@example.org", f"SIGNON Fg1 {france.password}\n"
                                            "SET ADDRESS thief@example.org\nA PAR H")  # fmt: skip
    copy = " ".join(_to(mails, france.address).split())
    assert "Someone signed on to your seat in 'g1' from thief@example.org." in copy
    assert "> SET ADDRESS thief@example.org" in copy and "> A PAR H" in copy
    assert france.password not in copy


def test_a_gunboat_copy_does_not_name_a_player_who_signed_on_from_elsewhere(
    judge: JudgeHarness,
) -> None:
    players = _gunboat_game(judge)
    france, germany = players["France"], players["Germany"]
    mails = judge.send(germany.address, f"SIGNON Fg1 {france.password}\nA PAR H")
    copy = " ".join(_to(mails, france.address).split())
    assert "Someone signed on to your seat in 'g1' from another address." in copy, copy
    assert germany.address not in copy and france.password not in copy
