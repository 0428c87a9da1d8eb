"""One sender, whatever the relay's pace: with a relay that takes its time over every
mail (10 s in the field; here 0.2 s against a 4 s lease, the same proportions as
50 mails against the old 5-minute lease), `judge serve` and `judge scheduler` both
sending from one database deliver every mail exactly once. The leases are renewed
while a batch is under way, so no batch outlives its lease."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from support.migrated_copy import MigratedTemplates
from support.server.sender.processes import (
    queue_mails,
    relayed,
    start_judge,
    start_relay,
    stop,
    unsent_counter,
    wait_until,
)

# The store path differs; real processes; mostly waiting on a relay slow on purpose.
pytestmark = [pytest.mark.postgres_copy, pytest.mark.slow, pytest.mark.waits]

MAILS = 60


def test_two_live_senders_and_a_slow_relay_send_each_mail_once(
    database_url: str,
    write_config: Callable[..., Path],
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> None:
    migrated_database.copy_to(database_url)  # not about migrating: the judges find it at head
    relay, port, log = start_relay(tmp_path, delay=0.2)
    judges = []
    try:
        config = write_config(
            database_url,
            outbound={
                "transport": "smtp",
                "relay_host": "127.0.0.1",
                "relay_port": port,
                "relay_timeout_seconds": 1,
                "lease_seconds": 4,
                "batch_size": 30,
            },
        )  # fmt: skip  (a batch of 30 takes 6 s: longer than its lease)
        wanted = queue_mails(database_url, MAILS)
        judges = [start_judge(command, config, tmp_path / f"{command}.log")
                  for command in ("serve", "scheduler")]  # fmt: skip
        with unsent_counter(database_url) as unsent:
            wait_until(lambda: unsent() == 0, "every mail sent", every=0.1)
        wait_until(lambda: len(relayed(log)) >= MAILS, "the relay's log")
    finally:
        for judge in judges:
            stop(judge)
        stop(relay)
    counts = Counter(relayed(log))
    assert set(counts) == wanted
    assert max(counts.values()) == 1, [m for m, n in counts.items() if n > 1]
