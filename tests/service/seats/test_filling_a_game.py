"""A game the master started short is filled later: the powers nobody was given are
asked for by SIGNON and given by the master's APPROVE (issue 21; the whole story by
real mail is tests/e2e/test_filling_a_game_by_mail.py)."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of

GM = "gm@example.org"
NEW = "new@example.org"


def flat(text: str) -> str:
    return " ".join(text.split())


def _master(judge: JudgeHarness, *lines: str) -> str:
    return flat(body_of(judge.reply(GM, "\n".join(["SIGNON Mg1 gmpass", *lines]))))


def test_an_approval_sent_before_the_request_lets_the_newcomer_straight_in(
    judge: JudgeHarness,
) -> None:
    judge.start_game(count=5)
    mails = judge.send(GM, f"SIGNON Mg1 gmpass\nAPPROVE Turkey {NEW}")
    assert "may now take over Turkey" in flat(body_of(mails[0]))
    assert [m["To"] for m in mails] == [GM]  # NEW never wrote: it is not mailed
    refused = flat(body_of(judge.reply("other@example.org", "SIGNON Tg1 mine")))
    assert "Nobody plays Turkey in 'g1': the master gives it." in refused
    taken = flat(body_of(judge.reply(NEW, "SIGNON Tg1 fresh\nF ANK - BLA")))
    assert "You now play Turkey in 'g1'" in taken and "OK: Fleet Ankara -> Black Sea." in taken
    rows = {row["address"]: row["powers"] for row in judge.status()["players"]}
    assert rows[NEW] == ["TURKEY"]
    again = flat(body_of(judge.reply(NEW, "SIGNON Tg1 fresh")))
    assert "Signed on as Turkey in 'g1'" in again
    assert "Somebody plays Turkey" in _master(judge, "APPROVE Turkey other@example.org")


def test_a_player_or_an_ejected_address_cannot_take_a_power_nobody_plays(
    judge: JudgeHarness,
) -> None:
    players = judge.start_game(count=5)
    england = players["England"].address
    _master(judge, f"APPROVE Russia {england}")
    refused = flat(body_of(judge.reply(england, "SIGNON Rg1 other")))
    assert "You already play in 'g1'" in refused
    _master(judge, "EJECT Austria")
    refused = flat(body_of(judge.reply(players["Austria"].address, "SIGNON Rg1 back")))
    assert "This address was ejected from 'g1' by the master" in refused
    listing = flat(body_of(judge.reply(NEW, "LIST g1")))
    assert "Nobody plays Austria, Russia, Turkey:" in listing


def test_a_full_game_names_no_power_in_civil_disorder(judge: JudgeHarness) -> None:
    judge.start_game(count=7)
    listing = flat(body_of(judge.reply(NEW, "LIST g1")))
    assert "Nobody plays" not in listing and "civil disorder" not in listing
    joining = flat(body_of(judge.reply(NEW, "SIGNON ?g1 pw")))
    assert "Game 'g1' is no longer forming: it cannot be joined or started." in joining
    assert "Somebody plays Russia" in _master(judge, f"APPROVE Russia {NEW}")
