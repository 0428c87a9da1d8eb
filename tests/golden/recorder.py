"""Every mail a test makes, written down as text, to compare with a golden file.

The French wording moved from a second tree of templates to gettext catalogs
(issue 33): that move must not change a word of a mail a player gets. The tests
that play French (and English) games record each mail they make here: its `To`,
`Subject` and text, in the order the judge queued them (in-process tests: every
mail passes `judge.outbox.enqueue.wire_bytes`), or, for a `judge serve` subprocess,
the mails of its maildir sorted by their text (the subprocess's mails arrive in an
order its threads choose, and name moments of the real clock, which are masked).

`tests/golden/mails/<test file>/<test>.txt` holds what the current code makes; a
test whose mails differ fails and shows the difference. Set `JUDGE_GOLDEN_WRITE=1`
to write the files again (only after reading the difference and finding it better).
"""

from __future__ import annotations

import difflib
import os
import random
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage, Message
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).parent / "mails"
WRITE_ENV = "JUDGE_GOLDEN_WRITE"

# The test files whose mails are golden, by name (wherever the file lives: a golden file
# follows its test through a move of folders): the French games and mails, and the
# English mails of the same scenarios (the readers in a French game who read English).
GOLDEN_FILES = (
    "test_french_by_mail",
    "test_french_orders_by_mail",
    "test_french_mails",
    "test_french_words",
    "test_notice_grammar",
    "test_late_notices_name_what_is_missing",
    "test_leaving_before_start",
    "test_mercenary_word",
    "test_resigning_several_powers",
    "test_seat_confirmation",
    "test_default_orders",
    "test_become_copies",
)

# What a subprocess's mails say that changes from run to run: moments of the real
# clock (English `Tue Dec  1 2026 18:00 UTC`, French `mar. 1 déc. 2026 18:00 UTC`,
# with a zone after them or not), and the judge's generated ids and passwords.
_MOMENT = re.compile(
    r"\b[A-Za-zéû]{3,4}\.? +[A-Za-zéûô]{3,5}\.? +\d{1,2} \d{4} \d\d:\d\d"
    r"|\b[A-Za-zéû]{3,4}\.? +\d{1,2} [A-Za-zéûô]{3,5}\.? \d{4} \d\d:\d\d"
)
_ISO_MOMENT = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?(\+00:00|Z)?")
_CODE = re.compile(r"(?<=CONFIRM )[A-Z2-9]{8}\b|(?<=\()[A-Z2-9]{8}(?=\))")


class SeededSecrets:
    """`secrets` for the judge in a recorded test: the same codes and seeds (lots,
    confirmation codes) every run, so the mails are the same every run."""

    def __init__(self) -> None:
        self._random = random.Random(33)

    def randbits(self, bits: int) -> int:
        return self._random.getrandbits(bits)

    def choice(self, items: Any) -> Any:
        return self._random.choice(items)

    @staticmethod
    def compare_digest(a: Any, b: Any) -> bool:
        return secrets.compare_digest(a, b)


def golden_path(nodeid: str) -> Path:
    """`tests/service/test_x.py::test_y[sqlite]` -> `mails/test_x/test_y[sqlite].txt`."""
    file, _, name = nodeid.partition("::")
    safe = re.sub(r"[^\w\[\]\-.]+", "_", name)
    return GOLDEN / Path(file).stem / f"{safe}.txt"


def is_golden(nodeid: str) -> bool:
    return Path(nodeid.partition("::")[0]).stem in GOLDEN_FILES


def mail_text(msg: Message) -> str:
    """A mail as the golden files hold it: To, Subject, then each part's text (an
    attachment by its name and type)."""
    lines = [f"To: {msg['To']}", f"Subject: {msg['Subject']}"]
    for part in msg.walk():
        if part.is_multipart():
            continue
        kind = part.get_content_type()
        name = part.get_filename()
        if kind == "text/plain" and name is None:
            payload = part.get_payload(decode=True)
            charset = part.get_content_charset() or "utf-8"
            text = payload.decode(charset) if isinstance(payload, bytes) else str(payload)
            lines.append("")
            lines.append(text.replace("\r\n", "\n"))
        else:
            lines.append(f"[part {kind} {name}]")
    return "\n".join(lines)


def masked(text: str) -> str:
    text = _ISO_MOMENT.sub("<moment>", _MOMENT.sub("<moment>", text))
    return _CODE.sub("<code>", text)


class Recording:
    """The mails of one test, in order."""

    def __init__(self) -> None:
        self.mails: list[str] = []

    def add(self, msg: Message) -> None:
        self.mails.append(mail_text(msg))

    def add_served(self, mails: list[EmailMessage]) -> None:
        self.mails.extend(sorted(masked(mail_text(m)) for m in mails))

    def text(self) -> str:
        return "".join(f"===== mail {i + 1}\n{m}\n" for i, m in enumerate(self.mails))


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recording]:
    """Record every mail the judge queues in this process while the block runs."""
    from judge.outbox import enqueue
    from judge.service.confirming import pending_actions
    from judge.service.seats import snapshots

    record = Recording()
    seeded = SeededSecrets()
    monkeypatch.setattr(pending_actions, "secrets", seeded)
    monkeypatch.setattr(snapshots, "secrets", seeded)
    original = enqueue.wire_bytes

    def recorded(msg: Any) -> bytes:
        record.add(msg)
        return original(msg)

    monkeypatch.setattr(enqueue, "wire_bytes", recorded)
    yield record


def compare(nodeid: str, record: Recording) -> None:
    """Fail when the mails differ from the golden file (or write it, see WRITE_ENV)."""
    path = golden_path(nodeid)
    made = record.text()
    if os.environ.get(WRITE_ENV) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(made, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no golden file {path} (write it with {WRITE_ENV}=1)", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    if made != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), made.splitlines(), "golden", "made", lineterm="", n=2
        )
        pytest.fail(f"mails differ from {path}:\n" + "\n".join(list(diff)[:200]), pytrace=False)
