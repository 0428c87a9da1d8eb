"""Creating, joining and starting games by mail."""

from __future__ import annotations

import random

import pytest
from support.service.harness import POWERS, JudgeHarness, body_of

from judge.service.status import game_status
from judge.store import games as store
from judge.variants.base import Seat

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def _status(judge: JudgeHarness, game: str = "g1") -> dict[str, object]:
    with judge.sessions() as session:
        status = game_status(session, judge.variants, game)
    assert status is not None
    return status


def test_create_makes_a_forming_game_with_the_sender_as_master(judge: JudgeHarness) -> None:
    reply = judge.reply("gm@example.org", "CREATE g1 secret standard")
    assert reply["Subject"] == "Re: orders"
    assert "Game 'g1' (Standard) created. You are its master, signed on as M." in body_of(reply)
    status = _status(judge)
    assert status["status"] == "forming" and status["phase"] is None
    assert status["players"] == []


def test_set_lines_after_create_apply_to_the_new_game(judge: JudgeHarness) -> None:
    reply = judge.reply("gm@example.org", "CREATE g1 secret standard\nSET RULE convoy_adjacent 2.4")
    assert "No errors found" in body_of(reply)
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None and game.settings["rules"]["convoy_adjacent"] == "2.4"


def test_a_bad_rule_value_is_refused_and_changes_nothing(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    reply = judge.reply("gm@example.org", "SIGNON Mg1 secret\nSET RULE convoy_adjacent 9")
    assert reply["Subject"] == "Re: [Error] orders"
    assert "rule convoy_adjacent must be one of 3.0, 2.4" in body_of(reply)


def test_the_seventh_signon_starts_the_game_and_everyone_gets_a_start_mail(
    judge: JudgeHarness,
) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    judge.reply("watcher@example.org", "OBSERVE g1 look")
    for index in range(6):
        reply = judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
        assert f"You have joined 'g1' ({index + 1} of 7 players)." in body_of(reply)
    mails = judge.send("p6@example.org", "SIGNON ?g1 pw6")
    starts = {m["To"]: body_of(m) for m in mails if m["Subject"] == "TEST:g1 - Game Start"}
    assert set(starts) == {f"p{i}@example.org" for i in range(7)} | {
        "gm@example.org",
        "watcher@example.org",
    }
    assert all("The game master is gm@example.org." in body for body in starts.values())
    assert "You are the game master." in starts["gm@example.org"]
    assert "Send your orders" in starts["p0@example.org"]
    assert "Send your orders" not in starts["watcher@example.org"]
    assert "observers send no orders" in starts["watcher@example.org"]
    assert "Send your orders" not in starts["gm@example.org"]
    assert _status(judge)["status"] == "active"
    assert _status(judge)["phase"] == "S1901M"


def test_powers_follow_the_players_preferences(judge: JudgeHarness) -> None:
    players = judge.start_game()
    assert sorted(players) == sorted(POWERS)
    for index, power in enumerate(POWERS):
        assert players[power].address == f"p{index}@example.org"


def test_a_short_preference_list_is_completed_alphabetically(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    reply = judge.reply("ann@example.org", "SIGNON ?g1 pw\nPREFERENCES R T")
    text = body_of(reply)
    assert (
        "Preferences recorded: Russia, Turkey, Austria, England, France, Germany,\nItaly."
    ) in text
    assert "Your list was completed in alphabetical order." in text


def test_the_master_may_start_with_fewer_players(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    status = _status(judge)
    assert status["status"] == "active"
    assert sorted(players) == ["Austria", "England"]
    assert status["powers"]["FRANCE"]["controller"] is None  # type: ignore[index]


def test_the_allotment_replays_from_the_stored_seed(judge: JudgeHarness) -> None:
    judge.start_game()
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        seats = [
            Seat(str(p.id), tuple(p.preferences or ()))
            for p in store.players_of(session, game)
            if p.role.value == "player"
        ]
        replay = judge.variants.get("standard").start(seats, {}, random.Random(game.rng_seed))
        stored = {str(p.id): tuple(p.powers) for p in store.players_of(session, game) if p.powers}
    assert dict(replay.holdings) == stored


def test_only_the_master_may_start_a_game(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    reply = judge.reply("ann@example.org", "SIGNON ?g1 pw\nSTART")
    assert "Only the master of 'g1' may do that." in body_of(reply)
    assert _status(judge)["status"] == "forming"


def test_a_started_game_cannot_be_joined(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    reply = judge.reply("late@example.org", "SIGNON ?g1 pw")
    assert "Game 'g1' is no longer forming" in body_of(reply)
    assert reply["Subject"].startswith("Re: [Error]")


def test_joining_twice_from_one_address_signs_on_to_the_same_seat(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    judge.reply("ann@example.org", "SIGNON ?g1 pw")
    reply = judge.reply("ann@example.org", "SIGNON ?g1 pw")
    assert "You have already joined 'g1'; signed on." in body_of(reply)
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        assert len(store.players_of(session, game)) == 2  # the master and ann
