"""Turning the mail benchmark's timestamps into figures: rates, percentiles, a breakdown.

All times are `time.time()` seconds on this machine: the client's 250, the watcher's
sighting of the reply in the outbox, and the judge's own stamps in the database
(`outbox.created_at`: its handler started on the mail; `inbox.processed_at`: its
handler finished, just before the commit).
"""

from __future__ import annotations

import math
import sqlite3
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mail_smtp import Sent
from mail_watch import created_timestamp


@dataclass
class Figures:
    """One measurement. Latencies in milliseconds, rates in mails per second."""

    name: str
    sent: int
    failed: int
    replied: int = 0
    rate: float = 0.0  # replies committed per second (the sink: 250s per second)
    intake_rate: float = 0.0  # 250s per second
    p50: float = math.nan
    p99: float = math.nan
    late_p99: float = math.nan  # paced load: how late the clients started sending
    due_p50: float = math.nan  # paced load: from the mail's scheduled send to its reply
    due_p99: float = math.nan
    server_cpu: float = math.nan  # CPU ms the server process spent per mail
    client_cpu: float = math.nan  # CPU ms the client threads spent per mail
    parts: dict[str, float] = field(default_factory=dict)  # median of each stage
    error: str = ""  # the first refusal or failure, if any

    def values(self) -> dict[str, float]:
        """The figures worth a median over repeated runs."""
        return {
            "rate": self.rate, "intake_rate": self.intake_rate, "p50": self.p50,
            "p99": self.p99, "late_p99": self.late_p99,
            "due_p50": self.due_p50, "due_p99": self.due_p99, "server_cpu": self.server_cpu,
            "client_cpu": self.client_cpu, **self.parts,
        }  # fmt: skip


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (`share` in 0..1); NaN when there are no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def sink_figures(name: str, sent: Sequence[Sent]) -> Figures:
    """The sink: how many 250s per second the clients got."""
    ok = [s for s in sent if s.accepted is not None]
    figures = Figures(name, len(sent), len(sent) - len(ok))
    figures.intake_rate = figures.rate = _rate(len(ok), sent, [s.accepted or 0 for s in ok])
    return figures


def judge_figures(
    name: str,
    sent: Sequence[Sent],
    seen: dict[str, tuple[float, float]],
    db: Path,
    due: dict[str, float] | None = None,
) -> Figures:
    """The judge: 250s per second, replies per second, 250-to-outbox latencies."""
    ok = [s for s in sent if s.accepted is not None]
    replied = [s for s in ok if s.message_id in seen]
    figures = Figures(name, len(sent), len(sent) - len(ok), len(replied))
    figures.error = next((s.error for s in sent if s.error), "")
    figures.intake_rate = _rate(len(ok), sent, [s.accepted or 0 for s in ok])
    figures.rate = _rate(len(replied), sent, [seen[s.message_id][0] for s in replied])
    latencies = [(seen[s.message_id][0] - (s.accepted or 0)) * 1000 for s in replied]
    figures.p50, figures.p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    if due:
        late = [(s.started - due[s.message_id]) * 1000 for s in sent]
        figures.late_p99 = percentile(late, 0.99)
        whole = [(seen[s.message_id][0] - due[s.message_id]) * 1000 for s in replied]
        figures.due_p50, figures.due_p99 = percentile(whole, 0.5), percentile(whole, 0.99)
    figures.parts = _parts(replied, seen, processed_times(db, [s.message_id for s in replied]))
    return figures


def _rate(count: int, sent: Sequence[Sent], ends: Sequence[float]) -> float:
    if not count or not ends:
        return 0.0
    span = max(ends) - min(s.started for s in sent)
    return count / span if span > 0 else math.nan


def _parts(
    replied: Sequence[Sent], seen: dict[str, tuple[float, float]], processed: dict[str, float]
) -> dict[str, float]:
    """Median stages: 250 -> handler start -> handler end -> reply visible (ms)."""
    queue, handle, commit = [], [], []
    for s in replied:
        visible, started = seen[s.message_id]
        done = processed.get(s.message_id)
        queue.append((started - (s.accepted or 0)) * 1000)
        if done is not None:
            handle.append((done - started) * 1000)
            commit.append((visible - done) * 1000)
    return {
        "wait": _median(queue), "handle": _median(handle), "commit": _median(commit),
        "handle_p99": percentile(handle, 0.99),
    }  # fmt: skip


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else math.nan


def processed_times(db: Path, message_ids: Sequence[str]) -> dict[str, float]:
    """Message-ID -> when the judge's handler finished with it (`inbox.processed_at`)."""
    wanted = set(message_ids)
    connection = sqlite3.connect(db, isolation_level=None, timeout=30)
    try:
        rows = connection.execute(
            "SELECT message_id, processed_at FROM inbox WHERE processed_at IS NOT NULL"
        ).fetchall()
    finally:
        connection.close()
    return {mid: created_timestamp(at) for mid, at in rows if mid in wanted}


def median_of(runs: Sequence[Figures]) -> dict[str, float]:
    """Each figure's median over the runs (NaNs left out)."""
    keys = runs[0].values().keys() if runs else []
    medians: dict[str, float] = {}
    for key in keys:
        values = [v for run in runs if not math.isnan(v := run.values()[key])]
        medians[key] = statistics.median(values) if values else math.nan
    return medians
