"""A game by mail on the in-process pipeline, for the games where SMTP is not what is
tested: the same interface as a real `judge serve` (`judge_process.Judge`: `send`,
`wait_for`, `mails`, `status`), over the service harness.

Each mail is stored as the SMTP intake stores it (`received`), processed by the
processor's own loop with the service's handler, and what the judge queued is read as
the sender would send it (`message_as_sent`). Nothing runs in the background: when
`send` returns, every mail that mail caused is there, so `wait_for` looks once. What
is left out is the wire and the daemons' loops; each variant keeps a game over real
SMTP (`tests/e2e/test_standard_game.py`, `test_intimate_rx03.py`,
`test_taskdip_game.py`) and the daemon has tests of its own (`tests/server/`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any, cast

from support.e2e.judge_process import Judge
from support.service.harness import JudgeHarness

Finder = Callable[[list[EmailMessage]], list[EmailMessage]]


@dataclass
class PipelineJudge:
    """The judge of one test, in its process; every mail it sent, in order."""

    harness: JudgeHarness
    sent: list[EmailMessage] = field(default_factory=list)

    def mails(self) -> list[EmailMessage]:
        return list(self.sent)

    def wait_for(self, test: Finder, what: str) -> list[EmailMessage]:
        found = test(self.mails())
        assert found, f"no {what}: everything a mail causes is sent before `send` returns"
        return found

    def send(self, sender: str, body: str, subject: str = "orders") -> EmailMessage:
        """Mail the judge; the reply threaded on that mail (as `Judge.send`)."""
        message = EmailMessage()
        message["From"] = sender
        message["To"] = self.harness.config.judge.address
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain="example.org")
        message.set_content(body)
        self.sent += self.harness.send_raw(bytes(message), sender)
        return self.wait_for(
            lambda mails: [
                m for m in mails if m["In-Reply-To"] == message["Message-ID"] and m["To"] == sender
            ],
            f"reply to {body.splitlines()[0]!r}",
        )[0]

    def status(self, game: str = "g1") -> dict[str, Any]:
        """The game's status as `judge status GAME --json` prints it (JSON and back)."""
        return cast(dict[str, Any], json.loads(json.dumps(self.harness.status(game))))


ByMail = Judge | PipelineJudge  # what a game by mail is played against
