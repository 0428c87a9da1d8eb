"""A bare aiosmtpd sink for the mail benchmark: every mail gets 250, nothing is stored.

    python bench/mail_sink.py PORT

It runs aiosmtpd's `SMTP` protocol with the options `judge serve` uses (size limit,
SMTPUTF8, hostname), so the benchmark's clients meet the same transport, without
the judge's checks and storage: the transport's own limit on this machine.
"""

from __future__ import annotations

import asyncio
import signal
import sys

from aiosmtpd.smtp import SMTP, Envelope, Session

MAX_MESSAGE_BYTES = 1024 * 1024  # the judge's default `[smtp] max_message_bytes`


class Sink:
    """An aiosmtpd handler that accepts every mail and forgets it."""

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        return "250 2.0.0 OK"


async def serve(port: int) -> None:
    """Listen on 127.0.0.1:`port` until SIGTERM or SIGINT."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    handler = Sink()

    def protocol() -> SMTP:
        return SMTP(
            handler,
            data_size_limit=MAX_MESSAGE_BYTES,
            enable_SMTPUTF8=True,
            hostname="localhost",
            ident="sink",
            loop=loop,
        )

    server = await loop.create_server(protocol, host="127.0.0.1", port=port)
    try:
        await stop.wait()
    finally:
        server.close()


def main() -> int:
    asyncio.run(serve(int(sys.argv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
