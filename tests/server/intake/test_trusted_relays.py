"""`[smtp] trusted_relays`: which connecting addresses are the operator's own MTAs
(never limited at the intake), how the setting is read and refused, and `judge
deliver` (mail from the local MTA) taking every mail, the processor judging it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.intake.helpers import mail

from judge.clock import ManualClock
from judge.config import Config, ConfigError
from judge.server.intake_inbox import Inbox
from judge.server.piped import EX_OK, store_piped
from judge.store.models import InboxMessage
from judge.trusted_relays import LOOPBACK, is_trusted, trusted_networks


@pytest.mark.parametrize(
    ("setting", "host", "peer", "trusted"),
    [
        ("auto", "127.0.0.1", "127.0.0.1", True),
        ("auto", "127.0.0.1", "127.0.0.2", True),
        ("auto", "::1", "::1", True),
        ("auto", "localhost", "::ffff:127.0.0.1", True),  # a dual-stack socket's form
        ("auto", "0.0.0.0", "127.0.0.1", False),  # listening to the world: trust nobody
        ("auto", "192.0.2.1", "192.0.2.1", False),
        ("", "127.0.0.1", "127.0.0.1", False),
        ("192.0.2.0/24, [2001:db8::]/32", "0.0.0.0", "192.0.2.77", True),
        ("192.0.2.0/24 [2001:db8::]/32", "0.0.0.0", "2001:db8::5", True),
        ("192.0.2.7", "0.0.0.0", "192.0.2.8", False),
        ("192.0.2.7", "0.0.0.0", "not an address", False),
    ],
)
def test_who_is_a_trusted_relay(setting: str, host: str, peer: str, trusted: bool) -> None:
    assert is_trusted(peer, trusted_networks(setting, host)) is trusted


def test_the_default_trusts_loopback_when_listening_on_loopback(
    make_config: Callable[..., Config], database_url: str
) -> None:
    config = make_config(database_url)
    assert config.smtp.trusted_relays == "auto"
    assert trusted_networks(config.smtp.trusted_relays, config.smtp.host) == LOOPBACK


def test_a_bad_entry_is_refused_at_start_with_the_key_and_the_entry(
    make_config: Callable[..., Config], database_url: str
) -> None:
    with pytest.raises(ConfigError, match=r"\[smtp\] trusted_relays: 'mta\.example' is not"):
        make_config(database_url, smtp={"trusted_relays": "127.0.0.1 mta.example"})


def test_deliver_takes_every_mail_and_the_processor_judges_it(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str,
) -> None:
    """A forged burst piped in by the MTA no longer gets the player's own mail deferred
    (exit 75) for an hour: all are stored; the per-sender verdict is the processor's."""
    inbox = Inbox(sessions, clock, make_config(database_url, limits={"per_sender_per_hour": 2}))
    outcomes: list[Any] = [
        store_piped(inbox, mail(n).as_bytes(), "ann@example.org") for n in range(5)
    ]
    assert [outcome.exit_code for outcome in outcomes] == [EX_OK] * 5
    with sessions() as session:
        assert len(session.scalars(select(InboxMessage)).all()) == 5
