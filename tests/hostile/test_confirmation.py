"""The judge as a spam cannon: game mail goes only to addresses that confirmed.

These run `judge serve` with `[security] confirm_addresses = true`, as a public
judge does by default: one server for the folder (`confirming_judge`), each test with
a game and addresses of its own (`Cast`).
"""

from __future__ import annotations

import re
from email.message import EmailMessage

from support.e2e.judge_process import Judge
from support.e2e.judge_process import _body as _raw_body
from support.hostile.cast import Cast
from support.hostile.mailbox import answer, confirm, confirmation_request, to


def _body(mail: EmailMessage) -> str:
    """The text with its line breaks as spaces: notes are wrapped at 78 columns."""
    return " ".join(_raw_body(mail).split())


def _game_with_confirmed_gm(judge: Judge, cast: Cast, variant: str = "standard") -> None:
    created = _body(judge.send(cast.gm, f"CREATE {cast.game} gmpw {variant}"))
    assert "a confirmation request with a code was sent there" in created
    assert f"Address {cast.gm} confirmed" in confirm(judge, cast.gm)


def test_forged_observers_get_no_broadcasts(confirming_judge: Judge) -> None:
    judge, cast = confirming_judge, Cast("cf1")
    _game_with_confirmed_gm(judge, cast)
    victims = [cast.who(f"victim{i}", "example.net") for i in range(20)]
    for victim in victims:  # OBSERVE with a forged From: the reply goes to the victim
        judge.send(victim, f"OBSERVE {cast.game} pw")
    fan = cast.who("fan")
    judge.send(fan, f"OBSERVE {cast.game} pw")
    confirm(judge, fan)
    blocks = "".join(f"BROADCAST\nspam {i}\nENDPRESS\n" for i in range(100))
    reply = _body(judge.send(cast.gm, f"SIGNON M{cast.game} gmpw\n{blocks}"))
    assert "95 errors found in your mail" in reply  # the blocks past 5 (and past one screenful)
    broadcasts = judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == fan and "Broadcast" in str(m["Subject"])][4:],
        "the 5 broadcasts the fan gets",
    )
    assert broadcasts
    for victim in victims:  # the OBSERVE waits for the victim's CONFIRM: one request
        got = sorted(str(m["Subject"]).rsplit(" (", 1)[0] for m in to(judge, victim))
        assert got == ["Re: orders", "TEST: please confirm"], (victim, got)
    mails = {str(m["Subject"]).rsplit(" (", 1)[0]: m for m in to(judge, victims[0])}
    request, reply_mail = mails["TEST: please confirm"], mails["Re: orders"]
    assert request["From"].addresses[0].display_name  # the judge's name, as in its replies
    assert str(request["From"]) == str(reply_mail["From"])


def test_a_game_starts_only_on_confirmed_seats(confirming_judge: Judge) -> None:
    """A SIGNON ?game from an address that has not asked for the game takes its seat
    only once the address confirms; the seat that fills the game starts it."""
    judge, cast = confirming_judge, Cast("cf2")
    game, p1, p2 = cast.game, cast.who("p1"), cast.who("p2")
    _game_with_confirmed_gm(judge, cast, "intimate")
    waiting = _body(judge.send(p1, f"SIGNON ?{game} pw1"))
    assert f"you join '{game}' once you confirm it" in waiting
    refused = _body(judge.send(cast.gm, f"SIGNON M{game} gmpw\nSTART"))
    assert f"Game '{game}' has 0 players" in refused  # the waiting join is no seat yet
    assert f"You have joined '{game}' (1 of 2 players)" in confirm(judge, p1)
    judge.send(p2, f"SIGNON ?{game} pw2")
    request = confirmation_request(judge, p2)
    replied = _body(answer(judge, p2, request, "yes, it is me"))
    assert f"You have joined '{game}' (2 of 2 players)" in replied
    assert judge.status(game)["status"] == "active"
    start = judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == p1 and "Start" in str(m["Subject"])],
        "the start mail",
    )[0]
    assert start["List-Unsubscribe"] == "<mailto:judge@example.org?subject=STOP&body=STOP>"
    last = _raw_body(start).rstrip().splitlines()[-1]
    assert f"UNOBSERVE {game}" in last and "STOP" in last


def test_stop_and_unobserve_end_game_mail(confirming_judge: Judge) -> None:
    judge, cast = confirming_judge, Cast("cf3")
    game = cast.game
    _game_with_confirmed_gm(judge, cast)
    watcher, quitter = cast.who("watcher"), cast.who("quitter")
    for address in (watcher, quitter):
        judge.send(address, f"OBSERVE {game} pw")
        confirm(judge, address)
    asked = _body(judge.send(watcher, "STOP"))  # each takes effect once confirmed
    stopped = _body(judge.send(watcher, f"CONFIRM {_pending_code(asked)}"))
    assert "No game mail will go to this address" in stopped
    asked = _body(judge.send(quitter, f"UNOBSERVE {game}"))
    assert f"You no longer observe '{game}'." in _body(
        judge.send(quitter, f"CONFIRM {_pending_code(asked)}")
    )
    judge.send(cast.gm, f"SIGNON M{game} gmpw\nBROADCAST\nfirst\nENDPRESS")
    resume = re.search(r"To get it again, send the line: CONFIRM ([A-Z0-9]{8})", stopped)
    assert resume is not None, stopped  # the address's own code (the request's was the OBSERVE's)
    resumed = _body(judge.send(watcher, f"CONFIRM {resume.group(1)}"))
    assert "confirmed" in resumed
    judge.send(cast.gm, f"SIGNON M{game} gmpw\nBROADCAST\nsecond\nENDPRESS")
    got = judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == watcher and _is_broadcast(m)],
        "the broadcast after CONFIRM",
    )
    assert ["second" in _body(m) for m in got] == [True]
    assert not [m for m in to(judge, quitter) if _is_broadcast(m)]


def _pending_code(reply: str) -> str:
    found = re.search(r"CONFIRM ([A-Z0-9]{8}) from this address", reply)
    assert found is not None, reply
    return found.group(1)


def _is_broadcast(mail: EmailMessage) -> bool:
    return "Broadcast" in str(mail["Subject"])
