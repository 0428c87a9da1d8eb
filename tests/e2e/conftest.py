"""A real `judge serve` with cheap password hashes, for the Intimate games by mail.

`quick_judge` is the standard game's `judge` fixture (a `judge serve` subprocess
on a loopback port, maildir outbox), started through the test launcher
`serve_with` with `cheap_hashes`: the service's own handler, with a fast Argon2id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from e2e.test_standard_game import Judge, serving

HANDLER = "e2e.cheap_hashes:handle_inbox_message"


@pytest.fixture
def quick_judge(
    write_config: Callable[..., Path], database_url: str, tmp_path: Path
) -> Iterator[Judge]:
    yield from serving(write_config, database_url, tmp_path, handler=HANDLER)


# Each game by mail runs on SQLite. On PostgreSQL only the games whose path through
# the store differs run again: the flagship standard game (every command, both
# daemons) and the bounce and map round trip (outbox maps, VERP). The service tests
# under them run every rule on both backends, and the store, scheduler, outbound and
# intake tests every backend-specific path; a whole second copy of each year by
# mail added about two minutes to the suite and nothing they do not cover.
POSTGRES_GAMES = frozenset({"test_standard_game.py", "test_bounces_and_maps.py"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    dropped = [item for item in items if _second_copy(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if not _second_copy(item)]


def _second_copy(item: pytest.Item) -> bool:
    path = item.path
    if path.parent.name != "e2e" or path.name in POSTGRES_GAMES:
        return False
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("database_url") == "postgres"
