"""A real `judge serve` with cheap password hashes, for the Intimate games by mail.

`quick_judge` is the standard game's `judge` fixture (a `judge serve` subprocess
on a loopback port, maildir outbox), started through the test launcher
`serve_with` with `cheap_hashes`: the service's own handler, with a fast Argon2id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.e2e.judge_process import Judge, serving

HANDLER = "support.e2e.cheap_hashes:CheapHandler"


@pytest.fixture
def quick_judge(
    write_config: Callable[..., Path], database_url: str, tmp_path: Path
) -> Iterator[Judge]:
    yield from serving(write_config, database_url, tmp_path, handler=HANDLER)


@pytest.fixture
def judge(write_config: Callable[..., Path], database_url: str, tmp_path: Path) -> Iterator[Judge]:
    yield from serving(write_config, database_url, tmp_path)
