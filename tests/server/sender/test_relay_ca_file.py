"""A relay with a certificate from a private CA (issue 22.6): `[outbound] relay_ca_file`
names the CA, and STARTTLS checks the relay against it; without it, the system's CAs
refuse the relay and the mail waits."""

from __future__ import annotations

import ssl
import subprocess
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.server.sender.sink import Sink, start_sink
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.sender import deliver_due, make_transport
from judge.store.models import OutboxMessage, OutboxStatus


def _private_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (its own CA), and its key."""
    cert, key = folder / "relay.pem", folder / "relay.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def test_a_relay_with_a_private_certificate_is_trusted_through_the_ca_file(
    sessions: sessionmaker[Session], clock: ManualClock, loop_thread: Any, tmp_path: Path,
    database_url: str, make_config: Callable[..., Config],
) -> None:
    cert, key = _private_certificate(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    sink = Sink()
    loop_thread.run(start_sink(sink, tls_context=context, require_starttls=True))
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "judge@example.org", "a@example.org", "x"
    message.set_content("ok\n")
    with sessions.begin() as session:
        enqueue(session, message, "reply", gate=no_mail_in(), now=clock.now())
    relay = {"transport": "smtp", "relay_host": "127.0.0.1", "relay_port": sink.port,
             "relay_starttls": True}  # fmt: skip

    untrusted = make_config(database_url, outbound=relay)
    transport = make_transport(untrusted.outbound)
    sent = deliver_due(sessions, transport, clock, untrusted, WORKER_REGISTRY)
    assert sent == 0
    with sessions() as session:
        row = session.scalars(select(OutboxMessage)).one()
    assert row.status == OutboxStatus.PENDING and "CERTIFICATE_VERIFY_FAILED" in str(row.last_error)

    trusted = make_config(database_url, outbound={**relay, "relay_ca_file": str(cert)})
    clock.advance(3600)
    sent = deliver_due(sessions, make_transport(trusted.outbound), clock, trusted, WORKER_REGISTRY)
    assert sent == 1
    assert len(sink.received) == 1
