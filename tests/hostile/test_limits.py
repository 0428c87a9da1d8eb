"""The per-mail, per-address and per-game limits: each answered with a clear line."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from support.e2e.judge_process import _body
from support.hostile.serving import HarnessFactory, Serve
from support.service.harness import body_of

from judge.server.scheduler import SchedulerTimers, tick
from judge.store.models import OutboxMessage


def test_500_help_gm_lines_get_one_answer(serve: Serve) -> None:
    # Room for every line: the cap on commands per mail has its own test (test_mail_caps).
    judge = serve(cheap=True, limits={"commands_per_mail": 1000})
    single = judge.send("forged@example.net", "HELP gm")
    reply = judge.send("forged@example.net", "HELP gm\n" * 500)
    text = _body(reply)
    assert text.count("Answered above already") == 39  # then one screenful ends the echo
    assert "... and 460 more lines" in text
    assert len(reply.as_bytes()) < 2 * len(single.as_bytes()) + 500 * 200  # not 2.4 MB


def test_lines_past_the_limit_are_not_read(harness: HarnessFactory) -> None:
    judge = harness(limits={"lines_per_mail": 10})
    body = "\n".join(f"HISTORY game{i}" for i in range(15))
    text = body_of(judge.reply("ann@example.org", body))
    assert "This mail has 15 lines; only the first 10 were read." in text
    assert "> HISTORY game9" in text and "> HISTORY game10" not in text


def test_games_per_address_per_day(harness: HarnessFactory) -> None:
    judge = harness(limits={"games_per_address_per_day": 2})
    for name in ("g1", "g2"):
        assert "created" in body_of(judge.reply("ann@example.org", f"CREATE {name} pw standard"))
    refused = body_of(judge.reply("ann@example.org", "CREATE g3 pw standard"))
    assert "You created 2 games in the last 24 hours" in refused
    assert judge.status_of_games() == ["g1", "g2"]
    judge.clock.advance(timedelta(days=1, seconds=1).total_seconds())
    assert "created" in body_of(judge.reply("ann@example.org", "CREATE g3 pw standard"))


def test_observers_per_game(harness: HarnessFactory) -> None:
    judge = harness(limits={"observers_per_game": 3})
    judge.reply("gm@example.org", "CREATE g1 pw standard")
    for index in range(3):
        assert "observ" in body_of(judge.reply(f"o{index}@example.org", "OBSERVE g1 pw"))
    refused = body_of(judge.reply("o9@example.org", "OBSERVE g1 pw"))
    assert "Game 'g1' already has 3 observers, the most this judge allows." in refused


def test_a_long_reply_is_cut_with_a_note(harness: HarnessFactory) -> None:
    judge = harness(limits={"reply_bytes": 2000, "commands_per_mail": 1000})
    body = "\n".join(f"HISTORY nosuchgame{i}" for i in range(200))
    reply = judge.reply("ann@example.org", body)
    text = body_of(reply)
    assert len(text.encode()) < 2000 + 400
    assert "The rest of this reply was cut" in text
    assert "200 errors found in your mail." in text  # the count covers the whole mail
    assert reply["Subject"].startswith("Re: [Error]")


def test_a_forming_game_that_never_starts_expires(harness: HarnessFactory) -> None:
    judge = harness(limits={"forming_game_days": 30})
    judge.reply("gm@example.org", "CREATE g1 pw standard")
    judge.reply("p1@example.org", "SIGNON ?g1 pw1")
    judge.clock.advance(timedelta(days=29).total_seconds())
    timers = SchedulerTimers()  # the scheduler's timers of this judge
    with judge.sessions() as session:
        tick(session, judge.clock, judge.config, timers, judge.variants)
    assert judge.status()["status"] == "forming"
    judge.clock.advance(timedelta(days=1, seconds=1).total_seconds())
    with judge.sessions() as session:
        tick(session, judge.clock, judge.config, timers, judge.variants)
    assert judge.status()["status"] == "finished"
    with judge.sessions() as session:
        rows = session.scalars(select(OutboxMessage).where(OutboxMessage.kind == "notice"))
        told = sorted(row.to_address for row in rows if b"TEST:g1 - Expired" in row.message)
    assert told == ["gm@example.org", "p1@example.org"]
