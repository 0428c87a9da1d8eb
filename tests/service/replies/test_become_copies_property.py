"""Generated master mails mixing BECOME with every kind of line (issue 31, item 4).

A master's mail signs on, reads as the master (WHOGAME of a gunboat game lists
every address), then acts as one power after another with BECOME: orders and
CANCELs (refused ones too), new passwords, press, concessions, votes, settings,
lines that only read (many of them, past a screenful), lines the judge cannot
read. Whatever the mix:

* each power acted for gets exactly one copy, and no other player gets one;
* every line that writes, done in a power's name, is in that power's copy (a new
  password masked), and nothing done as anyone else is;
* each copy accounts for every line done in its seat's name: those it shows,
  plus those its closing note counts (never cut silently);
* no copy holds a password (the master's, a new one, any player's) nor another
  player's address; the master's reply holds each line that did something too.

The generated mails reach several hundred lines, past `[limits] commands_per_mail`
(lines past it are not done at all: tests/service/replies/test_mail_caps.py), so this test
gives the cap room: what it proves is the copy of every line that was done.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, body_of

from judge.clock import ManualClock
from judge.config import Config

GM, GM_PASSWORD = "gm@example.org", "gmpass"
HOLDS = {"Austria": "A VIE H", "England": "F LON H", "France": "A PAR H",
         "Germany": "A BER H", "Italy": "A ROM H", "Russia": "A MOS H",
         "Turkey": "A CON H"}  # fmt: skip
READING = ["LIST g1", "WHOGAME g1", "HELP", "HISTORY g1", "VERSION"]
PASSWORDS = st.text("abcdefghjkmnpqrstuvwxyz23456789", min_size=6, max_size=10).map(
    lambda tail: "zq" + tail
)  # words no other text of a mail holds


@dataclass
class Block:
    """The lines of one BECOME, and which of them write (as the copy shows them)."""

    power: str
    lines: list[str] = field(default_factory=list)
    writes: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    refusable: list[str] = field(default_factory=list)  # writes that may be refused


@st.composite
def acts(draw: st.DrawFn, power: str) -> Block:
    """The lines a master writes as `power`: never a game-ending one (Italy never
    concedes, so no power ever has every other's concession)."""
    block = Block(power, [f"BECOME {power}"], [f"BECOME {power}"])
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["order", "cancel", "password", "press", "concede", "wait",
                                     "nodraw", "zone", "reading", "readings", "junk"]))  # fmt: skip
        if kind == "order":
            lines = [HOLDS[power]]
        elif kind == "cancel":  # refused when no order is on file: shown all the same
            lines = [f"CANCEL {HOLDS[power][:5]}"]
            block.refusable.append(lines[0])
        elif kind == "nodraw":
            lines = ["NODRAW"]
        elif kind == "zone":
            lines = [draw(st.sampled_from(["SET TIMEZONE Europe/Paris", "SET TIMEZONE UTC"]))]
        elif kind == "password":
            secret = draw(PASSWORDS)
            block.secrets.append(secret)
            block.lines.append(f"SET PASSWORD {secret}")
            block.writes.append("SET PASSWORD ********")
            continue
        elif kind == "press":
            lines = ["PRESS TO MASTER", f"about {power}", "ENDPRESS"]
        elif kind == "concede":
            lines = ["SET NOCONCEDE" if power == "Italy" else
                     f"SET CONCEDE {'Italy' if power == 'Germany' else 'Germany'}"]  # fmt: skip
        elif kind == "wait":
            lines = [draw(st.sampled_from(["SET WAIT", "SET NOWAIT"]))]
        else:
            count = draw(st.integers(1, 50)) if kind == "readings" else 1
            junk = ["WOBBLE the garden gnome"] * count
            block.lines += junk if kind == "junk" else [draw(st.sampled_from(READING))] * count
            continue
        block.lines += lines
        block.writes.append("\n".join(lines))
    return block


@st.composite
def master_mails(draw: st.DrawFn) -> list[Block | list[str]]:
    """The master's mail: blocks of the master's own lines, and BECOME blocks."""
    powers = draw(st.lists(st.sampled_from(sorted(HOLDS)), min_size=1, max_size=3,
                           unique=True))  # fmt: skip
    mail: list[Block | list[str]] = []
    for power in powers:  # BECOME is the master's: signed on as the master each time
        reading = draw(st.lists(st.sampled_from(READING), max_size=3))
        mail.append([f"SIGNON Mg1 {GM_PASSWORD}", *reading])
        mail.append(draw(acts(power)))
    return mail


@pytest.fixture
def judge(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> JudgeHarness:
    """The service's judge, with room for the longest generated mail's commands."""
    limits = {"per_sender_per_hour": 1000, "commands_per_mail": 1000}
    return JudgeHarness(sessions, clock, make_config(database_url, limits=limits))


def _ready(judge: JudgeHarness) -> None:
    """A gunboat game of 7 (made once: the examples share it)."""
    if judge.players:
        return
    judge.reply(GM, f"CREATE g1 {GM_PASSWORD} standard GUNBOAT")
    judge.start_game()  # its own CREATE is refused: the 7 join the gunboat game


def _copies(mails: list[EmailMessage]) -> dict[str, list[str]]:
    replies: dict[str, list[str]] = {}
    for mail in mails:
        if mail["Auto-Submitted"] == "auto-replied":
            replies.setdefault(str(mail["To"]), []).append(body_of(mail))
    return replies


def _echoed(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("> ")]


def _counted(text: str) -> int:
    found = re.search(r"\.\.\. and (\d+) more lines? done in your name", " ".join(text.split()))
    return int(found[1]) if found else 0


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mail=master_mails())
def test_every_line_done_in_a_players_name_reaches_them_and_nothing_else(
    judge: JudgeHarness, mail: list[Block | list[str]]
) -> None:
    _ready(judge)
    blocks = [part for part in mail if isinstance(part, Block)]
    lines = [line for part in mail for line in (part.lines if isinstance(part, Block) else part)]
    replies = _copies(judge.send(GM, "\n".join(lines)))
    (reply,) = replies.pop(GM)
    by_address = {judge.players[block.power].address: block for block in blocks}
    assert set(replies) == set(by_address)  # a copy to each power acted for, no other
    secrets = [GM_PASSWORD, *(p.password for p in judge.players.values()),
               *(s for block in blocks for s in block.secrets)]  # fmt: skip
    for address, (copy,) in replies.items():
        block = by_address[address]
        echoed = "\n".join(_echoed(copy))
        for written in block.writes:
            assert written in echoed, (written, copy)
        assert len(_echoed(copy)) + _counted(copy) == len(block.lines), copy
        for secret in secrets:
            assert not re.search(rf"\b{secret}\b", copy), (secret, copy)
        for other in judge.players.values():
            assert other.address == address or other.address not in copy, copy
        assert "> SIGNON" not in copy and "WHOGAME g1\nGame" not in copy
    for block in blocks:  # the master's reply: every line that did something
        for written in block.writes:
            if not written.startswith("SET PASSWORD") and written not in block.refusable:
                assert written in "\n".join(_echoed(reply)), (written, reply)
