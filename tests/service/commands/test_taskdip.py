"""Taskdip by mail: SET PLAYERS, the lot, secret tasks, two powers per player,
neutrality violations and their allotment, the status JSON, the final reveal.

The lot is fixed by writing a known seed into the game before the last SIGNON
(see `taskdip_scenario`); player `i` is the `i`-th to join.
"""

from __future__ import annotations

from dataclasses import dataclass
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import cast

from sqlalchemy import select
from support.service.harness import JudgeHarness, body_of
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

from judge.store import games as store
from judge.store.models import OutboxMessage

MASTER, OBSERVER = "gm@example.org", "watcher@example.org"


@dataclass(frozen=True)
class Joined:
    address: str
    password: str


def _rules(judge: JudgeHarness, game: str = "g1") -> dict[str, str]:
    with judge.sessions() as session:
        row = store.get_game(session, game)
        assert row is not None
        return dict(row.settings["rules"])


def _flat(text: str) -> str:
    """The text with every run of white space as one space (mails wrap long lines)."""
    return " ".join(text.split())


def _start(judge: JudgeHarness, script: Script, seed: int | None = None) -> list[Joined]:
    """CREATE, an observer, the seed, then the script's players join in order."""
    judge.reply(MASTER, f"CREATE g1 gmpass taskdip\nSET PLAYERS {script.players}")
    judge.reply(OBSERVER, "OBSERVE g1 look")
    set_seed(judge.sessions, "g1", find_seed(script) if seed is None else seed)
    joined = [Joined(f"p{i}@example.org", f"pw{i}") for i in range(script.players)]
    for person in joined:
        judge.reply(person.address, f"SIGNON ?g1 {person.password}")
    return joined


def _powers_of(judge: JudgeHarness, address: str) -> list[str]:
    rows = [p for p in judge.status()["players"] if p["address"] == address]
    return list(rows[0]["powers"])


def _play(
    judge: JudgeHarness, script: Script, joined: list[Joined], letters: dict[str, str] | None = None
) -> list[EmailMessage]:
    """Every player sends the script's orders for the current phase, in one mail each."""
    status = judge.status()
    mails: list[EmailMessage] = []
    for person in joined:
        powers = _powers_of(judge, person.address)
        letter = (letters or {}).get(person.address, powers[0][0])
        lines = seat_orders(script, status["phase"], powers, status)
        signon = f"SIGNON {letter}g1 {person.password}"
        mails += judge.send(person.address, "\n".join([signon, *lines]))
    return mails


def _results(mails: list[EmailMessage], phase: str) -> dict[str, str]:
    return {m["To"]: body_of(m) for m in mails if m["Subject"] == f"TEST:g1 - {phase} Results"}


def _start_mails(judge: JudgeHarness) -> dict[str, str]:
    with judge.sessions() as session:
        rows = session.scalars(select(OutboxMessage).where(OutboxMessage.kind == "start")).all()
        return {row.to_address: _body_of_bytes(row.message) for row in rows}


def _body_of_bytes(raw: bytes) -> str:
    return body_of(cast(EmailMessage, message_from_bytes(raw, policy=default)))


# --- SET PLAYERS ---------------------------------------------------------------------


def test_set_players_stores_the_number_as_the_players_rule(judge: JudgeHarness) -> None:
    reply = judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 3")
    assert "Game 'g1' starts when 3 players have joined (0 so far)." in body_of(reply)
    assert "No errors found" in body_of(reply)
    assert _rules(judge)["players"] == "3"


def test_players_may_be_set_as_an_option_of_create(judge: JudgeHarness) -> None:
    reply = judge.reply(MASTER, "CREATE g1 gmpass taskdip PLAYERS 4")
    assert "It starts when 4 players have joined" in body_of(reply)
    assert _rules(judge)["players"] == "4"


def test_set_players_out_of_range_is_refused(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip")
    for wrong in ("1", "8"):
        reply = judge.reply(MASTER, f"SIGNON Mg1 gmpass\nSET PLAYERS {wrong}")
        assert reply["Subject"] == "Re: [Error] orders"
        assert f"SET PLAYERS must be from 2 to 7, not {wrong}" in body_of(reply)
    assert _rules(judge)["players"] == "2"


def test_set_players_needs_the_master(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip")
    reply = judge.reply("ann@example.org", "SIGNON ?g1 pw\nSET PLAYERS 3")
    assert "Only the master of 'g1' may do that." in body_of(reply)
    assert _rules(judge)["players"] == "2"


def test_set_players_is_refused_outside_taskdip(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard")
    reply = judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET PLAYERS 3")
    assert "SET PLAYERS is for Taskdip; Standard has a fixed number of players." in body_of(reply)
    assert "players" not in _rules(judge)


def test_set_players_cannot_go_below_the_players_who_joined(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 4")
    for index in range(3):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    reply = judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET PLAYERS 2")
    assert "3 players have already joined 'g1': SET PLAYERS cannot be lower." in body_of(reply)
    assert _rules(judge)["players"] == "4"


def test_set_players_is_refused_once_the_game_has_started(judge: JudgeHarness) -> None:
    _start(judge, TWO_PLAYERS)
    reply = judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET PLAYERS 3")
    assert "Game 'g1' has started: its number of players is fixed." in body_of(reply)


# --- the start ---------------------------------------------------------------------


def test_the_game_starts_when_the_set_number_of_players_have_joined(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 3")
    for index in range(2):
        reply = judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
        assert f"You have joined 'g1' ({index + 1} of 3 players)." in body_of(reply)
    assert judge.status()["status"] == "forming"
    reply = judge.reply("p2@example.org", "SIGNON ?g1 pw2")
    assert "Game 'g1' has started." in body_of(reply)
    status = judge.status()
    assert status["status"] == "active" and status["phase"] == "S1901M"
    held = [power for row in status["players"] for power in row["powers"]]
    assert [len(row["powers"]) for row in status["players"]] == [2, 2, 2]
    assert len(set(held)) == 6


def test_setting_players_to_those_already_joined_starts_the_game(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 3")
    for index in range(2):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    reply = judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET PLAYERS 2")
    assert "Game 'g1' has started." in body_of(reply)
    assert judge.status()["status"] == "active"


def test_each_start_mail_tells_a_player_their_powers_and_only_their_own_tasks(
    judge: JudgeHarness,
) -> None:
    seed = find_seed(THREE_PLAYERS)
    joined = _start(judge, THREE_PLAYERS, seed)
    data = lot(seed, 3).snapshot.data
    words = task_lines(data)
    mails = {address: _flat(body) for address, body in _start_mails(judge).items()}
    for index, person in enumerate(joined):
        mine = data["players"][str(index)]
        text = mails[person.address]
        assert "You are playing " + " and ".join(p.title() for p in mine) + "." in text
        for power, task in words.items():
            card = data["tasks"][power]["card"]
            shown = f"{power.title()} (card {card}): {task}" in text
            assert shown == (power in mine), (person.address, power)
        assert "Originally neutral: France." in text
    master = mails[MASTER]
    for power, task in words.items():
        assert f"{power.title()} (card {data['tasks'][power]['card']}): {task}" in master
    assert "(card" not in mails[OBSERVER]
    assert "Originally neutral: France." in mails[OBSERVER]


def test_a_card_put_back_by_the_redraw_rule_is_named_in_the_start_mail(
    judge: JudgeHarness,
) -> None:
    script = Script(2, lambda data: bool(data["tasks"][data["players"]["0"][0]]["redrawn"]), {})
    seed = find_seed(script)
    joined = _start(judge, script, seed)
    data = lot(seed, 2).snapshot.data
    power = data["players"]["0"][0]
    card = data["tasks"][power]["redrawn"][0]
    text = _flat(_start_mails(judge)[joined[0].address])
    assert f"First drawn for {power.title()}: the {card}, put back because it involves" in text
    assert f"the {card}, put back" not in _flat(_start_mails(judge)[joined[1].address])


# --- signing on and ordering ---------------------------------------------------------


def test_a_player_signs_on_with_either_letter_and_orders_both_powers_in_one_mail(
    judge: JudgeHarness,
) -> None:
    joined = _start(judge, TWO_PLAYERS)
    first = _powers_of(judge, joined[0].address)
    for power in first:
        reply = judge.reply(joined[0].address, f"SIGNON {power[0]}g1 pw0")
        (other,) = [p.title() for p in first if p != power]
        assert f"Signed on as {power.title()} in 'g1' (you also play {other})." in body_of(reply)
    status = judge.status()
    lines = seat_orders(TWO_PLAYERS, "S1901M", first, status)
    reply = judge.reply(joined[0].address, "\n".join(["SIGNON Ag1 pw0", *lines]))
    text = body_of(reply)
    assert "No errors found" in text
    for power in first:
        assert f"  {power.title()}: " in text.split("Your orders in 'g1'")[1]


def test_an_order_for_the_other_players_unit_is_refused(judge: JudgeHarness) -> None:
    joined = _start(judge, TWO_PLAYERS)
    reply = judge.reply(joined[0].address, "SIGNON Ag1 pw0\nA MUN-RUH")
    assert reply["Subject"] == "Re: [Error] orders"
    assert "*** Error: Germany is played by another player." in body_of(reply)


def test_an_order_for_a_neutral_unit_is_refused(judge: JudgeHarness) -> None:
    joined = _start(judge, TWO_PLAYERS)
    reply = judge.reply(joined[1].address, "SIGNON Rg1 pw1\nA VEN-PIE")
    assert reply["Subject"] == "Re: [Error] orders"
    assert "*** Error: Italy is neutral: its units hold and take no orders." in body_of(reply)


def test_the_phase_waits_until_a_player_has_ordered_every_power(judge: JudgeHarness) -> None:
    joined = _start(judge, TWO_PLAYERS)
    status = judge.status()
    second = _powers_of(judge, joined[1].address)
    lines = seat_orders(TWO_PLAYERS, "S1901M", second, status)
    judge.reply(joined[1].address, "\n".join(["SIGNON Rg1 pw1", *lines]))
    first = _powers_of(judge, joined[0].address)
    one = seat_orders(TWO_PLAYERS, "S1901M", first[:1], status)
    judge.reply(joined[0].address, "\n".join(["SIGNON Ag1 pw0", *one]))
    assert judge.status()["phase"] == "S1901M"
    other = seat_orders(TWO_PLAYERS, "S1901M", first[1:], status)
    reply = judge.reply(joined[0].address, "\n".join([f"SIGNON {first[1][0]}g1 pw0", *other]))
    assert "S1901M has been processed" in body_of(reply)
    assert judge.status()["phase"] == "F1901M"


# --- violation, allotment, status ----------------------------------------------------


def test_the_results_name_the_violator_and_who_receives_the_neutral_power(
    judge: JudgeHarness,
) -> None:
    joined = _start(judge, TWO_PLAYERS)
    second = " and ".join(p.title() for p in _powers_of(judge, joined[1].address))
    results = _results(_play(judge, TWO_PLAYERS, joined), "S1901M")
    assert set(results) == {MASTER, OBSERVER, *(p.address for p in joined)}
    text = _flat(results[OBSERVER])
    assert "Austria (F TRI - VEN) violates the neutrality of Italy." in text
    assert (
        f"From F1901M on, Italy is played by the player of {second}. "
        "That player is the only one who respected the neutrality."
    ) in text
    assert _powers_of(judge, joined[1].address)[-1] == "ITALY"


def test_the_fewest_centres_tie_break_is_cited(judge: JudgeHarness) -> None:
    joined = _start(judge, THREE_PLAYERS)
    held = [p.title() for p in _powers_of(judge, joined[0].address)]  # winner first:
    first = " and ".join(["Austria", *sorted(p for p in held if p != "Austria")])
    russian = next(
        " and ".join(p.title() for p in row["powers"])
        for row in judge.status()["players"]
        if "RUSSIA" in row["powers"]
    )
    results = _results(_play(judge, THREE_PLAYERS, joined), "S1901M")
    text = _flat(results[MASTER])
    assert "Germany (A MUN - BUR) violates the neutrality of France." in text
    assert (
        f"From F1901M on, France is played by the player of {first}. That player had the "
        f"fewest centres in total at the start (the player of {first}: 6; "
        f"the player of {russian}: 7)."
    ) in text
    assert _powers_of(judge, joined[0].address)[-1] == "FRANCE"


def test_status_shows_each_powers_controller_and_null_for_a_neutral(judge: JudgeHarness) -> None:
    joined = _start(judge, TWO_PLAYERS)
    powers = judge.status()["powers"]
    assert powers["ITALY"]["controller"] is None
    assert powers["AUSTRIA"]["controller"] == "AUSTRIA"
    _play(judge, TWO_PLAYERS, joined)
    status = judge.status()
    assert status["powers"]["ITALY"]["controller"] == "ITALY"
    assert "ITALY" in _powers_of(judge, joined[1].address)
    neutral = [p for p, row in status["powers"].items() if row["controller"] is None]
    held = {p for row in status["players"] for p in row["powers"]}
    assert sorted(neutral) == sorted(set(status["powers"]) - held)
    assert len(neutral) == 2


def test_the_receiving_player_orders_the_allotted_power_with_its_letter(
    judge: JudgeHarness,
) -> None:
    joined = _start(judge, TWO_PLAYERS)
    _play(judge, TWO_PLAYERS, joined)
    reply = judge.reply(joined[1].address, "SIGNON Ig1 pw1\nA VEN-PIE")
    assert "Signed on as Italy in 'g1' (you also play " in body_of(reply)
    assert "OK: Army Venice -> Piedmont." in body_of(reply)


# --- the end -------------------------------------------------------------------------


def test_a_fulfilled_task_wins_and_the_last_results_reveal_every_task(
    judge: JudgeHarness,
) -> None:
    seed = find_seed(TWO_PLAYERS)
    joined = _start(judge, TWO_PLAYERS, seed)
    _play(judge, TWO_PLAYERS, joined)
    results = _results(_play(judge, TWO_PLAYERS, joined, {joined[1].address: "I"}), "F1901M")
    held = [p.title() for p in _powers_of(judge, joined[0].address)]  # winner first:
    first = " and ".join(["Austria", *sorted(p for p in held if p != "Austria")])
    words = task_lines(lot(seed, 2).snapshot.data)
    for text in map(_flat, results.values()):
        assert f"The player of {first} fulfils Austria's task: {words['AUSTRIA']}" in text
        assert "Every task, revealed:" in text
        for task in words.values():
            assert task in text
        others = " and ".join(p for p in first.split(" and ") if p != "Austria")
        assert f"The player of Austria and {others} has won." in text  # all their powers
        assert "Austria has won." not in text
    status = judge.status()
    assert status["status"] == "finished" and status["winner"] == "AUSTRIA"


def test_no_task_shows_in_list_history_summary_or_status_before_the_end(
    judge: JudgeHarness,
) -> None:
    seed = find_seed(TWO_PLAYERS)
    joined = _start(judge, TWO_PLAYERS, seed)
    _play(judge, TWO_PLAYERS, joined)
    words = task_lines(lot(seed, 2).snapshot.data)
    outside = [
        _flat(body_of(judge.reply("nosy@example.org", command)))
        for command in ("LIST g1", "HISTORY g1", "SUMMARY g1", "LIST")
    ]
    outside.append(_flat(str(judge.status())))
    for text in outside:
        assert "(card" not in text
        for task in words.values():
            assert task not in text
    assert "Italy" in outside[0] and "(neutral)" in outside[0]


def test_a_game_ended_by_a_draw_reveals_every_task_in_the_game_over_mail(
    judge: JudgeHarness,
) -> None:
    seed = find_seed(TWO_PLAYERS)
    joined = _start(judge, TWO_PLAYERS, seed)
    words = task_lines(lot(seed, 2).snapshot.data)
    judge.reply(joined[0].address, "SIGNON Ag1 pw0\nDRAW")
    mails = judge.send(joined[1].address, "SIGNON Rg1 pw1\nDRAW")
    over = {m["To"]: _flat(body_of(m)) for m in mails if m["Subject"] == "TEST:g1 - Game Over"}
    assert set(over) == {MASTER, OBSERVER, *(p.address for p in joined)}
    for text in over.values():
        assert "Every task, revealed:" in text
        for task in words.values():
            assert task in text
    history = _flat(body_of(judge.reply("nosy@example.org", "HISTORY g1")))
    assert "Every task, revealed:" in history
