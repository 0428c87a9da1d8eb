"""`judge backup FILE`: copy the SQLite database, safely while the judge runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge.cli.exits import EXIT_FAILURE, EXIT_OK
from judge.config import Config
from judge.store.backup import BackupError, backup_sqlite


def run(config: Config, args: argparse.Namespace) -> int:
    try:
        result = backup_sqlite(config.database.url, Path(args.file))
    except BackupError as exc:
        print(f"judge backup: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    print(f"backed up {result.size_bytes} bytes to {result.path}")
    return EXIT_OK
