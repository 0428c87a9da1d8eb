"""A real `judge serve` with cheap password hashes, for the Intimate games by mail.

`quick_judge` is the standard game's `judge` fixture (a `judge serve` subprocess
on a loopback port, maildir outbox), started with `JUDGE_HANDLER` pointing at
`cheap_hashes`: the service's own handler, with a fast Argon2id.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e.test_standard_game import Judge, judge  # noqa: F401 (a fixture used below)

TESTS = Path(__file__).resolve().parents[1]
HANDLER = "e2e.cheap_hashes:handle_inbox_message"


@pytest.fixture
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment of the judge subprocess: the cheap-hash handler, importable."""
    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
    monkeypatch.setenv("JUDGE_HANDLER", HANDLER)
    monkeypatch.setenv("PYTHONPATH", path)


@pytest.fixture
def quick_judge(cheap_hashes: None, judge: Judge) -> Judge:  # noqa: F811
    return judge
