"""Crashes without duplicates: `judge serve` killed with SIGKILL in the middle of a
batch to a slow relay re-sends at most the one mail it had in hand (into a maildir:
none), and its successor starts sending at once instead of waiting out the dead
process's 5-minute leases. Real processes: the judge, and a relay of its own."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from email import message_from_bytes
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

pytestmark = [pytest.mark.postgres_copy, pytest.mark.slow]  # the store path differs; processes

CRASHES = 3
LEASE_SECONDS = 300  # the default: a successor that waited it out would time out below
FIRST_DELIVERY_LIMIT = 30.0  # seconds from restart (Python start and migration included)


@pytest.mark.waits  # on the relay, 0.15 s a mail
def test_sigkill_mid_batch_to_a_slow_relay_duplicates_at_most_one_mail_per_crash(
    database_url: str,
    write_config: Callable[..., Path],
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> None:
    migrated_database.copy_to(database_url)  # `queue_mails` and the judges find it at head
    relay, port, log = start_relay(tmp_path, delay=0.15)
    try:
        config = write_config(database_url, outbound={
            "transport": "smtp", "relay_host": "127.0.0.1", "relay_port": port,
            "relay_timeout_seconds": 10, "lease_seconds": LEASE_SECONDS,
        })  # fmt: skip
        wanted = queue_mails(database_url, 80)
        firsts = []
        for _crash in range(CRASHES):
            before = len(relayed(log))
            judge = start_judge("serve", config, tmp_path / "judge.log")
            firsts.append(wait_until(lambda: len(relayed(log)) > before, "a first delivery"))  # noqa: B023
            wait_until(lambda: len(relayed(log)) >= before + 5, "a batch under way")  # noqa: B023
            judge.kill()  # SIGKILL: no clean-up of any kind
            judge.wait()
        before = len(relayed(log))
        judge = start_judge("serve", config, tmp_path / "judge.log")
        try:
            firsts.append(wait_until(lambda: len(relayed(log)) > before, "a first delivery"))
            with unsent_counter(database_url) as unsent:
                wait_until(lambda: unsent() == 0, "every mail sent", every=0.1)
        finally:
            stop(judge)
        counts = Counter(relayed(log))
        duplicates = sum(n - 1 for n in counts.values())
        print(
            f"\nFIGURES smtp: {duplicates} duplicate(s) over {CRASHES} SIGKILLs; "
            f"restart to first delivery: {', '.join(f'{s:.2f} s' for s in firsts)}"
        )
        assert set(counts) == wanted
        assert duplicates <= CRASHES
        assert max(firsts) < FIRST_DELIVERY_LIMIT < LEASE_SECONDS
    finally:
        stop(relay)


def test_sigkill_mid_batch_into_a_maildir_leaves_no_duplicate(
    database_url: str,
    write_config: Callable[..., Path],
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> None:
    migrated_database.copy_to(database_url)
    config = write_config(database_url)
    new = tmp_path / "outbox" / "new"

    def written() -> int:
        return len(os.listdir(new)) if new.is_dir() else 0

    total = 1500
    wanted = queue_mails(database_url, total)
    firsts, at_kill = [], []
    for _crash in range(CRASHES):
        before = written()
        judge = start_judge("serve", config, tmp_path / "judge.log")
        firsts.append(wait_until(lambda: written() > before, "a first file"))  # noqa: B023
        wait_until(lambda: written() >= before + 30, "a batch under way")  # noqa: B023
        judge.kill()
        judge.wait()
        at_kill.append(written())
    judge = start_judge("serve", config, tmp_path / "judge.log")
    try:
        with unsent_counter(database_url) as unsent:
            wait_until(lambda: unsent() == 0, "every mail sent", every=0.1)
    finally:
        stop(judge)
    files = sorted(new.iterdir())
    ids = Counter(_message_id(path.read_bytes()) for path in files)
    print(
        f"\nFIGURES maildir: {len(files)} files for {total} mails after {CRASHES} "
        f"SIGKILLs (at {at_kill}); restart to first file: "
        f"{', '.join(f'{s:.2f} s' for s in firsts)}"
    )
    assert at_kill[0] < total  # the kills did land in the middle of the sending
    assert len(files) == total and set(ids) == wanted
    assert max(ids.values()) == 1
    assert list((tmp_path / "outbox" / "tmp").iterdir()) == []  # a torn file was redone


def _message_id(data: bytes) -> str:
    return str(message_from_bytes(data)["Message-ID"])
