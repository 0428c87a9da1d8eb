"""How the attacks reach a judge: the types of `tests/hostile/conftest.py`'s fixtures
(`serve` starts a `judge serve`, `harness` builds the service harness), the launcher
name of the service's handler with cheap hashes, and the config file of the judge
one module shares."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from support.e2e.judge_process import Judge
from support.service.harness import JudgeHarness

CHEAP_HANDLER = "support.e2e.cheap_hashes:CheapHandler"

Serve = Callable[..., Judge]
HarnessFactory = Callable[..., JudgeHarness]


def write_toml(folder: Path, database_url: str, confirm_addresses: bool = False) -> Path:
    path = folder / "judge.toml"
    path.write_text(
        '[judge]\naddress = "judge@example.org"\ncode = "TEST"\n'
        '[smtp]\nhost = "127.0.0.1"\nport = 0\n'
        f'[database]\nurl = "{database_url}"\n'
        '[outbound]\ntransport = "maildir"\nmaildir = "outbox"\n'
        "[scheduler]\npoll_seconds = 0.2\n"
        "[limits]\nper_sender_per_hour = 1000\n"
        f"[security]\nconfirm_addresses = {'true' if confirm_addresses else 'false'}\n"
    )
    return path
