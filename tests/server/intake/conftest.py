"""The SMTP listener of the intake tests: `judge`'s own, on a real loopback socket,
storing what it takes through the handover, as `judge serve` does."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.server.intake.helpers import Listener, StartListener

from judge.clock import ManualClock
from judge.config import Config
from judge.loop import BackgroundLoop
from judge.server.handover import Handover
from judge.server.intake import bound_address, start_smtp
from judge.server.intake_inbox import Inbox
from judge.server.processor import store_handed


@pytest.fixture
def start_listener(
    sessions: sessionmaker[Session], database_url: str, make_config: Callable[..., Config],
    clock: ManualClock, loop_thread: Any,
) -> Iterator[StartListener]:
    servers: list[Any] = []
    loops: list[BackgroundLoop] = []

    def start(**sections: dict[str, Any]) -> Listener:
        inbox = Inbox(sessions, clock, make_config(database_url, **sections))
        listener = Listener("", 0)
        handover = Handover(lambda: storer.wake())
        storer = BackgroundLoop(
            "intake-store", lambda: store_handed(sessions, handover, clock) > 0, idle_seconds=1
        )
        storer.start()
        loops.append(storer)
        server = loop_thread.run(start_smtp(inbox, handover, listener.stored.append))
        servers.append(server)
        listener.host, listener.port = bound_address(server)
        return listener

    yield start
    for server in servers:
        loop_thread.loop.call_soon_threadsafe(server.close)
    for storer in loops:
        storer.stop()
        storer.join(5)
