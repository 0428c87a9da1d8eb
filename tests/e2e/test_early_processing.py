"""Nothing is processed before everything owed is in, and then at once: every variant.

By mail on the in-process pipeline (`pipeline_judge`: the processor's own loop; SMTP
is not what is tested here, and each variant keeps a game over real SMTP), one player
of each game sends a phase the way people do: one order, then the rest with a
mistake, then the correction; in the winter one build of those due, then all of
them. After each mail the test asks the judge (the reply, and `judge status`)
whether the phase moved. The other players have sent
complete orders first, so the slow player's mails alone decide.

The spec: "Early processing waits for everything a player owes, in every variant:
an order for every unit the player controls, every retreat, every build or
removal due, and in a bid phase the bids. Sending one order is not done."
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from support.e2e.early_by_mail import Slow, controlled_by, holds, send_clean
from support.e2e.intimate_by_mail import ANN, BOB, Played, _sign_up
from support.e2e.judge_process import POWERS, _body
from support.e2e.judge_process import _sign_up as sign_up_standard
from support.e2e.pipeline_judge import ByMail
from support.service.taskdip_scenario import TASKDIP, lot, set_seed

from judge.rules.parse import parse_order
from judge.store.db import make_engine, make_session_factory
from judge.variants.base import Snapshot, Submission

# France, the slow player of the standard and Taskdip games: Burgundy and Spain in
# the spring (with a mistake on the way), Portugal and Belgium in the fall, so that
# it owes three builds in the winter (Spain, Portugal, Belgium) while nobody else owes anything.
FRENCH_SPRING = ("A PAR-BUR", "F BRE-MAO", "A MAR-SPA")
FRENCH_FALL = ("F MAO-POR", "A BUR-BEL", "A SPA H")


def _french_year(slow: Slow, others_hold: Callable[[], None]) -> None:
    """France's year over several mails; `others_hold()` mails everyone else's holds."""
    others_hold()
    slow.step(["A PAR-BUR"], processes=False)
    reply = slow.step(["F BRE-MAO", "A MAR-MOS"], processes=False)
    assert "*** Error: A MAR - MOS:" in reply, reply
    flat = " ".join(reply.split())  # A MAR has no order on file: not complete (issue 32)
    assert "Your orders are not complete" in flat, reply
    assert "A line of your latest mail was refused: it is not on file" in flat, reply
    slow.step(["A MAR-SPA"], processes=True)
    others_hold()
    slow.step(FRENCH_FALL, processes=True)
    assert slow.phase() == "W1901A"
    reply = slow.step(["BUILD A PAR"], processes=False)
    assert "France: 3 builds due, 1 sent (2 more, or WAIVE)." in reply, reply
    slow.step(["BUILD A PAR", "BUILD F BRE", "BUILD A MAR"], processes=True)


def test_standard_waits_for_every_french_order_then_processes_at_once(
    pipeline_judge: ByMail, database_url: str
) -> None:
    powers = sign_up_standard(pipeline_judge)
    address, password = powers["France"]
    slow = Slow(pipeline_judge, address, f"Fg1 {password}", database_url)

    def others_hold() -> None:
        status = pipeline_judge.status()
        for power in POWERS:
            if power != "France":
                mail, pw = powers[power]
                send_clean(
                    pipeline_judge, mail, f"{power[0]}g1 {pw}", holds(status, [power.upper()])
                )

    _french_year(slow, others_hold)
    assert slow.phase() == "S1902M"


@pytest.mark.parametrize("ruleset", ["intimate", "intimate-2000", "propaganda"])
def test_intimate_waits_for_the_home_power_and_the_mercenary_then_processes_at_once(
    pipeline_judge: ByMail, ruleset: str, database_url: str
) -> None:
    """Germany (ann) wins Austria and orders six units over three mails; in the winter
    it owes two builds."""
    _sign_up(pipeline_judge, ruleset, Played())
    ann = Slow(pipeline_judge, ANN, "Gg1 annpw", database_url)
    ann.step(["BID AUSTRIA 1"], processes=False)
    send_bob = Slow(pipeline_judge, BOB, "Fg1 bobpw", database_url)
    send_bob.step(["BID NONE", "SET NOWAIT"], processes=False)  # the bid phase waits for ann
    ann.step(["SET NOWAIT"], processes=True)

    status = pipeline_judge.status()
    assert controlled_by(status, "GERMANY") == ["AUSTRIA", "GERMANY"]
    send_clean(pipeline_judge, BOB, "Fg1 bobpw", holds(status, ["FRANCE"]))
    ann.step(["F KIE-DEN"], processes=False)
    austria = holds(status, ["AUSTRIA"])
    reply = ann.step(["A BER-KIE", "A MUN-RHU", *austria], processes=False)
    assert "*** Error:" in reply, reply
    ann.step(["A MUN-RUH"], processes=True)

    status = pipeline_judge.status()
    send_clean(pipeline_judge, BOB, "Fg1 bobpw", holds(status, ["FRANCE"]))
    ann.step(["A KIE-HOL", "F DEN H", "A RUH H", *austria], processes=True)
    assert ann.phase() == "W1901A"
    reply = ann.step(["BUILD A BER"], processes=False)
    assert "Germany: 2 builds due, 1 sent (1 more, or WAIVE)." in reply, reply
    # Austria, owed nothing this winter, is not listed as "no orders"
    assert "Austria" not in reply.split("Your orders in")[1], reply
    ann.step(["BUILD A BER", "BUILD F KIE"], processes=True)
    assert ann.phase() == "S1902B"


# --- Taskdip: a lot where the first player holds France and 1901 ends in a winter ----


def _french_taskdip_lot(seed: int) -> bool:
    """The first of two players holds France, and the pure variant, given France's
    year and holds everywhere else, reaches the winter with France owing three builds
    (no task is fulfilled on the way)."""
    start = lot(seed, 2)
    if "FRANCE" not in start.snapshot.data["players"]["0"]:
        return False
    variant = TASKDIP
    snapshot: Snapshot = start.snapshot
    for moves in (FRENCH_SPRING, FRENCH_FALL):
        state = snapshot.state
        given = {m.split("-")[0].split(" H")[0]: m for m in moves}
        submissions = {}
        for seat, held in variant.holdings(snapshot).items():
            lines = [
                given.get(str(unit), f"{unit} H")
                for power in held
                for unit in state.units_of(power)
            ]
            parsed = tuple(parse_order(line, variant.map, state, held) for line in lines)
            submissions[seat] = Submission(parsed)
        outcome = variant.process(snapshot, submissions, random.Random(0))
        if outcome.winner is not None:
            return False
        snapshot = outcome.snapshot
    return str(snapshot.phase) == "W1901A" and set(variant.owing(snapshot)) == {"0"}


def test_taskdip_waits_for_both_powers_of_a_player_then_processes_at_once(
    pipeline_judge: ByMail, database_url: str
) -> None:
    seed = next(s for s in range(20000) if _french_taskdip_lot(s))
    players = [("p0@example.org", "pw0"), ("p1@example.org", "pw1")]
    reply = pipeline_judge.send("gm@example.org", "CREATE g1 gmpass taskdip\nSET PLAYERS 2")
    assert "No errors found" in _body(reply)
    engine = make_engine(database_url)
    try:
        set_seed(make_session_factory(engine), "g1", seed)
    finally:
        engine.dispose()
    for address, password in players:
        pipeline_judge.send(address, f"SIGNON ?g1 {password}")
    status = pipeline_judge.status()
    assert status["status"] == "active"
    held = {row["address"]: row["powers"] for row in status["players"]}
    mine, theirs = held["p0@example.org"], held["p1@example.org"]
    other = next(p for p in mine if p != "FRANCE")
    slow = Slow(pipeline_judge, "p0@example.org", f"Fg1 {players[0][1]}", database_url)

    def others_hold() -> None:
        now = pipeline_judge.status()
        send_clean(pipeline_judge, "p1@example.org", f"{theirs[0][0]}g1 pw1", holds(now, theirs))

    others_hold()
    # The first mail orders all of the other power and one French unit: not done.
    slow.step([*holds(status, [other]), "A PAR-BUR"], processes=False)
    reply = slow.step(["F BRE-MAO", "A MAR-MOS"], processes=False)
    assert "*** Error: A MAR - MOS:" in reply, reply
    slow.step(["A MAR-SPA"], processes=True)
    others_hold()
    now = pipeline_judge.status()
    slow.step([*FRENCH_FALL, *holds(now, [other])], processes=True)
    assert slow.phase() == "W1901A"
    reply = slow.step(["BUILD A PAR"], processes=False)
    assert "France: 3 builds due, 1 sent (2 more, or WAIVE)." in reply, reply
    slow.step(["BUILD A PAR", "BUILD F BRE", "BUILD A MAR"], processes=True)
    assert slow.phase() == "S1902M"
