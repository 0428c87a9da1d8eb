"""Taskdip played end to end by mail against a real `judge serve`, over SMTP.

Two games, one with 2 players and one with 3, each with the master and an
observer: CREATE with SET PLAYERS, the SIGNONs, then orders by mail from each
player for all of their powers, through a neutrality violation (and the
neutral's allotment to another player) to a task victory in the fall of 1901.

The lot is fixed: right after CREATE, the test writes a seed into the game's
row (`games.rng_seed`, drawn by the judge at CREATE and read only at the start)
that `taskdip_scenario.find_seed` picked by running the pure variant's lot, so
the powers and tasks are known (see `tests/service/taskdip_scenario.py`). The
test still reads every player's powers and tasks from their start mail and
checks them against that prediction.

Secrecy: every mail the judge wrote is read from the maildir. Before the final
results, a player's mailbox holds only that player's own tasks, the observer's
none and the master's all of them (the master may see every task). The final
results, to everyone, reveal every task. The zine address (SET ZINE) is checked
like the observer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from email.message import EmailMessage
from typing import Any

import pytest
from support.e2e.judge_process import Judge, _body
from support.service.taskdip_scenario import (
    THREE_PLAYERS,
    TWO_PLAYERS,
    Script,
    find_seed,
    lot,
    seat_orders,
    set_seed,
    task_lines,
)

from judge.store.db import make_engine, make_session_factory
from judge.wording.lists import and_list

MASTER, OBSERVER, OUTSIDER = "gm@example.org", "watcher@example.org", "nosy@example.org"
ZINE = "zine@example.org"  # SET ZINE: gets the public broadcasts, like an observer
CARD_LINE = re.compile(r"^  (\w+) \(card (\w+)\): ", re.MULTILINE)

Secrets = dict[str, list[str]]  # power -> the strings that would give its task away


def _flat(text: str) -> str:
    return " ".join(text.split())


def _players(script: Script) -> list[tuple[str, str]]:
    return [(f"p{i}@example.org", f"pw{i}") for i in range(script.players)]


def _to_everyone(
    subject: str, everyone: set[str]
) -> Callable[[list[EmailMessage]], list[EmailMessage]]:
    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        matching = [m for m in mails if m["Subject"] == subject]
        return matching if {m["To"] for m in matching} >= everyone else []

    return found


def _write_seed(database_url: str, seed: int) -> None:
    """Fix the lot: the seed goes into the forming game's row, in the judge's database."""
    engine = make_engine(database_url)
    try:
        set_seed(make_session_factory(engine), "g1", seed)
    finally:
        engine.dispose()


def _sign_up(server: Judge, script: Script, seed: int, database_url: str) -> dict[str, str]:
    """CREATE, SET PLAYERS, an observer, the seed, the SIGNONs; address -> start mail."""
    lines = [f"CREATE g1 gmpass taskdip\nSET PLAYERS {script.players}", f"SET ZINE {ZINE}"]
    reply = server.send(MASTER, "\n".join(lines))
    assert f"starts when {script.players} players have joined" in _body(reply)
    assert "No errors found" in _body(reply)
    server.send(OBSERVER, "OBSERVE g1 look")
    _write_seed(database_url, seed)
    for address, password in _players(script):
        assert "No errors found" in _body(server.send(address, f"SIGNON ?g1 {password}"))
    everyone = {MASTER, OBSERVER, ZINE, *(a for a, _ in _players(script))}
    starts = server.wait_for(_to_everyone("TEST:g1 - Game Start", everyone), "the start mails")
    return {m["To"]: _body(m) for m in starts}


def _check_start_mails(script: Script, seed: int, starts: Mapping[str, str]) -> None:
    """Each player learns their powers and their own tasks; the master all; the observer none."""
    data = lot(seed, script.players).snapshot.data
    words = task_lines(data)
    for index, (address, _) in enumerate(_players(script)):
        mine = data["players"][str(index)]
        text = starts[address]
        assert f"You are playing {' and '.join(p.title() for p in mine)}." in text
        assert [m.group(1).upper() for m in CARD_LINE.finditer(text)] == list(mine)
        for power in mine:
            line = f"{power.title()} (card {data['tasks'][power]['card']}): {words[power]}"
            assert line in _flat(text)
    assert len(CARD_LINE.findall(starts[OBSERVER])) == len(CARD_LINE.findall(starts[ZINE])) == 0
    assert all(f"{p.title()} (card " in starts[MASTER] for p in words)


def _secrets(data: Mapping[str, Any]) -> Secrets:
    """What would give each task away: its card line, its redrawn cards, its words."""
    words = task_lines(data)
    return {
        power: [f"{power.title()} (card ", f"First drawn for {power.title()}", words[power]]
        for power in words
    }


def _play_phase(
    server: Judge, script: Script, letters: Mapping[str, str], everyone: set[str]
) -> tuple[str, dict[str, str]]:
    """Each player mails the orders for all their powers; returns the results by address."""
    status = server.status()
    phase = status["phase"]
    for address, password in _players(script):
        powers = next(row["powers"] for row in status["players"] if row["address"] == address)
        letter = letters.get(address, powers[0][0])
        lines = [f"SIGNON {letter}g1 {password}", *seat_orders(script, phase, powers, status)]
        reply = server.send(address, "\n".join(lines))
        assert "No errors found in your mail." in _body(reply), _body(reply)
    found = server.wait_for(_to_everyone(f"TEST:g1 - {phase} Results", everyone), phase)
    return phase, {m["To"]: _flat(_body(m)) for m in found}


def _assert_no_leak(server: Judge, script: Script, data: Mapping[str, Any]) -> None:
    """Before the final results, nobody reads a task that is not theirs (the master excepted)."""
    secrets = _secrets(data)
    own = {address: data["players"][str(i)] for i, (address, _) in enumerate(_players(script))}
    own[OBSERVER] = own[OUTSIDER] = own[ZINE] = []
    for mail in server.mails():
        if mail["Subject"] == "TEST:g1 - F1901M Results" or mail["To"] == MASTER:
            continue
        text = _flat(_body(mail))
        mine = own[mail["To"]]
        allowed = {s for power in mine for s in secrets[power]}
        for power, strings in secrets.items():
            if power in mine:
                continue
            leaked = [s for s in strings if s in text and s not in allowed]
            assert not leaked, (mail["To"], mail["Subject"], power, leaked)


def _outside_views(server: Judge) -> str:
    """What anyone may ask without signing on: LIST, HISTORY, SUMMARY."""
    bodies = [_body(server.send(OUTSIDER, command)) for command in ("LIST g1", "HISTORY g1")]
    bodies.append(_body(server.send(OUTSIDER, "SUMMARY g1")))
    return _flat("\n".join(bodies))


@pytest.mark.parametrize("script", [TWO_PLAYERS, THREE_PLAYERS], ids=["2-players", "3-players"])
def test_a_taskdip_game_by_mail_through_a_violation_to_a_task_victory(
    judge: Judge,
    database_url: str,
    script: Script,
) -> None:
    seed = find_seed(script)
    data = lot(seed, script.players).snapshot.data
    starts = _sign_up(judge, script, seed, database_url)
    _check_start_mails(script, seed, starts)
    everyone = {MASTER, OBSERVER, ZINE, *(a for a, _ in _players(script))}
    first, second = (address for address, _ in _players(script)[:2])
    first_powers = " and ".join(p.title() for p in data["players"]["0"])

    status = judge.status()
    neutral_before = {p for p, row in status["powers"].items() if row["controller"] is None}
    held_by_someone = {p for row in status["players"] for p in row["powers"]}
    assert neutral_before == set(status["powers"]) - held_by_someone

    # Spring 1901: a neutrality violation; the first player signs on with the second letter.
    second_letter = data["players"]["0"][1][0]
    phase, spring = _play_phase(judge, script, {first: second_letter}, everyone)
    assert phase == "S1901M"
    for text in spring.values():  # the same public results for all, then one's own tasks
        assert spring[OBSERVER].startswith(text.split(" For your eyes only")[0])
    if script is TWO_PLAYERS:
        receiver, neutral = second, "ITALY"
        assert "Austria (F TRI - VEN) violates the neutrality of Italy." in spring[OBSERVER]
        assert "Italy is played by the player of" in spring[OBSERVER]
        assert "That player is the only one who respected the neutrality." in spring[OBSERVER]
    else:
        receiver, neutral = first, "FRANCE"
        assert "Germany (A MUN - BUR) violates the neutrality of France." in spring[OBSERVER]
        assert (
            f"From F1901M on, France is played by the player of {first_powers}. That player had "
            f"the fewest centres in total at the start (the player of {first_powers}: 6;"
        ) in spring[OBSERVER]
    status = judge.status()
    assert status["powers"][neutral]["controller"] == neutral
    receiver_row = next(row for row in status["players"] if row["address"] == receiver)
    assert receiver_row["powers"][-1] == neutral and len(receiver_row["powers"]) == 3
    still_neutral = {p for p, row in status["powers"].items() if row["controller"] is None}
    assert still_neutral == neutral_before - {neutral}

    outside = _outside_views(judge)
    assert "(card" not in outside
    assert ("(neutral)" in outside) == bool(still_neutral)
    for words in task_lines(data).values():
        assert words not in outside

    # Fall 1901: Austria takes Munich, Warsaw and Venice. The receiver signs on with the
    # letter of the power it was just given, and orders all three of its powers.
    phase, fall = _play_phase(judge, script, {receiver: neutral[0]}, everyone)
    assert phase == "F1901M"
    for text in fall.values():
        assert f"The player of {first_powers}" in text
        assert "fulfils Austria's task" in text
        assert "Every task, revealed:" in text
        for words in task_lines(data).values():
            assert words in text
        held = next(p["powers"] for p in judge.status()["players"] if "AUSTRIA" in p["powers"])
        others = sorted(p.title() for p in held if p != "AUSTRIA")
        if others:  # the winner named by every power their player holds
            assert f"The player of {and_list(['Austria', *others])} has won." in text
        assert "\nAustria has won." not in text
    final = judge.status()
    assert final["status"] == "finished" and final["winner"] == "AUSTRIA"
    _assert_no_leak(judge, script, data)
