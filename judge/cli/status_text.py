"""`judge status` as text: a game's line and its players, or the operator overview
(games, queues, failures, bouncing addresses). `--json` prints the same data as JSON."""

from __future__ import annotations

from typing import Any

from judge.store.overview import outbox_queue_lines


def game_text(status: dict[str, Any]) -> str:
    lines = [
        f"{status.get('game')}: {status.get('variant')}, {status.get('status')}, "
        f"phase {status.get('phase') or '-'}, deadline {status.get('deadline') or '-'}"
    ]
    for player in status.get("players", []):
        lines.append(f"  {player.get('address')}: {' '.join(player.get('powers', [])) or '-'}")
    return "\n".join(lines)


def overview_text(overview: dict[str, Any]) -> str:
    lines = [f"games: {len(overview['games'])}"]
    lines += [
        f"  {g['game']}: {g['variant']}, {g['status']}, phase {g['phase'] or '-'}"
        for g in overview["games"]
    ]
    lines.append(f"inbox: {_count_text(overview['inbox'])}")
    for row in overview["failed_inbox"]:
        last = (row["error"] or "").strip().splitlines()[-1:] or [""]
        lines.append(f"  failed #{row['id']} from <{row['mail_from']}>: {last[0]}")
    for row in overview["inbox_with_errors"]:
        last = (row["error"] or "").strip().splitlines()[-1:] or [""]
        lines.append(f"  done_with_errors #{row['id']} from <{row['mail_from']}>: {last[0]}")
    lines.append(f"outbox: {_count_text(overview['outbox'])}")
    lines += outbox_queue_lines(overview["outbox_queue"])
    for row in overview["failed_outbox"]:
        lines.append(f"  failed #{row['id']} to <{row['to']}>: {row['error']}")
    failing = overview.get("failing_games", [])
    lines.append(f"failing games: {len(failing)}")
    for row in failing:
        last = (row["error"] or "").strip().splitlines()[-1:] or [""]
        state = ("parked (judge retry --game " + row["game"] + ")" if row["parked"]
                 else f"retried at {row['retry_at']}")  # fmt: skip
        lines.append(f"  game {row['game']} failed {row['attempts']} time(s), {state}: {last[0]}")
    lines.append(f"bouncing addresses: {len(overview['bouncing'])}")
    lines += [
        f"  <{row['address']}>: {row['bounces']} bounce(s) since {row['first_bounce']}, "
        f"last {row['last_bounce']}: {row['diagnostic'] or '-'}"
        for row in overview["bouncing"]
    ]
    return "\n".join(lines)


def _count_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "empty"
