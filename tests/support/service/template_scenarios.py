"""Games played by mail that, together, render every mail template of the judge.

Each scenario plays by mail (and by scheduler rounds) and returns the game names it
used (their every occurrence is what the width proof replaces with generated game
names). `COVERS` says which templates each renders: the proof checks that each
scenario loads every template it claims, and that the claims name every template
(`test_every_template_width`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from sqlalchemy import select

from judge.server import scheduler as scheduler_module
from judge.store import game_failures
from judge.store.models import OutboxMessage
from support.mail.dsn_samples import postfix_dsn
from support.server.scheduler.driver import Scheduler
from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, bid, start_intimate
from support.service.longest_values import LONGEST_ZONE
from support.service.mail_width_tour import play_a_standard_year
from support.service.taskdip_scenario import THREE_PLAYERS, find_seed, seat_orders, set_seed
from support.service.winter_skip import HOLD_ENGLAND, to_fall

# A judge with some config changed: `configured(limits={...})`.
Configured = Callable[..., JudgeHarness]
Scenario = Callable[[JudgeHarness, Configured, pytest.MonkeyPatch], tuple[str, ...]]
GM = MASTER
HEADER = "_header.txt.j2"


def a_standard_year(judge: JudgeHarness, _: Configured, __: pytest.MonkeyPatch) -> tuple[str, ...]:
    """The help, the start, settings, listings, press, a reminder, late notices, four
    phases and a draw (`test_mail_widths.play_a_standard_year`)."""
    play_a_standard_year(judge, lambda mails: mails, "wsyear", LONGEST_ZONE)
    return ("wsyear",)


def a_propaganda_year(
    judge: JudgeHarness, _: Configured, __: pytest.MonkeyPatch
) -> tuple[str, ...]:
    """Bids, popularity, three phases and a concession."""
    game = "wpropa"
    start_intimate(judge, "propaganda", game=game)
    for power in ("Germany", "France"):
        bid(judge, power, "BID AUSTRIA 5", "BID ITALY 3", game=game)
    judge.send(MASTER, f"SIGNON M{game} gmpass\nPROCESS\nPROCESS\nPROCESS")
    bid(judge, "France", "CONCEDE", game=game)
    return (game,)


def a_taskdip_game(judge: JudgeHarness, _: Configured, __: pytest.MonkeyPatch) -> tuple[str, ...]:
    """Three players play the scripted lot to a task victory in 1901."""
    game = "wtask"
    judge.send(MASTER, f"CREATE {game} gmpass taskdip\nSET PLAYERS 3")
    set_seed(judge.sessions, game, find_seed(THREE_PLAYERS))
    addresses = ["p0@example.org", "p1@example.org", "p2@example.org"]
    for index, address in enumerate(addresses):
        judge.send(address, f"SIGNON ?{game} pw{index}")
    held = {row["address"]: row["powers"] for row in judge.status(game)["players"]}
    signons = {a: f"SIGNON {held[a][0][0]}{game} pw{i}" for i, a in enumerate(addresses)}
    for _ in range(4):
        status = judge.status(game)
        if status["winner"] is not None:
            break
        for row in status["players"]:
            lines = seat_orders(THREE_PLAYERS, status["phase"], row["powers"], status)
            judge.send(row["address"], "\n".join([signons[row["address"]], *lines]))
    assert judge.status(game)["winner"] == "AUSTRIA"
    return (game,)


def seats_and_notices(
    judge: JudgeHarness, _: Configured, __: pytest.MonkeyPatch
) -> tuple[str, ...]:
    """A standard game of three: WHOGAME, an absence, a master's BECOME (the player's
    copy), orders held with PHASE, a resignation asked back (the master's takeover
    request) and approved, a reminder, and a bounce of a results mail."""
    game = "wseats"
    players = judge.start_game(game, count=3)
    first, second, third = sorted(players)
    signon = {p: f"SIGNON {p[0]}{game} {players[p].password}" for p in players}
    judge.send(players[first].address, f"{signon[first]}\nWHOGAME {game}\nSET ABSENCE Jan 10")
    judge.send(GM, f"SIGNON M{game} gmpass\nBECOME {second}\nSET NOWAIT\nLIST {game}")
    judge.send(players[second].address, f"{signon[second]}\nPHASE F1901M\nA VIE-GAL")
    scheduler = Scheduler(judge)
    scheduler.at(scheduler.game(game).next_deadline - timedelta(hours=24))  # the reminder
    judge.play_phase(game)  # the held orders go out when Fall opens
    judge.send(GM, f"SIGNON M{game} gmpass\nRESIGN {third}")
    judge.send(players[third].address, signon[third])  # asks to take it back
    judge.send(GM, f"SIGNON M{game} gmpass\nAPPROVE {third} {players[third].address}")
    with judge.sessions() as session:
        row = session.scalars(select(OutboxMessage).where(
            OutboxMessage.kind == "results", OutboxMessage.to_address == players[first].address
        ).order_by(OutboxMessage.id.desc())).first()  # fmt: skip
    assert row is not None
    judge.send_raw(
        postfix_dsn(
            to=judge.config.judge.address,
            recipient=row.to_address,
            message_id=row.message_id,
            subject="results",
        ),
        mail_from="",
    )
    return (game,)


def limits_reached(
    judge: JudgeHarness, configured: Configured, _: pytest.MonkeyPatch
) -> tuple[str, ...]:
    """A reply cut at `[limits] reply_bytes`, and the notice of the hourly limit (in
    English and in French: a stranger who wrote French command words)."""
    limited = configured(limits={"per_sender_per_hour": 2, "reply_bytes": 1000})
    for sender, word in (("ann@example.org", "HELP"), ("anne@example.org", "AIDE")):
        limited.send(sender, word)
        limited.send(sender, word)
    return ()


def confirmations(
    judge: JudgeHarness, configured: Configured, _: pytest.MonkeyPatch
) -> tuple[str, ...]:
    """A judge that confirms addresses: the request to confirm an address, and the
    request to confirm a join."""
    guarded = configured(security={"confirm_addresses": True})
    game = "wconfirm"
    guarded.send(GM, f"CREATE {game} gmpass standard")
    guarded.send("ann@example.org", f"SIGNON ?{game} secret")
    mails = guarded.send(GM, f"SIGNON M{game} gmpass\nSET ADDRESS gm2@example.org")
    assert mails, "the master's reply"
    return (game,)


def a_parked_game(
    judge: JudgeHarness, _: Configured, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, ...]:
    """A game whose processing fails until it is parked: its master is told."""
    game = "wparked"
    judge.start_game(game, count=2)

    def broken(*args: object) -> None:
        raise RuntimeError("the game's record is corrupt")

    scheduler = Scheduler(judge)
    with monkeypatch.context() as patched:
        patched.setattr(scheduler_module, "run_due", broken)
        mails = scheduler.at(scheduler.game(game).next_deadline)
        for attempt in range(2, game_failures.ATTEMPTS + 1):
            mails = scheduler.after(game_failures.backoff(attempt - 1))
    assert any("Game Stopped" in str(m["Subject"]) for m in mails), [m["Subject"] for m in mails]
    assert "corrupt" in body_of(mails[-1])
    return (game,)


def a_skipped_winter(judge: JudgeHarness, _: Configured, __: pytest.MonkeyPatch) -> tuple[str, ...]:
    """A fall after which no power can build: the winter is skipped, and the results
    say so (`test_phase_skipping`'s board)."""
    to_fall(judge)
    judge.orders("Austria", "A VIE H", "A BUD H", "F TRI H", "A SER-BUL")
    mails = judge.send(judge.players["England"].address,
                       "SIGNON Eg1 pw1\n" + "\n".join(HOLD_ENGLAND))  # fmt: skip
    assert any("Skipped" in body_of(m) for m in mails)
    return ("g1",)


SCENARIOS: dict[str, Scenario] = {
    "a_skipped_winter": a_skipped_winter,
    "a_standard_year": a_standard_year,
    "a_propaganda_year": a_propaganda_year,
    "a_taskdip_game": a_taskdip_game,
    "seats_and_notices": seats_and_notices,
    "limits_reached": limits_reached,
    "confirmations": confirmations,
    "a_parked_game": a_parked_game,
}

HELP_TOPICS = ("bid", "game", "general", "gm", "intimate", "orders", "press", "settings", "taskdip",
               "commands")  # fmt: skip
HELP = {f"help/{topic}.txt.j2" for topic in HELP_TOPICS} | {"help/command.txt.j2"}  # HELP keyword
REPLY = {"reply.txt.j2", "notes.txt.j2"}
GAME_MAIL = {HEADER, "_settings.txt.j2", "_next_phase.txt.j2", "unsubscribe.txt.j2"}
STANDARD_YEAR = {
    "_command_errors.txt.j2", "_order_reasons.txt.j2", "start.txt.j2", "results.txt.j2",
    "_phase_results.txt.j2", "late_powers.txt.j2", "late_notice.txt.j2", "game_over.txt.j2",
    "_winners.txt.j2", "list_game.txt.j2", "list_games.txt.j2", "history.txt.j2",
    "summary.txt.j2", "press.txt.j2", "announcement.txt.j2", "announcements.txt.j2",
    "_civil_disorder.txt.j2",
}  # fmt: skip
COVERS: dict[str, set[str]] = {
    "a_standard_year": HELP | REPLY | GAME_MAIL | STANDARD_YEAR,
    "a_propaganda_year": REPLY | GAME_MAIL | {
        "start.txt.j2", "intimate_start.txt.j2", "intimate_report.txt.j2",
        "_intimate_sentences.txt.j2", "results.txt.j2", "game_over.txt.j2",
    },
    "a_taskdip_game": REPLY | GAME_MAIL | {
        "start.txt.j2", "taskdip_start.txt.j2", "taskdip_report.txt.j2",
        "_taskdip_sentences.txt.j2", "results.txt.j2",
    },
    "seats_and_notices": REPLY | GAME_MAIL | {
        "whogame.txt.j2", "absence_notice.txt.j2", "reply_copy.txt.j2", "held_orders.txt.j2",
        "reminder.txt.j2", "takeover_request.txt.j2", "takeover_granted.txt.j2",
        "bounce_notice.txt.j2",
    },
    "limits_reached": {
        "reply.txt.j2", "reply_cut.txt.j2", "rate_limit.txt.j2", "help/general.txt.j2",
    },
    "confirmations": REPLY | {"confirm_request.txt.j2", "confirm_action.txt.j2"},
    "a_parked_game": {HEADER, "game_parked.txt.j2"},
    "a_skipped_winter": REPLY | GAME_MAIL | {"results.txt.j2", "_skipped_phases.txt.j2"},
}  # fmt: skip
