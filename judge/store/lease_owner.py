"""Who holds a lease: this host, this process id, and this process's start.

A leased outbox row carries its owner, `host/pid/start`. `start` tells a process
from a later one that reuses its pid: on Linux it is the process's start time (in
clock ticks since boot, from `/proc`), elsewhere a random token. A restarted judge
can then tell, at once, which leases belong to a process that no longer exists on
this host, and take them back instead of waiting for them to run out.
"""

from __future__ import annotations

import functools
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class LeaseOwner:
    host: str
    pid: int
    start: str

    def __str__(self) -> str:
        return f"{self.host}/{self.pid}/{self.start}"

    @classmethod
    def parse(cls, text: str) -> LeaseOwner | None:
        parts = text.rsplit("/", 2)
        if len(parts) != 3 or not parts[1].isdigit():
            return None
        host, pid, start = parts
        return cls(host, int(pid), start)


def this_process() -> LeaseOwner:
    """The owner every lease taken by this process carries."""
    return _owner_of(os.getpid())


@functools.cache
def _owner_of(pid: int) -> LeaseOwner:
    return LeaseOwner(socket.gethostname(), pid, _start_of(pid) or secrets.token_hex(8))


def _start_of(pid: int) -> str | None:
    """The start time of process `pid` (Linux), or None where it cannot be read."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()
    return f"t{fields[19]}" if len(fields) > 19 else None  # field 22 of stat(5)


def is_gone(owner: LeaseOwner) -> bool:
    """True when `owner` is a process of this host that no longer runs.

    Unknown (another host, or no way to tell) is never gone: those leases run out.
    """
    me = this_process()
    if owner.host != me.host:
        return False
    if owner.pid == me.pid:
        return owner.start != me.start  # an earlier process with our pid (a container)
    start = _start_of(owner.pid)
    if start is not None:
        return start != owner.start
    if owner.start.startswith("t") and PROC.is_dir():
        return True  # /proc is there but this pid is not: it ended
    try:
        os.kill(owner.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, someone else's
    return False
