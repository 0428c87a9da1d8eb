"""njudge's master commands through the inbox: what each refuses, and why, in
English and French; QUIET's audience; SIGNON ? choosing the next game. The same
commands run over real SMTP in tests/e2e/test_master_commands_by_mail.py."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of

GM, WATCHER = "gm@example.org", "watcher@example.org"


def _said(judge: JudgeHarness, sender: str, body: str) -> str:
    return " ".join(body_of(judge.reply(sender, body)).split())


def test_become_acts_for_the_player_and_only_the_master_may(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    austria = players["Austria"]
    refused = _said(judge, austria.address, f"SIGNON Ag1 {austria.password}\nBECOME England")
    assert "Only the master of 'g1' may do that." in refused
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nBECOME Austria\nA VIE H\nSET MAPS OFF")
    reply = " ".join(body_of(next(m for m in mails if m["To"] == GM)).split())
    assert "You now act as Austria in 'g1' for the rest of this mail" in reply
    assert "Only the master of 'g1' may do that." in reply  # SET MAPS: Austria's now
    assert austria.address in {m["To"] for m in mails}  # the player's copy
    assert "Austria: Army Vienna HOLD." in reply, reply


def test_the_masters_resign_refusals(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    said = _said(judge, GM, "SIGNON Mg1 gmpass\nRESIGN Turkey\nRESIGN nobody@example.org\n"
                             f"RESIGN {GM}")  # fmt: skip
    assert "Nobody plays Turkey in 'g1'." in said
    assert "nobody@example.org neither plays in nor observes 'g1'." in said
    assert f"{GM} is a master of 'g1': RESIGN does not remove a master." in said
    french = _said(judge, GM, "SIGNON Mg1 gmpass\nSET LANGUAGE fr\nRESIGN nobody@example.org")
    assert "nobody@example.org ne joue pas dans 'g1' et ne l'observe pas." in french


def test_promote_refusals_and_the_co_master_signs_on_with_their_own_password(
    judge: JudgeHarness,
) -> None:
    judge.start_game(count=2)
    judge.reply(WATCHER, "OBSERVE g1 look")
    said = _said(judge, GM, f"SIGNON Mg1 gmpass\nPROMOTE x@example.org\nPROMOTE {WATCHER}\n"
                             f"PROMOTE {WATCHER}")  # fmt: skip
    assert "x@example.org does not observe 'g1': only an observer can be promoted" in said
    assert f"{WATCHER} is now a master of 'g1'" in said
    assert f"{WATCHER} is already a master of 'g1'." in said
    assert "Signed on as the master of 'g1'." in _said(judge, WATCHER, "SIGNON Mg1 look")
    assert "Signed on as the master of 'g1'." in _said(judge, GM, "SIGNON Mg1 gmpass")
    listing = _said(judge, GM, "LIST g1")
    assert f"Master: {GM}, {WATCHER}" in listing


def test_quiet_tells_only_the_masters_of_a_resignation(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    judge.reply(WATCHER, "OBSERVE g1 look")
    assert "'g1' is now QUIET" in _said(judge, GM, "SIGNON Mg1 gmpass\nSET QUIET")
    england = players["England"]
    mails = judge.send(england.address, f"SIGNON Eg1 {england.password}\nRESIGN")
    told = {m["To"] for m in mails if "England Resigned" in str(m["Subject"])}
    assert told == {GM}
    history = _said(judge, WATCHER, "HISTORY g1")
    assert "has resigned" not in history
    listing = _said(judge, WATCHER, "LIST g1")
    assert "Resignations and takeovers: told to the masters only (QUIET)." in listing


def test_signon_question_mark_skips_full_games_and_the_senders_own(judge: JudgeHarness) -> None:
    judge.reply(GM, "CREATE i1 gmpass intimate")
    judge.reply(GM, "CREATE s1 gmpass standard")
    assert "'i1'" in _said(judge, "a@example.org", "SIGNON ? pw")
    assert "'s1'" in _said(judge, "a@example.org", "SIGNON ? pw")  # a plays in i1 already
    assert "'i1'" in _said(judge, "b@example.org", "SIGNON ? pw intimate")
    full = _said(judge, "c@example.org", "SIGNON ? pw intimate")  # i1 has its 2 players
    assert "No forming game of Intimate Diplomacy" in full
