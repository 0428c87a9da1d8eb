"""`judge db upgrade`: apply the migrations, and say the revision the database is at."""

from __future__ import annotations

import argparse

from judge.cli.exits import EXIT_OK
from judge.config import Config
from judge.server.startup import open_judge_database
from judge.store.migrate import current_revision


def run(config: Config, args: argparse.Namespace) -> int:
    engine, _config = open_judge_database(config)
    try:
        print(f"database at revision {current_revision(engine)}")
    finally:
        engine.dispose()
    return EXIT_OK
