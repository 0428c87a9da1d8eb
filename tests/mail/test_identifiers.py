"""The judge's identifiers: from `secrets`, never `random`; and only plain ids copied
from a received mail into a reply's headers, whatever path builds the reply."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from judge import rfc5322 as grammar
from judge.mail.compose import broadcast_message, reply_message
from judge.mail.identifiers import new_message_id, plain_id, plain_ids
from judge.mail.wire import wire_bytes

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
ENCODED_CRLF = "<=?utf-8?q?x=0D=0A=0D=0AYour_account...?=@x>"
ATEXT_CRLF = "<=?utf-8?q?x=0D=0ABcc=3A_v=40victims=2Etest?=@x>"  # every character atext


def test_message_ids_do_not_come_from_random(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> int:
        raise AssertionError("random.getrandbits used for an identifier")

    monkeypatch.setattr(random, "getrandbits", refuse)
    monkeypatch.setattr(random, "randrange", refuse)
    made = {new_message_id("example.org") for _ in range(1000)}
    assert len(made) == 1000
    assert all(grammar.PLAIN_MSG_ID.fullmatch(one) for one in made)
    message = broadcast_message(sender="judge@example.org", to="a@example.org", subject="s",
                                body="b", now=NOW)  # fmt: skip
    assert str(message["Message-ID"]).endswith("@example.org>")
    assert new_message_id("bad domain\r\n").endswith("@localhost>")


HOSTILE_IDS = [ENCODED_CRLF, ATEXT_CRLF, "<a@b>\r\nBcc: v@x", "<a b@c>", "no-brackets@x",
               "<" + "a" * 300 + "@x>", "<é@x>", ""]  # fmt: skip


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_only_plain_message_ids_are_kept(bad: str) -> None:
    assert plain_id(bad) is None
    assert plain_ids([bad, "<ok@example.org>"]) == ("<ok@example.org>",)


def test_a_long_thread_keeps_its_first_and_latest_ids() -> None:
    ids = [f"<m{i}@example.org>" for i in range(100)]
    kept = plain_ids(ids)
    assert kept[0] == "<m0@example.org>" and kept[-1] == "<m99@example.org>" and len(kept) == 20


@pytest.mark.parametrize("written", [True, False])
def test_no_reply_carries_a_hostile_id_into_its_headers(written: bool) -> None:
    fields = dict(sender="judge@example.org", to="a@example.org", original_subject="hi",
                  in_reply_to=ATEXT_CRLF, references=(ENCODED_CRLF, "<ok@example.org>"),
                  body="text\n", error=False, now=NOW)  # fmt: skip
    if written:  # as the outbox stores it, and as the message holds it
        built = wire_bytes(reply_message(**fields))  # type: ignore[arg-type]
        head = built.split(b"\r\n\r\n", 1)[0].decode()
    else:
        head = str(reply_message(**fields)).split("\n\n", 1)[0]  # type: ignore[arg-type]
    assert "In-Reply-To" not in head and "=?utf-8?q?" not in head
    assert "References: <ok@example.org>" in head
