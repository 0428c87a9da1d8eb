"""The press settings through the whole service, mail in and mail out: PRESS NONE,
PRESS GREY, PARTIAL OFF and GUNBOAT, as the master sets them and players meet them."""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage

from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, Player, body_of

from judge.clock import ManualClock
from judge.config import Config

MASTER = "gm@example.org"


def _flat(text: str) -> str:
    """A reply's text with its lines joined (long error lines are wrapped)."""
    return " ".join(text.split(" \n")).replace("\n", " ")


def _set(judge: JudgeHarness, *lines: str) -> str:
    return _flat(body_of(judge.reply(MASTER, "\n".join(["SIGNON Mg1 gmpass", *lines]))))


def _to(mails: list[EmailMessage], address: str) -> list[str]:
    return [body_of(m) for m in mails if m["To"] == address]


def _reply_to(mails: list[EmailMessage], address: str) -> str:
    return _flat(_to(mails, address)[0])


def _two_player_game(judge: JudgeHarness) -> tuple[Player, Player]:
    players = judge.start_game(count=2)
    return players["Austria"], players["England"]


def test_press_none_refuses_players_but_not_the_master(judge: JudgeHarness) -> None:
    austria, england = _two_player_game(judge)
    assert "Press set to none (no press between players" in _set(judge, "SET PRESS NONE")

    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO E\nhello\nENDPRESS")
    reply = _reply_to(mails, austria.address)
    assert "The master has turned press off in 'g1' (SET PRESS NONE)" in reply
    assert not _to(mails, england.address)
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nBROADCAST\nhello all\nENDPRESS")
    assert "players send no broadcast" in _reply_to(mails, austria.address)
    assert not _to(mails, england.address)

    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO MASTER\nhelp\nENDPRESS")
    assert "Sent to the Master (1 mail)." in _reply_to(mails, austria.address)
    assert "Private press from Austria to the Master in 'g1':" in _to(mails, MASTER)[0]

    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nBROADCAST\nDeadline moved.\nENDPRESS")
    for player in (austria, england):
        [text] = _to(mails, player.address)
        assert "Broadcast from Master in 'g1':\n\nDeadline moved." in text


def test_grey_press_goes_out_unsigned_only_where_allowed(judge: JudgeHarness) -> None:
    austria, england = _two_player_game(judge)
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS GREY TO E\npsst\nENDPRESS")
    refused = _reply_to(mails, austria.address)
    assert "Anonymous press (PRESS GREY) is not allowed in 'g1'" in refused
    assert not _to(mails, england.address)

    assert "Press set to grey" in _set(judge, "SET PRESS GREY")
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS GREY TO E\npsst\nENDPRESS")
    assert "Sent to England (1 mail)." in _reply_to(mails, austria.address)
    [text] = _to(mails, england.address)
    assert "Private press from Anonymous to England in 'g1':\n\npsst" in text
    assert "Austria" not in text and austria.address not in text

    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS GREY\nto all\nENDPRESS")
    [text] = _to(mails, england.address)
    assert "Press from Anonymous in 'g1':\n\nto all" in text and "Austria" not in text
    history = body_of(judge.reply(england.address, "HISTORY g1"))
    assert "Press from Anonymous" in history and "Press from Austria" not in history

    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO E\nsigned\nENDPRESS")
    assert "Private press from Austria to England" in _to(mails, england.address)[0]


def test_partial_off_refuses_press_to_some_powers(judge: JudgeHarness) -> None:
    austria, england = _two_player_game(judge)
    assert "Partial press set to off" in _set(judge, "SET PARTIAL OFF")
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO E\njust you\nENDPRESS")
    refused = _reply_to(mails, austria.address)
    assert "Press to some powers only is not allowed in 'g1' (SET PARTIAL OFF)" in refused
    assert not _to(mails, england.address)
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS\neveryone\nENDPRESS")
    assert "Press from Austria in 'g1':\n\neveryone" in _to(mails, england.address)[0]
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO M\nGM only\nENDPRESS")
    assert "Private press from Austria to the Master" in _to(mails, MASTER)[0]
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nPRESS TO A\nnoted\nENDPRESS")
    assert "Private press from Master to Austria" in _reply_to(mails, austria.address)


def test_gunboat_is_chosen_before_the_start_and_turns_press_off(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard PRESS GREY, GUNBOAT")
    reply = _set(judge, "SET PRESS WHITE")
    assert "SET PRESS is refused while GUNBOAT is on" in reply
    assert "Gunboat set to off" in _set(judge, "SET NOGUNBOAT")
    assert "Gunboat set to on" in _set(judge, "SET GUNBOAT")
    for index in range(2):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}\nPREFERENCES {'AE'[index]}")
    _set(judge, "START")
    reply = _set(judge, "SET NOGUNBOAT")
    assert "Game 'g1' has started: whether its players are anonymous (GUNBOAT)" in reply
    reply = _set(judge, "SET GUNBOAT")
    assert "can only be chosen before the start" in reply

    mails = judge.send("p0@example.org", "SIGNON Ag1 pw0\nPRESS GREY\nboo\nENDPRESS")
    assert "'g1' is a gunboat game: there is no press" in _reply_to(mails, "p0@example.org")
    mails = judge.send("p0@example.org", "SIGNON Ag1 pw0\nPRESS\nhi\nENDPRESS")
    assert "'g1' is a gunboat game: players send no press" in _reply_to(mails, "p0@example.org")
    assert not _to(mails, "p1@example.org")
    mails = judge.send("p0@example.org", "SIGNON Ag1 pw0\nPRESS TO MASTER\nhi\nENDPRESS")
    assert "Private press from Austria to the Master" in _to(mails, MASTER)[0]


def test_a_gunboat_game_waiting_for_confirmations_names_no_address(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str,
) -> None:
    security = {"confirm_addresses": True, "authserv_id": "mx.test"}
    config = make_config(database_url, limits={"per_sender_per_hour": 1000}, security=security)
    judge = JudgeHarness(sessions, clock, config)
    judge.reply(MASTER, "CREATE g1 gmpass standard GUNBOAT")
    judge.reply(MASTER, "CREATE g2 gmpass standard")
    addresses = [f"seat{index}@example.org" for index in range(7)]
    # Senders the MTA verified take their seats at once, before they confirm.
    verified = {"Authentication-Results": "mx.test; dmarc=pass header.from=example.org"}
    for game in ("g1", "g2"):
        replies = [_flat(body_of(judge.reply(a, f"SIGNON ?{game} pw", headers=verified)))
                   for a in addresses]  # fmt: skip
        last = replies[-1]
        if game == "g1":
            assert "7 seats still to confirm." in last
            assert not any(a in last for a in addresses[:-1])
        else:
            assert "waiting for: seat0@example.org" in last  # not a gunboat game
    reply = _set(judge, "START")
    assert "waiting for: seat0@example.org" in reply  # the master may know
