"""A real SMTP relay for outbound tests: aiosmtpd on a loopback port that keeps what
it receives and can be told to refuse recipients (`answers`)."""

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


@dataclass
class Sink:
    """Answers RCPT with the queued `answers` first (e.g. "451 4.3.0 busy"), then 250."""

    answers: list[str] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)
    port: int = 0

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
        self.received.append(Received(envelope.mail_from or "", list(envelope.rcpt_tos), content))
        return "250 OK"


def check_login(username: str, password: str) -> Any:
    """An authenticator that accepts only relay / secret."""

    def authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (
            username.encode(), password.encode(),
        )
        return AuthResult(success=ok, handled=False)

    return authenticate


async def start_sink(sink: Sink, **smtp_options: Any) -> asyncio.Server:
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(sink, hostname="relay.test", loop=loop, **smtp_options), "127.0.0.1", 0
    )
    sink.port = server.sockets[0].getsockname()[1]
    return server
