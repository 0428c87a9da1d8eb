"""Fuzz the whole handler: random mails of commands, orders and garbage.

Whatever arrives, the sender gets exactly one reply (none for a mail that must not
be answered), the judge never fails on a line, and every game stays consistent.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, body_of
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.service.status import game_status
from judge.store import games as store
from judge.store.models import GameStatus, PlayerRole, PlayerStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

PROVINCES = "PAR BUR MAR BRE MAO KIE BER MUN RUH XYZ stp/sc Spain".split()
UNITS = ["A", "F", "Army", "fleet", ""]
SENDERS = [f"p{i}@example.org" for i in range(7)] + ["gm@example.org", "stranger@example.org"]
PASSWORDS = [f"pw{i}" for i in range(7)] + ["gmpass", "wrong"]

COMMANDS = [
    "LIST", "LIST g1", "LIST nope", "HISTORY g1", "SUMMARY g1", "HELP", "HELP gm", "HELP bogus",
    "CREATE g2 pw standard", "CREATE g1 pw standard", "CREATE g3 pw nosuchvariant",
    "SIGNON ?g2 pw", "OBSERVE g1 look", "START", "PROCESS", "PAUSE", "RESUME", "DRAW",
    "NODRAW", "CONCEDE", "STALEMATE", "PREFERENCES FGEAIRT", "PREFERENCES X", "ORDERS",
    "ENDORDERS", "SET WAIT", "SET NOWAIT", "SET RULE convoy_adjacent 2.4", "SET DEADLINE +2d",
    "SET PASSWORD pw9", "BID F 3", "BID NONE", "PRESS", "ENDPRESS", "BROADCAST", "MAP g1",
    "EJECT France", "WAIVE", "SIGNOFF", "SET ZINE z@example.org", "SIGN ON",
]  # fmt: skip

signons = st.builds(
    lambda letter, game, password: f"SIGNON {letter}{game} {password}",
    st.sampled_from("?AEFGIRTMOX"),
    st.sampled_from(["g1", "g2", "zz"]),
    st.sampled_from(PASSWORDS),
)
moves = st.builds(
    lambda unit, a, verb, b: f"{unit} {a}{verb}{b}",
    st.sampled_from(UNITS),
    st.sampled_from(PROVINCES),
    st.sampled_from(["-", " - ", " S A PAR-", " R ", " C A BRE-", " H", " -> "]),
    st.sampled_from([*PROVINCES, ""]),
)
builds = st.builds(
    lambda verb, unit, place: f"{verb} {unit} {place}",
    st.sampled_from(["BUILD", "REMOVE", "Build", "disband"]),
    st.sampled_from(UNITS),
    st.sampled_from(PROVINCES),
)
garbage = st.text(st.characters(blacklist_categories=["Cs", "Cc"]), max_size=30)
lines = st.one_of(st.sampled_from(COMMANDS), signons, moves, builds, garbage)
mails = st.tuples(
    st.sampled_from(SENDERS),
    st.lists(lines, max_size=8),
    st.sampled_from([{}, {}, {}, {"Auto-Submitted": "auto-replied"}]),
)


def check_games_are_consistent(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        for game in store.list_games(session):
            records = store.phase_history(session, game)
            status = game_status(session, WORKER_REGISTRY, game.name)
            json.dumps(status)
            if game.status is GameStatus.FORMING:
                assert game.phase is None and not records
                continue
            assert records and game.phase == records[-1].phase
            assert all(r.processed_at is not None for r in records[:-1])
            assert len({r.phase for r in records}) == len(records)
            for record in records:
                store.phase_state(record)
            players = store.players_of(
                session, game, roles=[PlayerRole.PLAYER], statuses=[PlayerStatus.ACTIVE]
            )
            powers = [power for player in players for power in player.powers]
            assert len(powers) == len(set(powers))


@pytest.mark.slow
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(batch=st.lists(mails, min_size=1, max_size=3))
def test_any_mail_gets_exactly_one_reply_and_games_stay_consistent(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
    batch: list[tuple[str, list[str], dict[str, str]]],
) -> None:
    config = make_config(database_url, limits={"per_sender_per_hour": 1_000_000})
    judge = JudgeHarness(sessions, clock, config)
    if not judge.status_of_games():
        judge.start_game()
    for sender, body_lines, headers in batch:
        sent = judge.send(sender, "\n".join(body_lines), headers=headers)
        replies = [m for m in sent if m["Auto-Submitted"] == "auto-replied"]
        to_sender = [m for m in replies if m["To"] == sender]
        if headers:
            assert sent == []
            continue
        assert len(to_sender) == 1
        text = body_of(to_sender[0])
        assert text.endswith("errors found in your mail.\n") or text.endswith(
            "error found in your mail.\n"
        )
        assert "The judge failed" not in text
        assert to_sender[0]["Subject"].startswith("Re: ")
    check_games_are_consistent(sessions)
