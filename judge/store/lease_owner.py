"""Who holds a lease: this host, this process id, this process's start, and a random
token drawn when the process started.

A leased outbox row carries its owner, `host/space/pid/start/token`. `start` tells a
process from a later one that reuses its pid: on Linux it is the process's start
time (in clock ticks since boot, from `/proc`). `space` names the kernel boot and
the pid namespace the pid belongs to (Linux; empty elsewhere): two containers may
share a host name and both run the judge as pid 1, and neither may take the
other's leases for its own dead ones. `token` (from `secrets`) makes every owner
unique whatever the rest: a sender writes an outcome only where the row's owner is
still exactly itself (`judge.store.outbox`), so two processes can never pass for
each other. A restarted judge can tell, at once, which leases belong to a process
that no longer exists in its own host and namespace, and take them back instead of
waiting for them to run out.
"""

from __future__ import annotations

import functools
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
HOST_LENGTH = 200  # of the host name kept: the whole owner fits its column


@dataclass(frozen=True)
class LeaseOwner:
    host: str
    pid: int
    start: str
    token: str = ""  # random, per process; "" in owners written before it existed
    space: str = ""  # the boot and pid namespace (Linux), "" where unknown

    def __str__(self) -> str:
        if not self.token:
            return f"{self.host}/{self.pid}/{self.start}"  # the form before tokens
        return f"{self.host}/{self.space}/{self.pid}/{self.start}/{self.token}"

    @classmethod
    def parse(cls, text: str) -> LeaseOwner | None:
        parts = text.split("/")
        if len(parts) == 3 and parts[1].isdigit():
            host, pid, start = parts
            return cls(host, int(pid), start)
        if len(parts) == 5 and parts[2].isdigit() and parts[4]:
            host, space, pid, start, token = parts
            return cls(host, int(pid), start, token, space)
        return None


def this_process() -> LeaseOwner:
    """The owner every lease taken by this process carries."""
    return _owner_of(os.getpid())


@functools.cache
def _owner_of(pid: int) -> LeaseOwner:
    """Drawn once per process (a forked child has another pid, so its own token)."""
    token = secrets.token_hex(8)
    host = socket.gethostname()[:HOST_LENGTH]
    return LeaseOwner(host, pid, _start_of(pid) or token, token, _space())


def _space() -> str:
    """This kernel boot and this pid namespace, as far as they can be read (Linux)."""
    try:
        boot = (PROC / "sys/kernel/random/boot_id").read_text().strip()[:8]
        namespace = os.readlink(PROC / "self/ns/pid").strip("pid:[]")
    except OSError:
        return ""
    return f"{boot}.{namespace}"


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

    Unknown (another host, another pid namespace or boot, an owner written before
    namespaces were named, or no way to tell) is never gone: those leases run out.
    """
    me = this_process()
    if owner.host != me.host or owner.space != me.space:
        return False
    if owner.pid == me.pid:
        return owner != me  # an earlier process with our pid (a restarted container)
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
