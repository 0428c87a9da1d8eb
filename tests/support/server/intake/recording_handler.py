"""A stand-in for the service layer's inbox handler, for intake tests.

It answers every mail with one reply, threaded on it (`In-Reply-To`), queued in the
outbox in the processor's transaction, the way the real handler does. Tests count
those replies to prove each mail was processed exactly once. A subject containing
`FAIL` makes it raise after queueing. For crash tests, `$RECORDING_HANDLER_TRACE`
names a file that gets the mail's Message-ID once the reply is queued (flushed, not
committed); there it waits `$RECORDING_HANDLER_DELAY` seconds, or a minute for the
mail whose Message-ID is `$RECORDING_HANDLER_STALL_ON`, so that a SIGKILL surely
lands inside that mail's transaction. Select it in a subprocess with
`python -m support.serve_with support.server.intake.recording_handler:handle_message ...`
(`PYTHONPATH=tests`).
"""

from __future__ import annotations

import os
import time
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default

from sqlalchemy.orm import Session

from judge.clock import Clock
from judge.config import Config
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.store.models import InboxMessage


def handle_message(session: Session, row: InboxMessage, clock: Clock, config: Config) -> None:
    incoming = BytesParser(policy=default).parsebytes(row.raw)
    reply = EmailMessage()
    reply["From"] = config.judge.address
    reply["To"] = str(incoming["From"] or row.mail_from)
    reply["Subject"] = f"Re: {incoming['Subject'] or ''}"
    if incoming["Message-ID"]:
        reply["In-Reply-To"] = str(incoming["Message-ID"])
    reply.set_content("processed\n")
    enqueue(session, reply, "reply", gate=no_mail_in(), now=clock.now())
    message_id = str(incoming["Message-ID"])
    _trace(message_id)
    stall = message_id == os.environ.get("RECORDING_HANDLER_STALL_ON")
    time.sleep(60 if stall else float(os.environ.get("RECORDING_HANDLER_DELAY", "0")))
    if "FAIL" in str(incoming["Subject"] or ""):
        raise RuntimeError("asked to fail")


def _trace(message_id: str) -> None:
    path = os.environ.get("RECORDING_HANDLER_TRACE")
    if path:
        with open(path, "a") as trace:
            trace.write(message_id + "\n")
