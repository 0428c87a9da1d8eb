"""Players see the rules they play under: LIST, the start mail and the master's
changes show the press, partial press, gunboat and every rule flag."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.harness import JudgeHarness, body_of

MASTER = "gm@example.org"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _start_mails(mails: list[EmailMessage]) -> list[str]:
    return [_flat(body_of(m)) for m in mails if str(m["Subject"]).endswith("Game Start")]


def test_list_and_the_start_mail_show_the_settings_that_change_play(
    judge: JudgeHarness,
) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass propaganda")
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET PRESS GREY\nSET PARTIAL OFF")
    text = _flat(body_of(judge.reply("ann@example.org", "LIST g1")))
    assert "Press: grey (anonymous press allowed); no partial press" in text, text
    assert "Rules: rulebook 1971, " in text  # propaganda's default, shown to all
    assert "civil_disorder 2023" in text
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nSET RULE civil_disorder 2000")
    text = _flat(body_of(judge.reply("ann@example.org", "LIST g1")))
    assert "civil_disorder 2000 (set by the master)" in text, text
    assert any("Setting Changed" in str(m["Subject"]) for m in mails)


def test_the_start_mail_shows_the_press_and_the_rules(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard")
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET GUNBOAT ON")
    mails = []
    for index in range(7):
        mails += judge.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    texts = _start_mails(mails)
    assert len(texts) >= 7
    for text in texts:
        assert "Press: none (no press between players); partial press allowed; gunboat:" in text
        assert "Rules: rulebook current, civil_disorder 2023, convoy_adjacent 3.0." in text


def test_a_change_of_press_mid_game_is_announced_to_every_player(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nSET PRESS NONE")
    told = {m["To"] for m in mails if str(m["Subject"]).endswith("Setting Changed")}
    assert {p.address for p in players.values()} <= told
    text = _flat(body_of(next(m for m in mails if m["To"] == players["Austria"].address)))
    assert "The master has changed a setting of 'g1': Press set to none" in text
    # The same setting again changes nothing and is not announced again.
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nSET PRESS NONE")
    assert not [m for m in mails if str(m["Subject"]).endswith("Setting Changed")]


def test_list_after_signon_lists_the_game_signed_on_to(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    judge.reply(MASTER, "CREATE g2 pw standard")
    austria = players["Austria"]
    text = body_of(judge.reply(austria.address, f"SIGNON Ag1 {austria.password}\nLIST"))
    assert "Game 'g1' (Standard) is active." in text, text
    assert "g2" not in text
    everything = body_of(judge.reply("ann@example.org", "LIST"))
    assert "g1 " in everything and "g2 " in everything  # LIST alone: every game
