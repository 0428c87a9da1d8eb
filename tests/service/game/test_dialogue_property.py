"""The dialogue property: what is adjudicated is what the players meant, and a phase is
processed when the last player is done, never before.

Simulated players (`service.dialogue`) hold an intended set of preferences, bids or
orders and send it as real mail bytes through the inbox, in random pieces and order,
with corrections, withdrawals, duplicates, refused lines (in any mail, the last one
too), signatures and quoted replies carrying decoys. After every mail but the last, the
phase must still be open; after the last it must have been processed, with exactly the
intended orders (no civil disorder for a dialogue player), bids or preferences. Each
reply to orders says exactly what is on file: its listing is the orders stored for
its powers at that moment, and the reply to a player's last mail lists exactly what
they meant and says "Your orders are complete.", refused lines or not (issue 32).

Covered: standard movement, retreats and adjustments; the three Intimate rulesets'
preferences, bids and movement, and their retreats and adjustments (home powers and
mercenaries, a waive only for a home power); Taskdip's movement, retreats and
adjustments, a player ordering two powers and then a neutral power allotted to them.
Retreats and adjustments are drawn at random from the board (`service.dialogue_intents`).

Cheap by default: one seeded example per variant and phase type. More examples:
`JUDGE_DIALOGUE_EXAMPLES=20` (and `JUDGE_DIALOGUE_SEED` for another start).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service.dialogue import Item, Plan, interleave
from support.service.dialogue_intents import adjustment_items, current_board, retreat_items
from support.service.harness import JudgeHarness, Player, body_of
from support.service.intimate_board import INTIMATE_REFUSED, holds, play_to_the_retreats
from support.service.intimate_game import MASTER, bid
from support.service.scenario import SCRIPT, orders_for, owes_orders
from support.service.taskdip_scenario import Script, find_seed, set_seed
from support.variant_registry import WORKER_REGISTRY

from judge.rules.map import GameMap
from judge.rules.parse import parse_order
from judge.rules.state import GameState, PhaseType
from judge.server.scheduler import run_due_games
from judge.store import games as store
from judge.store.models import PlayerRole
from judge.wording.describe import describe_order

EXAMPLES = int(os.environ.get("JUDGE_DIALOGUE_EXAMPLES", "1"))
SEED = int(os.environ.get("JUDGE_DIALOGUE_SEED", "2126"))
SEEDS = [SEED + n for n in range(EXAMPLES)]
RULESETS = ("intimate", "intimate-2000", "propaganda")
MERCENARIES = ("Austria", "England", "Italy", "Russia", "Turkey")  # Germany vs France
# Lines the judge refuses, sent in a player's earlier mails (never the last one).
REFUSED_ORDERS = ["A QQQ H", "F XYZ-NTH"]
REFUSED_BIDS = ["BID France 3", "Germany 2", "BID Narnia 4"]


# --- running one phase ---------------------------------------------------------------


def converse(judge: JudgeHarness, plans: list[Plan], rng: random.Random) -> str:
    """Send every plan's mails in a random order; the phase must wait for the last one,
    and each reply must say what is on file (`check_listing`). Returns the phase that
    was processed."""
    phase = judge.status()["phase"]
    board = current_board(judge.sessions)
    order = interleave(plans, rng)
    last_of = {id(plan): max(i for i, (p, _) in enumerate(order) if p is plan) for plan in plans}
    for index, (plan, body) in enumerate(order):
        mails = judge.send(plan.address, body)
        if not plan.bid_phase:
            last = index == last_of[id(plan)]
            check_listing(judge, board, plan, reply_text(mails, plan.address), last=last)
        now = judge.status()["phase"]
        if index < len(order) - 1:
            assert now == phase, (f"processed at mail {index + 1} of {len(order)}", body)
    assert judge.status()["phase"] != phase, ("not processed after the last mail", order)
    return phase


def reply_text(mails: list[EmailMessage], address: str) -> str:
    (reply,) = [m for m in mails if m["To"] == address and m["Auto-Submitted"] == "auto-replied"]
    return body_of(reply)


LISTED = re.compile(r"^  ([A-Z][a-z]+): (.*)$")
NOT_AN_ORDER = re.compile(r"^(no orders yet for |no orders\.$|\d+ (build|removal)s? due)")


def listed_orders(reply: str) -> tuple[dict[str, set[str]], str] | None:
    """The reply's current-orders listing: power -> the orders it lists, and the line
    that says whether they are complete. None when the reply has no listing."""
    _, found, rest = reply.partition("Your orders in 'g1' for ")
    if not found:
        return None
    listed: dict[str, set[str]] = {}
    for line in rest.splitlines()[1:]:
        row = LISTED.match(line)
        if row is None:
            return listed, line
        listed.setdefault(row.group(1).upper(), set())
        if not NOT_AN_ORDER.match(row.group(2)):
            listed[row.group(1).upper()].add(row.group(2))
    raise AssertionError(f"a listing with no status line: {rest!r}")


def check_listing(
    judge: JudgeHarness, board: tuple[GameMap, GameState], plan: Plan, reply: str, *, last: bool
) -> None:
    """The reply lists exactly the orders on file for the powers it names; the reply
    to the player's last mail lists exactly the intended orders, complete."""
    game_map, state = board
    said = listed_orders(reply)
    if said is None:
        assert not last, ("no listing in the reply to the last mail", reply)
        return
    listed, status = said
    assert "do not count as complete" not in reply, reply
    if last:
        meant = {_worded(game_map, state, item.line) for item in plan.items}
        assert set().union(*listed.values()) == meant, (reply, meant)
        assert status == "Your orders are complete.", reply
        return
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        record = store.current_phase(session, game)
        assert record is not None
        stored = store.submitted_orders(session, record)
    for power, orders in listed.items():
        on_file = {_worded(game_map, state, line) for line in stored.get(power, [])}
        assert orders == on_file, (power, reply, on_file)


def _worded(game_map: GameMap, state: GameState, line: str) -> str:
    return describe_order(game_map, parse_order(_waive_as_stored(line), game_map, state, None))


def record_of(sessions: sessionmaker[Session], phase: str) -> Any:
    with sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        record = next(r for r in store.phase_history(session, game) if r.phase == phase)
        game_map = WORKER_REGISTRY.get(game.variant).map
        session.expunge(record)
        return record, game_map


def adjudicated(sessions: sessionmaker[Session], phase: str, power: str) -> set[str]:
    record, _ = record_of(sessions, phase)
    results = [r for r in record.results or [] if r["power"] == power.upper()]
    assert not [r for r in results if r["reason"] == "civil disorder"], results
    return {r["order"] for r in results}


def canonical(sessions: sessionmaker[Session], phase: str, lines: list[str]) -> set[str]:
    record, game_map = record_of(sessions, phase)
    state = store.phase_state(record)
    return {str(parse_order(line, game_map, state, None)) for line in lines}


def signon(player: Player, game: str = "g1") -> str:
    return f"SIGNON {player.letter}{game} {player.password}"


# --- orders ------------------------------------------------------------------------------

SITE_DECOYS = {"A": "F", "F": "A"}


def order_item(line: str) -> Item:
    """An order with a decoy where one is easy to make: a move first sent as a hold, a
    retreat first as a disband, a coastal build first with the other unit type."""
    words = line.split()
    if words[0] == "BUILD":
        other = f"BUILD {SITE_DECOYS[words[1]]} {words[2]}"
        decoy = other if words[2] in {"BRE", "MAR", "NAP", "LON", "KIE", "BER"} else None
        return Item(line, decoy, line)
    unit = " ".join(words[:2]) if "-" not in words[1] else words[0] + " " + words[1][:3]
    if " R " in line:
        return Item(line, f"{unit} D", unit)
    if "-" in line and " S " not in line and " C " not in line:
        return Item(line, f"{unit} H", unit)
    return Item(line, None, unit)


def order_plans(judge: JudgeHarness, talkers: dict[str, list[str]]) -> list[Plan]:
    return [
        Plan(judge.players[p].address, signon(judge.players[p]),
             [order_item(line) for line in lines], REFUSED_ORDERS)
        for p, lines in talkers.items()
    ]  # fmt: skip


def others_send_at_once(judge: JudgeHarness, talkers: set[str]) -> None:
    """The powers outside the dialogue send their orders in one clean mail first."""
    status = judge.status()
    phase = status["phase"]
    for power, player in judge.players.items():
        if power not in talkers and owes_orders(phase, power, status):
            lines = [signon(player), *orders_for(phase, power, status)]
            judge.send(player.address, "\n".join(lines))
    assert judge.status()["phase"] == phase


@pytest.mark.parametrize("seed", SEEDS)
def test_standard_movement_retreat_and_adjustment_orders_are_adjudicated_as_meant(
    judge: JudgeHarness, seed: int
) -> None:
    rng = random.Random(seed)
    judge.start_game()
    judge.play_until("F1901M")  # S1901M as scripted, over several mails below from here
    for phase in ("F1901M", "F1901R", "W1901A"):
        talkers = dict(SCRIPT[phase])
        others_send_at_once(judge, set(talkers))
        processed = converse(judge, order_plans(judge, talkers), rng)
        assert processed == phase
        for power, lines in talkers.items():
            assert adjudicated(judge.sessions, phase, power) == canonical(
                judge.sessions, phase, lines
            ), (phase, power)


# --- Intimate: preferences, bids, movement -------------------------------------------


def intimate_bid_plan(player: Player, home: str, rng: random.Random) -> tuple[Plan, dict]:
    """Random intended bids: some mercenaries with an amount (maybe first another
    amount), some bid for and then cancelled (`X 0`)."""
    items, intended = [], {}
    for merc in rng.sample(MERCENARIES, rng.randint(0, 4)):
        amount = rng.randint(1, 9)
        style = rng.choice(["BID {m} {a}", "{m} {a}", "{i} {a}", "bid {m} {a}"])
        line = style.format(m=merc, a=amount, i=merc[0])
        if rng.random() < 0.3:
            items.append(Item(f"{merc} 0", f"BID {merc} {amount + 3}"))  # cancelled
            continue
        decoy = f"BID {merc} {amount + 5}" if rng.random() < 0.5 else None
        items.append(Item(line, decoy, merc))
        intended[merc.upper()] = amount
    plan = Plan(player.address, signon(player), items, REFUSED_BIDS, bid_phase=True)
    return plan, intended


def bids_on_record(sessions: sessionmaker[Session], phase: str) -> dict[str, dict[str, int]]:
    record, _ = record_of(sessions, phase)
    found: dict[str, dict[str, int]] = {}
    for entry in record.report["public"]["bidding"]["bids"]:
        found.setdefault(entry["player"], {})[entry["power"]] = entry["amount"]
    return found


def join_intimate(judge: JudgeHarness, ruleset: str, rng: random.Random) -> dict[str, list]:
    """Two players join; the first corrects its preferences over later mails, the second
    in its joining mail (which starts the game). Returns address -> intended list."""
    judge.reply(MASTER, f"CREATE g1 gmpass {ruleset}")
    intended: dict[str, list[str]] = {}
    plans = []
    for index, (first, decoy) in enumerate((("GERMANY", "ITALY"), ("FRANCE", "TURKEY"))):
        player = Player(f"p{index}@example.org", f"pw{index}")
        wanted = [first, *rng.sample([p for p in ("ENGLAND", "RUSSIA") if p != first], 2)]
        intended[player.address] = wanted
        item = Item(f"PREFERENCES {' '.join(wanted)}", f"PREFERENCES {decoy}")
        plans.append(Plan(player.address, f"SIGNON ?g1 {player.password}", [item], []))
    first_mails = interleave(plans[:1], rng)  # the first player: join, then correct
    for _, body in first_mails:
        judge.send(plans[0].address, body)
        assert judge.status_of_games() == ["g1"] and _forming(judge)
    plans[1].max_mails = 1  # its joining mail starts the game
    ((_, joining),) = interleave(plans[1:], rng)
    judge.send(plans[1].address, joining)
    assert not _forming(judge)
    return intended


def _forming(judge: JudgeHarness) -> bool:
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        return game.status.value == "forming"


def _homes(judge: JudgeHarness) -> dict[str, str]:
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        players = store.players_of(session, game, roles=[PlayerRole.PLAYER])
        return {p.address: p.powers[0] for p in players}


def _preferences(judge: JudgeHarness) -> dict[str, list[str]]:
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        players = store.players_of(session, game, roles=[PlayerRole.PLAYER])
        return {p.address: list(p.preferences or ()) for p in players}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_intimate_preferences_bids_and_orders_are_adjudicated_as_meant(
    judge: JudgeHarness, ruleset: str, seed: int
) -> None:
    rng = random.Random(f"{ruleset}-{seed}")
    wanted = join_intimate(judge, ruleset, rng)
    for address, powers in _preferences(judge).items():
        assert powers[: len(wanted[address])] == wanted[address]
    homes = _homes(judge)
    assert sorted(homes.values()) == ["FRANCE", "GERMANY"]  # each its first choice
    for index, address in enumerate(sorted(homes)):
        judge.players[homes[address].title()] = Player(address, f"pw{index}", homes[address])

    plans, intended = [], {}
    for home in ("Germany", "France"):
        plan, bids = intimate_bid_plan(judge.players[home], home, rng)
        plans.append(plan)
        intended[home.upper()] = bids
    assert converse(judge, plans, rng) == "S1901B"
    assert bids_on_record(judge.sessions, "S1901B") == {h: b for h, b in intended.items() if b}

    status = judge.status()
    talkers, controlled = {}, {}
    for home in ("Germany", "France"):
        powers = [p for p, e in status["powers"].items() if e["controller"] == home.upper()]
        controlled[home] = powers
        talkers[home] = [line for p in powers for line in _intimate_orders(p, status)]
    assert converse(judge, order_plans(judge, talkers), rng) == "S1901M"
    for home, lines in talkers.items():
        got = set().union(*(adjudicated(judge.sessions, "S1901M", p) for p in controlled[home]))
        assert got == canonical(judge.sessions, "S1901M", lines), home


INTIMATE_MOVES = {"FRANCE": ["A PAR-BUR", "A MAR H", "F BRE-MAO"],
                  "GERMANY": ["A MUN H", "F KIE-DEN", "A BER-KIE"]}  # fmt: skip


def _intimate_orders(power: str, status: dict[str, Any]) -> list[str]:
    return INTIMATE_MOVES.get(power) or [f"{u} H" for u in status["powers"][power]["units"]]


# --- retreats and adjustments drawn from the board ------------------------------------


def board_plans(
    judge: JudgeHarness,
    holdings: dict[str, tuple[str, list[str]]],
    refused: dict[str, list[str]],
    rng: random.Random,
    may_waive: Callable[[str], bool] = lambda power: True,
) -> tuple[list[Plan], dict[str, list[str]]]:
    """Each player's intended retreats or adjustments for the current phase, from the
    board (`service.dialogue_intents`). `holdings`: address -> (signon, powers ordered);
    returns the plans of the players who owe something, and power -> intended lines."""
    game_map, state = current_board(judge.sessions)
    plans, intended = [], {}
    taken = {p for p in state.units}  # a retreat into an occupied province is no retreat
    for address, (signon_line, powers) in holdings.items():
        items = []
        for power in powers:
            if state.phase.type is PhaseType.RETREAT:
                mine = retreat_items(state, {power}, rng, taken)
            else:
                mine = adjustment_items(game_map, state, power, rng, may_waive(power))
            intended[power] = [item.line for item in mine]
            items += mine
        if items:
            plans.append(Plan(address, signon_line, items, refused[address]))
    return plans, {p: lines for p, lines in intended.items() if lines}


def assert_adjudicated_as_meant(
    judge: JudgeHarness, phase: str, intended: dict[str, list[str]]
) -> None:
    for power, lines in intended.items():
        written = [_waive_as_stored(line) for line in lines]
        assert adjudicated(judge.sessions, phase, power) == canonical(
            judge.sessions, phase, written
        ), (phase, power, lines)


def _waive_as_stored(line: str) -> str:
    """`WAIVE Germany` is stored (and parsed) as `GERMANY WAIVE`."""
    words = line.split()
    return f"{words[1].upper()} WAIVE" if words[0] == "WAIVE" and len(words) == 2 else line


def send_at_once(judge: JudgeHarness, holdings: dict[str, tuple[str, list[str]]]) -> None:
    """Every player sends the scenario's orders for all their powers in one clean mail."""
    status = judge.status()
    phase = status["phase"]
    for address, (signon_line, powers) in holdings.items():
        lines = [line for p in powers for line in orders_for(phase, p.title(), status)]
        judge.send(address, "\n".join([signon_line, *lines]))
    assert judge.status()["phase"] != phase, f"{phase} not processed"


# --- Taskdip: two powers a player, a neutral power allotted on the way ----------------

TASKDIP_LOT = Script(
    players=2,
    wanted=lambda data: (
        {p for powers in data["players"].values() for p in powers}
        == {"ENGLAND", "FRANCE", "GERMANY", "ITALY"}
    ),
    moves={},
)


def taskdip_holdings(judge: JudgeHarness) -> dict[str, tuple[str, list[str]]]:
    """address -> (its SIGNON line, the powers it holds now), from the status."""
    rows = judge.status()["players"]
    return {
        row["address"]: (f"SIGNON {row['powers'][0][0]}g1 pw{row['address'][1]}", row["powers"])
        for row in rows
    }


def taskdip_refused(holdings: dict[str, tuple[str, list[str]]]) -> dict[str, list[str]]:
    """Lines the judge refuses a Taskdip player: an unreadable order, an order for the
    neutral Russia's army, one for a unit of the other player's power."""
    other = {"p0@example.org": "A LVP-YOR", "p1@example.org": "A PAR-BUR"}
    held = {a: {p for p in powers} for a, (_, powers) in holdings.items()}
    foreign = {a: [other[a]] if "FRANCE" not in held[a] or "ENGLAND" not in held[a] else []
               for a in held}  # fmt: skip
    return {a: ["A QQQ H", "A MOS H", *foreign[a]] for a in holdings}


Holdings = dict[str, tuple[str, list[str]]]


def taskdip_fall(judge: JudgeHarness) -> tuple[Holdings, list[Plan], dict[str, list[str]]]:
    """A two-player game played to F1901M, Austria allotted on the way; each player's
    plan for the fall, and power -> the intended orders."""
    judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 2")
    set_seed(judge.sessions, "g1", find_seed(TASKDIP_LOT))
    for index in range(2):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    send_at_once(judge, taskdip_holdings(judge))  # S1901M: Italy's A VEN-TYR is a violation
    holdings = taskdip_holdings(judge)
    assert sum("AUSTRIA" in powers for _, powers in holdings.values()) == 1  # allotted
    status = judge.status()
    plans, intended = [], {}
    for address, (signon_line, powers) in holdings.items():
        lines = {p: orders_for("F1901M", p.title(), status) for p in powers}
        intended.update(lines)
        items = [order_item(line) for p in powers for line in lines[p]]
        plans.append(Plan(address, signon_line, items, taskdip_refused(holdings)[address]))
    return holdings, plans, intended


@pytest.mark.parametrize("seed", SEEDS)
def test_taskdip_movement_retreat_and_adjustment_orders_are_adjudicated_as_meant(
    judge: JudgeHarness, seed: int
) -> None:
    rng = random.Random(f"taskdip-{seed}")
    holdings, plans, intended = taskdip_fall(judge)
    assert converse(judge, plans, rng) == "F1901M"
    assert_adjudicated_as_meant(judge, "F1901M", intended)

    for phase in ("F1901R", "W1901A"):  # A MUN dislodged; builds for four powers
        plans, intended = board_plans(judge, holdings, taskdip_refused(holdings), rng)
        assert plans and judge.status()["phase"] == phase
        assert converse(judge, plans, rng) == phase
        assert_adjudicated_as_meant(judge, phase, intended)
    assert judge.status()["phase"] == "S1902M"


# --- Intimate: retreats and adjustments, home powers and mercenaries ------------------
# (the board and why: `service.intimate_board`)


# For retreats and adjustments `intimate-2000` differs from `intimate` only where orders
# are missing (its civil-disorder rule), which no dialogue player leaves: it runs when
# more examples are asked for. `propaganda` differs (the judge retreats a mercenary).
RETREAT_RULESETS = RULESETS if EXAMPLES > 1 else ("intimate", "propaganda")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset", RETREAT_RULESETS)
def test_intimate_retreats_and_adjustments_are_adjudicated_as_meant(
    judge: JudgeHarness, ruleset: str, seed: int
) -> None:
    rng = random.Random(f"{ruleset}-adjustments-{seed}")
    play_to_the_retreats(judge, ruleset)  # service.intimate_board
    status = judge.status()
    holdings = {
        judge.players[home].address: (
            signon(judge.players[home]),
            [p for p, e in status["powers"].items() if e["controller"] == home.upper()],
        )
        for home in ("Germany", "France")
    }
    assert {p for _, powers in holdings.values() for p in powers} == set(status["powers"]) - {
        "TURKEY"
    }
    homes = {"GERMANY", "FRANCE"}
    for phase in ("S1901R", "F1901M", "W1901A"):
        assert judge.status()["phase"] == phase
        if phase == "F1901M":
            bid(judge, "Germany", *holds(judge, "GERMANY"))
            bid(judge, "France", *holds(judge, "FRANCE"))
            continue
        plans, intended = board_plans(
            judge, holdings, INTIMATE_REFUSED, rng, may_waive=lambda p: p in homes
        )
        assert len(plans) == 2, phase  # both players owe something
        assert converse(judge, plans, rng) == phase
        assert_adjudicated_as_meant(judge, phase, intended)
    assert judge.status()["phase"] in ("S1902B", "S1902M")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_phase_a_player_never_finishes_is_processed_at_the_deadline_not_before(
    judge: JudgeHarness, seed: int
) -> None:
    """The second player's last mail (the clean one that completes their orders) is
    never sent: the phase waits for it until the deadline (and its grace, when orders
    are missing), and is processed then, with the first player's orders as meant."""
    rng = random.Random(f"deadline-{seed}")
    holdings, plans, intended = taskdip_fall(judge)
    late = plans[1].address
    order = [(plan, body) for plan, body in interleave(plans, rng)]
    last_of_late = max(i for i, (plan, _) in enumerate(order) if plan.address == late)
    for plan, body in order[:last_of_late] + order[last_of_late + 1 :]:
        judge.send(plan.address, body)
        assert judge.status()["phase"] == "F1901M", body
    deadline = datetime.fromisoformat(judge.status()["deadline"])
    judge.clock.advance(deadline - judge.clock.now() - timedelta(minutes=1))
    scheduled(judge)
    assert judge.status()["phase"] == "F1901M"  # a minute before the deadline
    for _ in range(20):  # the deadline, then the grace for late players (a week), by halves
        judge.clock.advance(timedelta(hours=12))
        scheduled(judge)
        if judge.status()["phase"] != "F1901M":
            break
    assert judge.status()["phase"] != "F1901M", "not processed after the deadline"
    on_time = {p: lines for p, lines in intended.items() if p not in holdings[late][1]}
    assert_adjudicated_as_meant(judge, "F1901M", on_time)


def scheduled(judge: JudgeHarness) -> None:
    """One round of the scheduler, as the daemon runs it."""
    with judge.sessions() as session:
        run_due_games(session, judge.clock, judge.config, judge.variants)
