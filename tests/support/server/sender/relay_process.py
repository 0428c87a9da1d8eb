"""A slow SMTP relay in a process of its own, for tests that kill the judge.

`python relay_process.py LOG DELAY` listens on a loopback port (printed on the first
line of stdout), appends the Message-ID of every mail it receives to LOG (one line
each, written before it answers), then takes DELAY seconds before its 250: a judge
killed meanwhile has handed the mail over without hearing so. With a third argument
`every`, it takes DELAY seconds before every reply instead (the greeting, EHLO,
MAIL, RCPT, DATA, the end of data, QUIT): a relay slow but within the timeout.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session

MESSAGE_ID = re.compile(rb"^Message-ID:\s*(\S+)", re.IGNORECASE | re.MULTILINE)


class SlowRelay:
    def __init__(self, log: Path, delay: float) -> None:
        self.log, self.delay = log, delay

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        found = MESSAGE_ID.search(envelope.original_content or b"")
        with self.log.open("ab") as handle:
            handle.write((found[1] if found else b"?") + b"\n")
        await asyncio.sleep(self.delay)
        return "250 OK"


class SlowReplies(SMTP):
    """Every reply after `delay` seconds."""

    delay = 0.0

    async def push(self, status: Any) -> None:
        await asyncio.sleep(self.delay)
        await super().push(status)


async def serve(log: Path, delay: float, every: bool = False) -> None:
    loop = asyncio.get_running_loop()
    relay = SlowRelay(log, 0.0 if every else delay)
    SlowReplies.delay = delay if every else 0.0

    def protocol() -> Any:
        return SlowReplies(relay, hostname="relay.test", loop=loop)

    server = await loop.create_server(protocol, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(serve(Path(sys.argv[1]), float(sys.argv[2]), sys.argv[3:] == ["every"]))
