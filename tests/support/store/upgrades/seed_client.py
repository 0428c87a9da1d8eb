"""Seed databases with a release's own code through `seed_server.py`: the libraries
imported once per server, not once per database (see there why).

`SeedServers` starts a server the first time a thread needs one, up to as many as
seeds may run at once, and keeps each for the run; a server seeds one release at a
time.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO

SERVER_SCRIPT = Path(__file__).with_name("seed_server.py")
SEED_TIMEOUT_SECONDS = 300


class SeedServer:
    """One `seed_server.py` process."""

    def __init__(self) -> None:
        # Nothing of this tree on its path: the release's tree comes first in its forks.
        environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
        self.errors: IO[str] = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            [sys.executable, str(SERVER_SCRIPT)], env=environment, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors,
        )  # fmt: skip

    def seed(self, tree: Path, urls: list[str]) -> list[str]:
        """Make and fill the database at each of `urls` with the release's code in
        `tree`; the revision each is left at."""
        assert self.process.stdin is not None and self.process.stdout is not None
        with tempfile.TemporaryDirectory(prefix="seed-") as folder:
            logs = Path(folder)
            request = {"tree": str(tree), "urls": urls, "logs": folder,
                       "timeout": SEED_TIMEOUT_SECONDS}  # fmt: skip
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            ready, _, _ = select.select([self.process.stdout], [], [], SEED_TIMEOUT_SECONDS + 60)
            answer = self.process.stdout.readline() if ready else ""
            if not answer:
                raise RuntimeError(f"the seed server stopped:\n{self._server_errors()}")
            outputs = [_read(logs / f"{number}.out") for number in range(len(urls))]
            if json.loads(answer)["exit"] != 0 or not all(outputs):
                raise RuntimeError(f"seeding with {tree.name} failed:\n{_errors(logs, urls)}")
            return [output.strip().splitlines()[-1] for output in outputs]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.errors.close()

    def _server_errors(self) -> str:
        self.errors.seek(0)
        return self.errors.read()[-4000:]


class SeedServers:
    """Up to `size` servers, each lent to one seeding thread at a time."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.idle: queue.Queue[SeedServer] = queue.Queue()
        self.started: list[SeedServer] = []
        self.lock = threading.Lock()

    def seed(self, tree: Path, urls: list[str]) -> list[str]:
        server = self._borrow()
        try:
            return server.seed(tree, urls)
        finally:
            if server.process.poll() is None:
                self.idle.put(server)
            else:  # it stopped: the next seed starts another
                with self.lock:
                    self.started.remove(server)
                server.close()

    def _borrow(self) -> SeedServer:
        with self.lock:
            if self.idle.empty() and len(self.started) < self.size:
                self.started.append(SeedServer())
                return self.started[-1]
        return self.idle.get()

    def close(self) -> None:
        for server in self.started:
            server.close()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _errors(logs: Path, urls: list[str]) -> str:
    """What the release's fork and each database's fork wrote to stderr (their ends)."""
    parts = [_read(logs / "release.log")]
    parts += [f"{url}:\n{_read(logs / f'{number}.err')}" for number, url in enumerate(urls)]
    return "\n".join(part[-4000:] for part in parts if part.strip())
