"""Leaving a forming game (issue 32, item 3), as njudge allows: a player withdraws, a
master removes a joined address (`RESIGN address`: it may join again; `EJECT address`:
it may not), and everyone who joined is told."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.harness import JudgeHarness, body_of

GM = "gm@example.org"
ANN, BOB, CAT = "ann@example.org", "bob@example.org", "cat@example.org"
LEFT = "TEST:g1 - Player Left"
LEFT_FR = "TEST:g1 - Départ d'un joueur"  # the subject in French (judge.wording.subjects)


def flat(text: str) -> str:
    return " ".join(text.split())


def _forming(judge: JudgeHarness, *settings: str) -> None:
    judge.reply(GM, " ".join(["CREATE g1 gmpass standard", *settings]).rstrip())
    for index, address in enumerate((ANN, BOB, CAT)):
        judge.reply(address, f"SIGNON ?g1 pw{index}")


def _joined(judge: JudgeHarness) -> set[str]:
    return {row["address"] for row in judge.status()["players"]}


def _to(mails: list[EmailMessage], subject: str) -> dict[str, str]:
    return {str(m["To"]): flat(body_of(m)) for m in mails if m["Subject"] == subject}


def _reply(mails: list[EmailMessage], address: str) -> str:
    (reply,) = [m for m in mails if m["To"] == address and m["Auto-Submitted"] == "auto-replied"]
    return flat(body_of(reply))


def test_a_player_withdraws_before_the_start_and_everyone_who_joined_is_told(
    judge: JudgeHarness,
) -> None:
    _forming(judge)
    mails = judge.send(BOB, "SIGNON ?g1 pw1\nWITHDRAW")
    assert "You have withdrawn from 'g1', which has not started" in _reply(mails, BOB)
    told = _to(mails, LEFT)
    assert set(told) == {GM, ANN, CAT}
    assert f"{BOB} has withdrawn from 'g1', which has not started: 2 of 7 players" in told[ANN]
    assert _joined(judge) == {ANN, CAT}
    again = flat(body_of(judge.reply(BOB, "SIGNON ?g1 newpw")))
    assert "You have joined 'g1' (3 of 7 players)." in again
    assert _joined(judge) == {ANN, BOB, CAT}


def test_resign_alone_before_the_start_is_a_withdrawal_too(judge: JudgeHarness) -> None:
    _forming(judge)
    reply = flat(body_of(judge.reply(ANN, "SIGNON ?g1 pw0\nRESIGN")))
    assert "You have withdrawn from 'g1'" in reply and "has not started yet." not in reply
    assert _joined(judge) == {BOB, CAT}


def test_the_masters_resign_address_removes_a_joined_address_that_may_join_again(
    judge: JudgeHarness,
) -> None:
    _forming(judge)
    mails = judge.send(GM, f"SIGNON Mg1 gmpass\nRESIGN {CAT}")
    assert f"{CAT} is removed from 'g1', which has not started; it may join again" in _reply(
        mails, GM
    )
    assert set(_to(mails, LEFT)) == {GM, ANN, BOB}
    (told,) = _to(mails, "TEST:g1 - Removed by the Master").values()
    assert "you may join it again with SIGNON ?g1 <password>" in told
    assert _joined(judge) == {ANN, BOB}
    judge.reply(CAT, "SIGNON ?g1 pw2")
    assert _joined(judge) == {ANN, BOB, CAT}


def test_the_masters_eject_address_removes_and_bars_it(judge: JudgeHarness) -> None:
    _forming(judge)
    mails = judge.send(GM, f"SIGNON Mg1 gmpass\nEJECT {ANN}")
    assert f"{ANN} is removed from 'g1', which has not started, and may not join" in _reply(
        mails, GM
    )
    (told,) = _to(mails, "TEST:g1 - Removed by the Master").values()
    assert "this address may not join it again" in told
    refused = flat(body_of(judge.reply(ANN, "SIGNON ?g1 pw0")))
    assert "The master removed this address from 'g1' (EJECT) before the start" in refused
    nothing = flat(body_of(judge.reply(ANN, "SIGNON ? pw0")))  # the next forming game
    assert "No forming game has a free seat" in nothing and _joined(judge) == {BOB, CAT}


def test_a_power_cannot_be_named_before_the_start(judge: JudgeHarness) -> None:
    _forming(judge)
    for command in ("RESIGN France", "EJECT France"):
        reply = flat(body_of(judge.reply(GM, f"SIGNON Mg1 gmpass\n{command}")))
        word = command.split()[0]
        assert f"Game 'g1' has not started: nobody plays a power yet. To remove a player who " \
            f"joined, name the address: {word} ann@example.org." in reply
    assert _joined(judge) == {ANN, BOB, CAT}


def test_nobody_but_the_master_removes_a_joined_address(judge: JudgeHarness) -> None:
    _forming(judge)
    reply = flat(body_of(judge.reply(ANN, f"SIGNON ?g1 pw0\nEJECT {BOB}")))
    assert "*** Error" in reply and _joined(judge) == {ANN, BOB, CAT}
    reply = flat(body_of(judge.reply(GM, "SIGNON Mg1 gmpass\nRESIGN nobody@example.org")))
    assert "nobody@example.org neither plays in nor observes 'g1'." in reply


def test_a_gunboat_game_does_not_name_who_left(judge: JudgeHarness) -> None:
    _forming(judge, "GUNBOAT")
    mails = judge.send(BOB, "SIGNON ?g1 pw1\nWITHDRAW")
    told = _to(mails, LEFT)
    assert "A player has withdrawn from 'g1'" in told[ANN] and BOB not in told[ANN]


def test_the_french_notices(judge: JudgeHarness) -> None:
    _forming(judge)
    judge.reply(GM, "SIGNON Mg1 gmpass\nSET LANGUAGE fr")
    mails = judge.send(GM, f"SIGNON Mg1 gmpass\nEJECT {ANN}")
    assert f"{ANN} est retiré de 'g1', qui n'a pas commencé, et ne peut plus la rejoindre" in (
        _reply(mails, GM)
    )
    (told,) = _to(mails, "TEST:g1 - Renvoyé par le maître").values()
    assert "cette adresse ne peut plus la rejoindre" in told
    assert "Le maître a retiré ann@example.org de 'g1', qui n'a pas commencé : 2 joueurs sur 7" \
        in _to(mails, LEFT_FR)[BOB]


def test_who_withdrew_before_the_start_is_not_told_the_game_is_over(judge: JudgeHarness) -> None:
    _forming(judge)
    judge.send(BOB, "SIGNON ?g1 pw1\nWITHDRAW")
    judge.reply(GM, "SIGNON Mg1 gmpass\nSTART")
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nTERMINATE")
    over = {str(m["To"]) for m in mails if m["Subject"] == "TEST:g1 - Game Over"}
    assert over == {GM, ANN, CAT}
