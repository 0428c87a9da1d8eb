"""Every line the judge writes fits in 78 columns, so plain mail goes out as 7-bit
text, never quoted-printable (which shows `=20` and `=\n` in some readers).

The templates are rendered with real data by playing games by mail: a standard year
with the late notices and a draw, an Intimate year with bids and a stalemate, a
Taskdip game to a task victory with the longest names, the help on every topic, the
listings. Every mail queued is checked, except the echo of
the player's own lines (`> ...`), which may be as long as the player wrote them.
A recorder notes which templates and macros were rendered, so the test also shows
that it saw (nearly) all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import Any, cast

import pytest
from sqlalchemy import func, select
from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, OBSERVER, bid, start_intimate
from support.service.taskdip_scenario import THREE_PLAYERS, find_seed, seat_orders, set_seed

from judge.server.scheduler import run_due_games
from judge.store.models import OutboxMessage
from judge.variants.registry import default_registry
from judge.wording import templates
from judge.wording.readers import Reader

TEMPLATE_DIR = templates.template_dir()
WIDTH = 78


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """The names of the templates (and `module:macro`) rendered during the test."""
    seen: set[str] = set()
    render, render_macro = templates.render, templates.render_macro

    def recording_render(name: str, *reader: Reader, **data: Any) -> str:
        seen.add(name)
        return render(name, *reader, **data)

    def recording_macro(module: str, macro: str, *reader: Reader, **data: Any) -> str:
        seen.add(f"{module}:{macro}")
        return render_macro(module, macro, *reader, **data)

    for module in ("judge.wording.templates", "judge.service.context"):
        monkeypatch.setattr(f"{module}.render_macro", recording_macro, raising=False)
    for module in (
        "judge.wording.templates", "judge.service.commands.help", "judge.service.commands.listing",
        "judge.service.replies.handling", "judge.service.game.announce",
        "judge.service.game.lateness",
        "judge.service.game.processing", "judge.service.limits.declining",
        "judge.service.commands.press",
        "judge.service.game.starting", "judge.service.game.ending", "judge.wording.report",
        "judge.service.context",
    ):  # fmt: skip
        monkeypatch.setattr(f"{module}.render", recording_render, raising=False)
    yield seen


def too_wide(mail: EmailMessage) -> list[str]:
    return [
        line
        for line in body_of(mail).splitlines()
        if len(line) > WIDTH and not line.startswith("> ")
    ]


def scheduler_round(judge: JudgeHarness) -> list[EmailMessage]:
    """One scheduler round; the mails it queued."""
    with judge.sessions() as session:
        before = session.scalar(select(func.max(OutboxMessage.id))) or 0
        run_due_games(session, judge.clock, judge.config, judge.variants)
        rows = session.scalars(select(OutboxMessage).where(OutboxMessage.id > before)).all()
        return [cast(EmailMessage, message_from_bytes(r.message, policy=default)) for r in rows]


def check(mails: list[EmailMessage]) -> list[EmailMessage]:
    for mail in mails:
        assert too_wide(mail) == [], mail["Subject"]
        if mail.get_content_type() == "text/plain":
            assert mail["Content-Transfer-Encoding"] in ("7bit", "8bit"), mail["Subject"]
    return mails


# The longest values a mail can hold: a game name of 20 characters (the most CREATE
# takes) and the longest time zone name, which every deadline line then shows.
LONGEST_GAME = "abcdefghij-klmnopqrs"
LONGEST_ZONE = "America/Argentina/ComodRivadavia"


def play_a_standard_year(
    judge: JudgeHarness, check: Callable[[list[EmailMessage]], object], game: str = "g1",
    zone: str | None = None,
) -> None:
    """A tour of the mails of a standard game year, each batch handed to `check`:
    HELP and its topics, the start, the master's settings, LIST and HISTORY (with an
    unknown command), orders with press, a reminder, late notices, four phases, and
    a draw. The English and the French template tests both take it. With `zone`,
    the master and every player read their mail in that time zone."""
    check(judge.send("new@example.org", "HELP"))
    for topic in default_registry().help_topics():
        check(judge.send("new@example.org", f"HELP {topic}"))
    check(judge.send("new@example.org", "HELP SET DIAS"))  # one command's page
    judge.start_game(game)
    if zone is not None:
        for power, player in judge.players.items():
            signon = f"SIGNON {power[0]}{game} {player.password}"
            check(judge.send(player.address, f"{signon}\nSET TIMEZONE {zone}"))
        check(judge.send("gm@example.org", f"SIGNON M{game} gmpass\nSET TIMEZONE {zone}"))
    check(judge.send("gm@example.org", f"SIGNON M{game} gmpass\nSET GRACE 24h\nSET MOVE NEXT 2d"))
    check(judge.send("new@example.org", f"LIST\nLIST {game}\nHISTORY {game}\nSUMMARY {game}\nFOO"))
    france = judge.players["France"]
    orders = f"SIGNON F{game} {france.password}\nA PAR-BUR\nA MUN-RUH\nPRESS\nHi\nENDPRESS"
    check(judge.send(france.address, orders))
    judge.clock.advance(timedelta(days=2, hours=23))  # the reminder
    check(scheduler_round(judge))
    judge.clock.advance(timedelta(days=1, hours=1))  # the deadline: late notices
    check(scheduler_round(judge))
    for _ in range(4):
        check(judge.play_phase(game))
    check(judge.send("new@example.org", f"LIST {game}\nHISTORY {game}\nSUMMARY {game}"))
    for power, player in judge.players.items():
        check(judge.send(player.address, f"SIGNON {power[0]}{game} {player.password}\nDRAW"))


def test_a_standard_year_by_mail_stays_within_78_columns(
    judge: JudgeHarness, rendered: set[str]
) -> None:
    play_a_standard_year(judge, check, LONGEST_GAME, LONGEST_ZONE)
    used = {name.split(":")[0] for name in rendered}
    assert "results.txt.j2" in used and "game_over.txt.j2" in used


def test_an_intimate_year_by_mail_stays_within_78_columns(
    judge: JudgeHarness, rendered: set[str]
) -> None:
    start_intimate(judge)
    check(judge.send(OBSERVER, "SIGNON Og1 look\nA PAR H"))
    germany, france = judge.players["Germany"], judge.players["France"]
    check(judge.send(germany.address, "SIGNON Gg1 pw0\nBID AUSTRIA 5\nBID ENGLAND 30"))
    check(judge.send(france.address, "SIGNON Fg1 pw1\nBID ITALY 4"))
    check(judge.send(MASTER, "LIST g1\nSUMMARY g1\nSIGNON Mg1 gmpass\nPROCESS"))
    text = bid(judge, "France", "CONCEDE")
    assert "conceded" in text


def test_a_plain_reply_goes_out_as_7bit_text(judge: JudgeHarness) -> None:
    reply = judge.reply("ann@example.org", "HELP\nHELP gm\nLIST")
    assert reply["Content-Transfer-Encoding"] == "7bit"
    assert reply["From"] == "Diplomacy Judge <judge@example.org>"  # [judge] name


# The longest address a reader will see in a list of players: 64 characters.
LONGEST_ADDRESS = "abcdefghij.klmnopqrst.uvwxyzabcd@mail.abcdefghij-klmnopqrs.example"


def test_a_taskdip_game_by_mail_stays_within_78_columns(
    judge: JudgeHarness, rendered: set[str]
) -> None:
    """Three players, each with two powers and their tasks; the first (with the longest
    address) is allotted a neutral power on the way and wins on its task in the fall,
    so the winner is named with three powers and every task is revealed. Everyone
    reads in the longest time zone; one player is late, one resigns before the end."""
    game = LONGEST_GAME
    check(judge.send(MASTER, f"CREATE {game} gmpass taskdip\nSET PLAYERS 3"))
    check(judge.send(OBSERVER, f"OBSERVE {game} look\nSET TIMEZONE {LONGEST_ZONE}"))
    set_seed(judge.sessions, game, find_seed(THREE_PLAYERS))
    addresses = [LONGEST_ADDRESS, "p1@example.org", "p2@example.org"]
    for index, address in enumerate(addresses):
        check(judge.send(address, f"SIGNON ?{game} pw{index}\nSET TIMEZONE {LONGEST_ZONE}"))
    held = {row["address"]: row["powers"] for row in judge.status(game)["players"]}
    signons = {a: f"SIGNON {held[a][0][0]}{game} pw{i}" for i, a in enumerate(addresses)}
    master = f"SIGNON M{game} gmpass"
    check(judge.send(MASTER, f"{master}\nSET TIMEZONE {LONGEST_ZONE}\nSET GRACE 24h"))
    check(judge.send("new@example.org", f"LIST\nLIST {game}\nHISTORY {game}\nSUMMARY {game}"))
    status = judge.status(game)
    for address in addresses[1:]:
        lines = seat_orders(THREE_PLAYERS, "S1901M", held[address], status)
        check(judge.send(address, "\n".join([signons[address], *lines, "PRESS", "Hi", "ENDPRESS"])))
    deadline = datetime.fromisoformat(judge.status(game)["deadline"])
    judge.clock.advance(deadline - judge.clock.now() - timedelta(hours=1))  # the reminder
    check(scheduler_round(judge))
    judge.clock.advance(timedelta(hours=2))  # the deadline: late notices, the grace
    check(scheduler_round(judge))
    assert judge.status(game)["phase"] == "S1901M"
    resigned, mails = False, []
    while judge.status(game)["winner"] is None:
        status = judge.status(game)
        assert status["phase"] in ("S1901M", "F1901M"), status["phase"]
        for row in status["players"]:
            lines = seat_orders(THREE_PLAYERS, status["phase"], row["powers"], status)
            mails = check(judge.send(row["address"], "\n".join([signons[row["address"]], *lines])))
        if not resigned:
            check(judge.send("new@example.org", f"LIST {game}\nSUMMARY {game}"))
            check(judge.send(addresses[2], f"{signons[addresses[2]]}\nRESIGN"))
            resigned = True
    assert judge.status(game)["winner"] == "AUSTRIA"
    final = next(body_of(m) for m in mails if m["To"] == OBSERVER)
    assert "The player of Austria, France and Turkey has won." in final
    check(judge.send("new@example.org", f"LIST {game}\nHISTORY {game}\nSUMMARY {game}"))
    used = {name.split(":")[0] for name in rendered}
    assert {"start.txt.j2", "results.txt.j2"} <= used, used
    assert "taskdip_report.txt.j2" in used and "late_powers.txt.j2" in used, used
