"""Press: private press reaches only its recipients; public press and broadcasts reach
everyone, the zine included; HISTORY shows the public record and no private press."""

from __future__ import annotations

from support.server.scheduler.driver import to_whom
from support.service.harness import JudgeHarness, body_of

GM, WATCHER, ZINE = "gm@example.org", "watcher@example.org", "zine@example.org"
FRANCE, GERMANY, ITALY = "p2@example.org", "p3@example.org", "p4@example.org"
EVERYONE = {f"p{i}@example.org" for i in range(7)} | {GM, WATCHER, ZINE}
SECRET = "Let us split Belgium. SECRET-7731"


def _game(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply(WATCHER, "OBSERVE g1 look")
    judge.reply(GM, f"SIGNON Mg1 gmpass\nSET ZINE {ZINE}")


def _everything_sent(judge: JudgeHarness) -> list[bytes]:
    from sqlalchemy import select

    from judge.store.models import OutboxMessage

    with judge.sessions() as session:
        return list(session.scalars(select(OutboxMessage.message)))


def test_private_press_reaches_only_its_recipients(judge: JudgeHarness) -> None:
    _game(judge)
    mails = judge.send(FRANCE, f"SIGNON Fg1 pw2\nPRESS TO G I\n{SECRET}\nENDPRESS")
    assert to_whom(mails, "TEST:g1 - Press from France") == {GERMANY, ITALY}
    carriers = {m["To"] for m in mails if SECRET in body_of(m)}
    assert carriers == {GERMANY, ITALY, FRANCE}  # France: the echo in its reply
    text = body_of(next(m for m in mails if m["To"] == GERMANY))
    assert "Private press from France to Germany and Italy in 'g1':" in text


def test_the_sender_gets_a_confirmation_with_the_text(judge: JudgeHarness) -> None:
    _game(judge)
    reply = judge.orders("France", "PRESS TO GERMANY", SECRET, "ENDPRESS")
    text = body_of(reply)
    assert f"> {SECRET}\n" in text
    assert "Sent to Germany (1 mail)." in text


def test_private_press_to_the_master(judge: JudgeHarness) -> None:
    _game(judge)
    mails = judge.send(FRANCE, f"SIGNON Fg1 pw2\nPRESS TO M\n{SECRET}\nENDPRESS")
    assert to_whom(mails, "TEST:g1 - Press from France") == {GM}


def test_private_press_to_a_power_nobody_plays_is_refused(judge: JudgeHarness) -> None:
    _game(judge)
    judge.reply(GERMANY, "SIGNON Gg1 pw3\nRESIGN")
    mails = judge.send(FRANCE, f"SIGNON Fg1 pw2\nPRESS TO G I\n{SECRET}\nENDPRESS")
    assert "Nobody plays Germany in 'g1'." in body_of(mails[0])
    assert not any(SECRET in body_of(m) for m in mails if m["To"] != FRANCE)


def test_public_press_and_broadcasts_reach_everyone_but_the_sender(judge: JudgeHarness) -> None:
    _game(judge)
    mails = judge.send(FRANCE, "SIGNON Fg1 pw2\nPRESS\nHello, Europe.\nENDPRESS")
    assert to_whom(mails, "TEST:g1 - Press from France") == EVERYONE - {FRANCE}
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nBROADCAST\nPlay nicely.\nENDPRESS")
    assert to_whom(mails, "TEST:g1 - Broadcast from Master") == EVERYONE - {GM}


def test_observers_cannot_send_press(judge: JudgeHarness) -> None:
    _game(judge)
    reply = judge.reply(WATCHER, "SIGNON Og1 look\nBROADCAST\nhi\nENDPRESS")
    assert "Only a player of 'g1' may do that." in body_of(reply)


def test_history_shows_public_press_in_order_and_never_private_press(
    judge: JudgeHarness,
) -> None:
    _game(judge)
    judge.orders("France", "PRESS", "Hello, Europe.", "ENDPRESS")
    judge.orders("France", "PRESS TO GERMANY", SECRET, "ENDPRESS")
    judge.reply(GM, "SIGNON Mg1 gmpass\nBROADCAST\nPlay nicely.\nENDPRESS\nPROCESS")
    text = body_of(judge.reply("someone@example.org", "HISTORY g1"))
    assert SECRET not in text
    hello = text.index("--- S1901M: Press from France ---\nHello, Europe.")
    nicely = text.index("--- S1901M: Broadcast from Master ---\nPlay nicely.")
    results = text.index("--- S1901M ---\nMovement results for Spring of 1901.")
    assert hello < nicely < results


def test_the_zine_gets_results_but_never_private_press(judge: JudgeHarness) -> None:
    _game(judge)
    judge.orders("France", "PRESS TO GERMANY", SECRET, "ENDPRESS")
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nPROCESS")
    assert ZINE in to_whom(mails, "TEST:g1 - S1901M Results")
    zine_mail = [raw for raw in _everything_sent(judge) if b"To: zine@example.org" in raw]
    assert zine_mail and not any(b"SECRET-7731" in raw for raw in zine_mail)
