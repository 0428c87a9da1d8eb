"""Fill a database the way a judge of an earlier release would: run by
`tests/store/upgrades` with THAT release's code first on the path, never this tree's.

    PYTHONPATH=<release>:<release>/tests python seed_release.py <release> <database url>

(The tests have `seed_server.py` import it so, in a fork, and call `main` there.)

It migrates the empty database with the release's own migrations, then drives the
release's own service through its test harness (`tests/service/harness.py`, there
since the first migration): a master creates a standard game, seven players sign on,
Spring 1901 is played and processed, and every power but one sends its orders for
Fall 1901. The orders on file, the phases, players, events, inbox and outbox rows
are the release's own. It prints the revision the database is at.

It uses only what every release has kept: `upgrade`, `make_engine`,
`make_session_factory` (given the variant registry in the releases whose sessions
carried it; later ones pass it by argument), `config_from_dict`,
`ManualClock`, the tests' `_config_data`, `JudgeHarness` and the scripted game of
`service.scenario`.
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from service.harness import POWERS, JudgeHarness
from service.scenario import orders_for, owes_orders

from judge.clock import ManualClock
from judge.config import config_from_dict
from judge.store import db
from judge.store.migrate import current_revision, upgrade

GAME = "g1"
CLOCK = datetime(2099, 1, 1, tzinfo=UTC)  # no deadline falls due while the tests play on


def main(release: Path, url: str) -> None:
    _check_the_code_is(release)
    _cheap_password_hashes()
    engine = db.make_engine(url)
    upgrade(engine)
    with tempfile.TemporaryDirectory() as folder:
        # The release's own test settings (address confirmation off, from 0006 on).
        settings = _release_conftest(release)._config_data(url, {})
        config = config_from_dict(settings, Path(folder))
        judge = JudgeHarness(_sessions(engine), ManualClock(CLOCK), config)
        judge.start_game(GAME)
        judge.play_phase(GAME)  # Spring 1901: every power orders, the phase is processed
        _orders_on_file(judge)
    print(current_revision(engine))
    engine.dispose()


def _check_the_code_is(release: Path) -> None:
    """Refuse to seed with any judge but the release's (an install of this tree's, say)."""
    import judge

    if not Path(judge.__file__).resolve().is_relative_to(release.resolve()):
        raise SystemExit(f"the judge imported is {judge.__file__}, not the release's in {release}")


def _cheap_password_hashes() -> None:
    """Argon2 at its lowest cost: half a seed's time went into hashing and checking
    passwords. The hashes are argon2 hashes all the same (their cost is written in
    them), and every release keeps its hasher in `judge.store.passwords._HASHER`."""
    from argon2 import PasswordHasher

    from judge.store import passwords

    passwords._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)  # type: ignore[attr-defined]


def _release_conftest(release: Path) -> Any:
    """The release's `tests/conftest.py` (this folder has a conftest of its own)."""
    path = release / "tests" / "conftest.py"
    spec = importlib.util.spec_from_file_location("release_conftest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sessions(engine: Any) -> Any:
    """The release's session factory, given the variant registry if it takes one."""
    if "variants" not in inspect.signature(db.make_session_factory).parameters:
        return db.make_session_factory(engine)
    from judge.variants.registry import default_registry

    return db.make_session_factory(engine, default_registry())


def _orders_on_file(judge: JudgeHarness) -> None:
    """Every power but the last sends its Fall 1901 orders: they wait on file."""
    status = judge.status(GAME)
    phase = status["phase"]
    senders = [power for power in POWERS if owes_orders(phase, power, status)][:-1]
    for power in senders:
        player = judge.players[power]
        lines = [f"SIGNON {player.letter}{GAME} {player.password}"]
        judge.send(player.address, "\n".join(lines + orders_for(phase, power, status)))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
