"""Watch the judge's outbox table and note when each expected reply became visible.

    python bench/mail_watch.py DB IDS OUT [--after ID] [--timeout S] [--poll-ms MS]

A separate process (so the SMTP client threads do not delay it), reading the
SQLite file directly with the standard `sqlite3` module in autocommit mode: a
plain read in WAL mode never blocks the judge's writer. Every `--poll-ms` it reads
the outbox rows added since the last look (`id > --after` at first), takes each
row's `In-Reply-To`, and if it is one of the Message-IDs listed in the IDS file
(one per line), records `time.time()`: the reply was committed by then, at most
one poll interval earlier. It also keeps the row's `created_at` (stamped by the
judge when its handler started on the mail).

It touches OUT with the suffix `.ready` after its first look. Once the file OUT
with the suffix `.final` appears (the Message-IDs the server accepted, one per
line), only those are awaited: a refused mail gets no reply. It stops once every
awaited reply is seen, at the timeout, or on SIGTERM, and writes
`{"seen": {message_id: [seen, created_at]}, "polls": n}` as JSON to OUT.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sqlite3
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType

IN_REPLY_TO = re.compile(rb"^In-Reply-To:[ \t]*(<[^>\r\n]*>)", re.IGNORECASE | re.MULTILINE)
QUERY = (
    "SELECT id, created_at, substr(message, 1, 4096) FROM outbox "
    "WHERE id > ? AND kind = 'reply' ORDER BY id"
)

Seen = dict[str, tuple[float, float]]


class Stop(Exception):
    """SIGTERM: stop watching and write what was seen."""


def _on_term(signum: int, frame: FrameType | None) -> None:
    raise Stop


def created_timestamp(value: str) -> float:
    """A `created_at` column value (naive UTC text in SQLite) as a Unix time."""
    return datetime.fromisoformat(value).replace(tzinfo=UTC).timestamp()


def watch(
    db: Path, expected: set[str], after: int, timeout: float, poll: float, out: Path
) -> tuple[Seen, int]:
    """Poll until every awaited reply is seen or `timeout` passes (see above)."""
    seen: Seen = {}
    polls = 0
    ready, final = out.with_suffix(".ready"), out.with_suffix(".final")
    connection = sqlite3.connect(db, isolation_level=None, timeout=30)
    deadline = time.monotonic() + timeout
    awaited = expected
    try:
        while not awaited.issubset(seen) and time.monotonic() < deadline:
            if awaited is expected and final.exists():
                awaited = expected & set(final.read_text().split())
            rows = connection.execute(QUERY, (after,)).fetchall()
            now = time.time()
            polls += 1
            if polls == 1:
                ready.touch()
            for row_id, created_at, head in rows:
                after = max(after, row_id)
                match = IN_REPLY_TO.search(head)
                key = match.group(1).decode("ascii", "replace") if match else ""
                if key in expected and key not in seen:
                    seen[key] = (now, created_timestamp(created_at))
            time.sleep(poll)
    except Stop:
        pass
    finally:
        connection.close()
    return seen, polls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("ids", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--poll-ms", type=float, default=2.0)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, _on_term)
    expected = set(args.ids.read_text().split())
    seen, polls = watch(args.db, expected, args.after, args.timeout, args.poll_ms / 1000, args.out)
    args.out.write_text(json.dumps({"seen": seen, "polls": polls}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
