"""A real SMTP relay for outbound tests: aiosmtpd on a loopback port that keeps what
it receives and can be told to refuse recipients (`answers`), to take its time over
each mail (`delay`), or not to offer 8BITMIME; it notes each EHLO name (one per
connection) and the MAIL FROM options."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    data: bytes
    mail_options: list[str] = field(default_factory=list)


@dataclass
class Sink:
    """Answers RCPT with the queued `answers` first (e.g. "451 4.3.0 busy"), then 250."""

    answers: list[str] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)
    port: int = 0
    delay: float = 0.0
    offer_8bitmime: bool = True
    helo_names: list[str] = field(default_factory=list)

    async def handle_EHLO(
        self, server: SMTP, session: Session, envelope: Envelope, hostname: str,
        responses: list[str],
    ) -> list[str]:
        session.host_name = hostname
        self.helo_names.append(hostname)
        if self.offer_8bitmime:
            return responses
        return [line for line in responses if line[4:] != "8BITMIME"]

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str,
        options: list[str],
    ) -> str:
        if self.answers:
            return self.answers.pop(0)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        self.received.append(Received(envelope.mail_from or "", list(envelope.rcpt_tos), content,
                                      list(envelope.mail_options)))  # fmt: skip
        if self.delay:
            await asyncio.sleep(self.delay)
        return "250 OK"


def check_login(username: str, password: str) -> Any:
    """An authenticator that accepts only relay / secret."""

    def authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (
            username.encode(), password.encode(),
        )
        return AuthResult(success=ok, handled=False)

    return authenticate


async def start_sink(sink: Sink, port: int = 0, **smtp_options: Any) -> asyncio.Server:
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(sink, hostname="relay.test", loop=loop, **smtp_options), "127.0.0.1", port
    )
    sink.port = server.sockets[0].getsockname()[1]
    return server
