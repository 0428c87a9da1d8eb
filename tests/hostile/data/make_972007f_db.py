"""How `judge_972007f.db` was made: a standard game started by the judge at commit
972007f (before confirmed addresses), played one phase, on a clock in 2099 (so
that no deadline of it falls due while a test plays on).

Run with that commit's code, not this tree's:

    git archive 972007f | tar -x -C /tmp/old972
    cd /tmp/old972 && PYTHONPATH=/tmp/old972:/tmp/old972/tests \
        python <this file> /path/to/judge_972007f.db

then trimmed to the game and one pending reply, dated when a test can send it:

    sqlite3 judge_972007f.db "delete from outbox where id not in (select max(id)
      from outbox where kind = 'reply'); delete from inbox; update outbox set
      created_at = '2026-11-20 00:00:00.000000', next_attempt_at = created_at; vacuum"
    gzip -9 judge_972007f.db
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from support.service.harness import JudgeHarness

from judge.clock import ManualClock
from judge.config import config_from_dict
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import upgrade
from judge.variants.registry import default_registry


def main(path: Path) -> None:
    url = f"sqlite:///{path}"
    engine = make_engine(url)
    upgrade(engine)
    config = config_from_dict(
        {"judge": {"address": "judge@example.org", "code": "TEST"},
         "database": {"url": url}, "outbound": {"transport": "maildir", "maildir": "outbox"}},
        path.parent,
    )  # fmt: skip
    clock = ManualClock(datetime(2099, 1, 1, tzinfo=UTC))
    judge = JudgeHarness(make_session_factory(engine, default_registry()), clock, config)
    players = judge.start_game("g1")
    judge.play_phase("g1")  # Spring 1901 moves: processed once every power ordered
    for power, player in sorted(players.items()):
        print(power, player.address, player.password)
    engine.dispose()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
