"""njudge's words for commands this judge already had, or had not: the press
settings (SET WHITE, SET GREY/WHITE, SET NO PRESS, SET NO PARTIAL...), WITHDRAW,
VERSION, WHOGAME, GET, and SUMMARY/HISTORY with no game after a SIGNON. Real
mail bytes through the inbox (JudgeHarness), English and French."""

from __future__ import annotations

from importlib.metadata import version

from support.service.harness import JudgeHarness, body_of

MASTER = "gm@example.org"


CLEAN = "No errors found in your mail."


def _flat(text: str) -> str:
    return " ".join(text.split(" \n")).replace("\n", " ")


def _master(judge: JudgeHarness, *lines: str) -> str:
    return _flat(body_of(judge.reply(MASTER, "\n".join(["SIGNON Mg1 gmpass", *lines]))))


def test_njudge_press_words_set_our_press_levels(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    austria, england = players["Austria"], players["England"]
    grey = "SIGNON Ag1 pw0\nPRESS GREY TO E\npsst\nENDPRESS"

    assert "Press set to white" in _master(judge, "SET WHITE")
    assert "not allowed in 'g1'" in _flat(body_of(judge.reply(austria.address, grey)))

    for word in ("SET WHITE/GREY", "SET GREY/WHITE", "SET GRAY"):
        assert "Press set to grey" in _master(judge, "SET WHITE", word), word
        mails = judge.send(austria.address, grey)
        assert any("psst" in body_of(m) for m in mails if m["To"] == england.address), word

    for word in ("SET NO PRESS", "SET NOPRESS"):
        assert "Press set to none" in _master(judge, "SET WHITE", word), word
        reply = _flat(body_of(judge.reply(austria.address, "SIGNON Ag1 pw0\nPRESS\nhi\nENDPRESS")))
        assert "turned press off" in reply

    _master(judge, "SET WHITE", "SET NO PARTIAL")
    partial = "SIGNON Ag1 pw0\nPRESS TO E\nhi\nENDPRESS"
    assert "(SET PARTIAL OFF)" in _flat(body_of(judge.reply(austria.address, partial)))
    _master(judge, "SET PARTIAL")
    assert "(SET PARTIAL OFF)" not in _flat(body_of(judge.reply(austria.address, partial)))
    assert "SET WHITE takes nothing after it" in _master(judge, "SET WHITE now")


def test_njudge_press_word_as_a_create_option(judge: JudgeHarness) -> None:
    reply = _flat(body_of(judge.reply(MASTER, "CREATE g2 gmpass standard GREY/WHITE, NO PARTIAL")))
    assert "Game 'g2' (Standard) created" in reply and CLEAN in reply
    player = _flat(body_of(judge.reply("p@example.org", "SIGNON ?g2 pw\nPRESS TO F\nhi\nENDPRESS")))
    assert "(SET PARTIAL OFF)" in player


def test_withdraw_is_resign(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    italy = players["France"]
    mails = judge.send(italy.address, f"SIGNON Fg1 {italy.password}\nWITHDRAW")
    reply = _flat(next(body_of(m) for m in mails if m["To"] == italy.address))
    assert "resigned" in reply.lower()
    assert CLEAN in reply
    who = body_of(judge.reply("x@example.org", "WHOGAME g1"))
    assert "  France: nobody (open: SIGNON Fg1 password)" in who
    assert italy.address not in who


def test_version_reports_the_installed_package(judge: JudgeHarness) -> None:
    reply = _flat(body_of(judge.reply("x@example.org", "VERSION")))
    assert f"runs judge version {version('judge')}." in reply
    judge.reply(MASTER, "CREATE g1 gmpass standard LANGUAGE FR")
    reply = _flat(body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nVERSION")))
    assert f"fonctionne avec judge version {version('judge')}." in reply


def test_summary_and_history_after_signon_use_the_signed_game(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    austria = players["Austria"]
    reply = _flat(body_of(judge.reply(austria.address, "SIGNON Ag1 pw0\nSUMMARY\nHISTORY")))
    assert CLEAN in reply and "Sign on first" not in reply
    named = _flat(body_of(judge.reply(austria.address, "SUMMARY g1\nHISTORY g1")))
    assert CLEAN in named
    assert reply.split("SUMMARY", 1)[1].split("HISTORY")[0].strip() == (
        named.split("SUMMARY g1", 1)[1].split("HISTORY g1")[0].strip()
    )
    alone = _flat(body_of(judge.reply("z@example.org", "SUMMARY")))
    assert "SUMMARY needs a game: write SUMMARY game, or sign on first" in alone


def test_whogame_lists_powers_master_and_observers(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    judge.reply("obs@example.org", "OBSERVE g1 gmpass")
    reply = body_of(judge.reply("x@example.org", "WHOGAME g1"))
    assert "Who plays 'g1':" in reply
    assert "  Master: gm@example.org" in reply
    for power, player in players.items():
        assert f"  {power}: {player.address}" in reply
    assert "  Observers: obs@example.org" in reply
    signed = body_of(judge.reply(players["Austria"].address, "SIGNON Ag1 pw0\nWHOGAME"))
    assert "Who plays 'g1':" in signed and CLEAN in signed
    _master(judge, "SET LANGUAGE FR")
    french = body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nQUI JOUE"))
    assert "Qui joue dans 'g1'" in french and "Autriche" in french


def test_whogame_hides_addresses_in_a_gunboat_game(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard GUNBOAT")
    judge.reply("p1@example.org", "SIGNON ?g1 pw1")
    judge.reply("obs@example.org", "OBSERVE g1 gmpass")
    reply = body_of(judge.reply("x@example.org", "WHOGAME g1"))
    assert "(A gunboat game: players' addresses are not shown.)" in reply
    assert "p1@example.org" not in reply and "obs@example.org" not in reply
    assert "(no power yet): anonymous" in reply and "Observers: 1" in reply
    own = body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nWHOGAME"))
    assert "p1@example.org" in own and "obs@example.org" in own


def test_get_sends_the_help_topic(judge: JudgeHarness) -> None:
    by_get = body_of(judge.reply("x@example.org", "GET press"))
    by_help = body_of(judge.reply("y@example.org", "HELP press"))
    assert by_get.split("GET press", 1)[1].strip() == by_help.split("HELP press", 1)[1].strip()
    njudge_name = body_of(judge.reply("x@example.org", "GET info.intimate"))
    assert CLEAN in njudge_name
    assert njudge_name.split("GET info.intimate", 1)[1].strip() == body_of(
        judge.reply("y@example.org", "HELP intimate")
    ).split("HELP intimate", 1)[1].strip()
    refused = _flat(body_of(judge.reply("x@example.org", "GET nonsense")))
    assert "there is nothing to GET called 'nonsense': topics are game, orders" in refused
    judge.reply(MASTER, "CREATE g1 gmpass standard LANGUAGE FR")
    french = _flat(body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nOBTENIR nonsense")))
    assert "il n'y a rien à obtenir sous le nom « nonsense »" in french
