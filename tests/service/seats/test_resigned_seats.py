"""A resigned seat is taken only as the master allows (issue 32, item 1): the one rule
of `judge.service.seats.consent`, whichever way the player left (their own RESIGN or
WITHDRAW, the master's RESIGN power), whoever asks (a newcomer, the old player with
the old password)."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.harness import JudgeHarness, body_of

GM = "gm@example.org"
NEW = "new@example.org"
ASKED = "resigned: only someone the master approves may take it over, its former player too"


def flat(text: str) -> str:
    return " ".join(text.split())


def _master(judge: JudgeHarness, *lines: str) -> str:
    return flat(body_of(judge.reply(GM, "\n".join(["SIGNON Mg1 gmpass", *lines]))))


def _requests(mails: list[EmailMessage], power: str) -> list[EmailMessage]:
    """The master's takeover requests for `power` (in French: "Demande de reprise de ...")."""
    asked = (f"{power} Takeover Request", "Demande de reprise")
    return [m for m in mails if m["To"] == GM and any(a in str(m["Subject"]) for a in asked)]


def _holder(judge: JudgeHarness, power: str) -> str | None:
    rows = judge.status()["players"]
    return next((row["address"] for row in rows if power.upper() in row["powers"]), None)


def test_the_masters_resign_is_not_undone_by_the_players_next_mail(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    power = sorted(players)[0]
    player = players[power]
    assert "is resigned from 'g1'" in _master(judge, f"RESIGN {power}")
    mails = judge.send(player.address, f"SIGNON {player.letter}g1 {player.password}\nLIST")
    reply = flat(body_of(next(m for m in mails if m["To"] == player.address)))
    assert f"The player of {power} in 'g1' {ASKED}" in reply
    assert "You now play" not in reply
    assert _holder(judge, power) is None
    (request,) = _requests(mails, power)
    text = flat(body_of(request))
    assert f"{player.address} asks to take over {power} in 'g1', whose player resigned" in text
    assert f"APPROVE {power} {player.address}" in text
    again = judge.send(player.address, f"SIGNON {player.letter}g1 {player.password}")
    assert not _requests(again, power)  # the master is asked once per address
    assert _holder(judge, power) is None


def test_a_players_own_resign_is_not_undone_by_the_old_password(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    power = sorted(players)[1]
    player = players[power]
    judge.orders(power, "WITHDRAW")
    reply = flat(body_of(judge.orders(power, "LIST g1")))
    assert ASKED in reply and _holder(judge, power) is None
    stranger = flat(body_of(judge.reply(NEW, f"SIGNON {player.letter}g1 mine")))
    assert ASKED in stranger and _holder(judge, power) is None


def test_the_master_may_give_a_resigned_power_to_its_old_player_or_a_newcomer(
    judge: JudgeHarness,
) -> None:
    players = judge.start_game(count=3)
    power = sorted(players)[0]
    player = players[power]
    judge.orders(power, "RESIGN")
    assert f"{player.address} may now take over {power}" in _master(
        judge, f"APPROVE {power} {player.address}"
    )
    refused = flat(body_of(judge.reply(NEW, f"SIGNON {player.letter}g1 mine")))
    assert ASKED in refused  # the approval names one address
    back = flat(body_of(judge.orders(power, "LIST g1")))
    assert f"You now play {power} in 'g1'" in back
    assert _holder(judge, power) == player.address


def test_an_approval_counts_only_until_the_power_is_left_again(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    power = sorted(players)[0]
    letter = players[power].letter
    judge.orders(power, "RESIGN")
    _master(judge, f"APPROVE {power} {NEW}")
    taken = flat(body_of(judge.reply(NEW, f"SIGNON {letter}g1 fresh")))
    assert f"You now play {power} in 'g1'" in taken
    judge.reply(NEW, f"SIGNON {letter}g1 fresh\nRESIGN")
    assert _holder(judge, power) is None
    again = flat(body_of(judge.reply(NEW, f"SIGNON {letter}g1 fresh")))
    assert ASKED in again and _holder(judge, power) is None


def test_a_resigned_address_is_not_barred_from_another_power(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    first, second = sorted(players)[:2]
    judge.orders(first, "RESIGN")
    judge.orders(second, "RESIGN")
    address = players[first].address
    _master(judge, f"APPROVE {second} {address}")
    taken = flat(body_of(judge.reply(address, f"SIGNON {players[second].letter}g1 other")))
    assert f"You now play {second} in 'g1'" in taken


def test_the_refusal_and_the_masters_request_in_french(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    _master(judge, "SET LANGUAGE fr")
    power = "France" if "France" in players else sorted(players)[0]
    player = players[power]
    judge.orders(power, "RESIGN")
    mails = judge.send(player.address, f"SIGNON {player.letter}g1 {player.password}")
    reply = flat(body_of(next(m for m in mails if m["To"] == player.address)))
    assert "a quitté 'g1' : seule une personne agréée par le maître peut reprendre" in reply
    assert "son ancien joueur aussi" in reply
    (request,) = _requests(mails, power)
    text = flat(body_of(request))
    assert "dont le joueur a démissionné (elle est en désordre civil)" in text
    assert f"APPROVE {power} {player.address}" in text
