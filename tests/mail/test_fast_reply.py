"""`reply_bytes` writes, byte for byte, the outbox row the `EmailMessage` path writes.

The slow path is the one the judge used before: `reply_message`, then what `enqueue`
does with it (check the one recipient, fill headers, `as_bytes(policy=SMTP)`). The
fast path is `reply_bytes`, whose bytes `_reply` hands to `enqueue_raw` with the bare
`to` as recipient. Given the same Message-ID, wherever `reply_bytes` accepts a reply,
the two must give the same bytes, recipient and id. Plain replies must be accepted,
so the comparison cannot pass by the fast path declining.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta, timezone
from email.policy import SMTP
from email.utils import make_msgid
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from judge.mail.compose import ReplyFields, reply_bytes, reply_message
from judge.outbox.enqueue import _fill_headers, _single_recipient

EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "300"))
PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def slow_path(fields: ReplyFields, message_id: str) -> tuple[bytes, str, str] | None:
    """(bytes, To address, Message-ID) as `enqueue` stores an EmailMessage reply;
    None where that path raises."""
    try:
        message = reply_message(**fields, message_id=message_id)
        to_address = _single_recipient(message)
        _fill_headers(message, "reply", fields["now"])
        return message.as_bytes(policy=SMTP), to_address, str(message["Message-ID"])
    except Exception:  # what the fast path must then decline
        return None


def fast_path(fields: ReplyFields, message_id: str) -> tuple[bytes, str, str] | None:
    """The same as `_reply` hands them to `enqueue_raw`, or None if it declines."""
    written = reply_bytes(**fields, message_id=message_id)
    if written is None:
        return None
    data, written_id = written
    return data, fields["to"], written_id


def agree(fields: ReplyFields, message_id: str) -> bool:
    """True if the fast path accepted; then its row is the slow path's."""
    fast = fast_path(fields, message_id)
    if fast is not None:
        assert fast == slow_path(fields, message_id)
    return fast is not None


def reply(**changes: Any) -> ReplyFields:
    fields = ReplyFields(
        sender="judge@example.org", to="ann@example.net", original_subject="orders",
        in_reply_to="<m1@example.net>", references=("<j0@example.org>", "<m1@example.net>"),
        body="> LIST\nGames on judge LOCAL:\n\nNo errors found in your mail.\n", error=False,
        now=NOW,
    )  # fmt: skip
    fields.update(changes)  # type: ignore[typeddict-item]
    return fields


# --- examples ---------------------------------------------------------------------


def test_a_list_reply_is_written_by_the_fast_path_as_the_slow_path_writes_it() -> None:
    assert agree(reply(), "<1.2.3@example.org>")


def test_the_message_id_defaults_to_a_new_one_of_the_judge_domain() -> None:
    written = reply_bytes(**reply())
    assert written is not None
    data, message_id = written
    assert message_id.endswith("@example.org>")
    assert f"Message-ID: {message_id}\r\n".encode() in data


def test_long_lines_are_quoted_printable_and_non_ascii_is_8bit_as_before() -> None:
    assert agree(reply(body="x" * 79 + "\n"), "<a@example.org>")
    assert agree(reply(body="Bonne journée\n"), "<a@example.org>")
    assert agree(reply(body="é" * 60 + "\n"), "<a@example.org>")  # base64
    assert agree(reply(body=("word " * 30 + "\n") * 12), "<a@example.org>")


def test_long_references_are_folded_as_before() -> None:
    ids = tuple(make_msgid(domain="example.org") for _ in range(8))
    assert agree(reply(references=ids), "<a@example.org>")


def test_the_judges_display_name_is_written_the_same_on_both_paths() -> None:
    fields = reply(sender_name="LOCAL Judge")
    assert agree(fields, "<a@example.org>")
    written = reply_bytes(**fields)
    assert written is not None
    assert b"\r\nFrom: LOCAL Judge <judge@example.org>\r\n" in b"\r\n" + written[0]
    assert b"X-Loop: judge@example.org\r\n" in written[0]
    quoted = reply(sender_name='Dip. "Judge"')
    assert fast_path(quoted, "<a@example.org>") is None  # the slow path quotes it
    assert str(reply_message(**quoted)["From"]) == '"Dip. \\"Judge\\"" <judge@example.org>'


def test_unusual_replies_are_left_to_the_slow_path() -> None:
    message_id = "<a@example.org>"
    assert fast_path(reply(to="Ann <ann@example.net>"), message_id) is None
    assert fast_path(reply(to='"a b"@example.net'), message_id) is None
    assert fast_path(reply(original_subject="Grüße"), message_id) is None
    assert fast_path(reply(original_subject="=?utf-8?q?x?="), message_id) is None
    assert fast_path(reply(references=("<" + "x" * 80 + "@example.org>",)), message_id) is None
    assert fast_path(reply(body="\ud800"), message_id) is None
    assert fast_path(reply(), "<not simple>") is None


# --- generated replies ------------------------------------------------------------

ATOM = st.text("abcXYZ019!#$%&'*+/=?^_`{|}~-", min_size=1, max_size=10)
DOT_ATOM = st.lists(ATOM, min_size=1, max_size=3).map(".".join)
ADDRESS = st.builds(lambda local, domain: f"{local}@{domain}", DOT_ATOM, DOT_ATOM)
PLAIN_ADDRESS = st.sampled_from(["ann@example.net", "judge@example.org", "x.y+z@a-b.example"])
SENDER = st.one_of(
    PLAIN_ADDRESS,
    PLAIN_ADDRESS,
    ADDRESS,
    st.sampled_from(["Judge <judge@example.org>", "Diplomacy Judge <j@x.org>",
                     '"Judge, The" <judge@example.org>', "jüdge@example.org",
                     "judge@example.org (Judge)", "", "a@b, c@d", "x" * 70 + "@example.org"]),
)  # fmt: skip
TO = st.one_of(
    PLAIN_ADDRESS,
    PLAIN_ADDRESS,
    ADDRESS,
    st.sampled_from(["Ann <ann@example.net>", '"a b"@example.net', "zoë@example.net", "",
                     "a@b, c@d", "x" * 80 + "@example.net", "ann@example.net\n"]),
)  # fmt: skip
SENDER_NAME = st.one_of(
    st.just(""),
    st.sampled_from(["LOCAL Judge", "Diplomacy Judge", "Dip. Judge", "Jüdge", "  ", "a\nb"]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30),
)
NUMBERS = st.tuples(st.integers(0, 10**12), st.integers(0, 99999), st.integers(0, 10**20))
PLAIN_MSGID = st.builds(  # the shape of make_msgid's ids, without its randomness
    lambda numbers, domain: "<{}.{}.{}@{}>".format(*numbers, domain),
    NUMBERS, st.sampled_from(["example.org", "judge.example.org"]),
)  # fmt: skip
MSGID_LIKE = st.builds(
    lambda numbers, domain: "<{}.{}.{}@{}>".format(*numbers, domain),
    NUMBERS, st.sampled_from(["example.org", "x" * 20, "x" * 30, "x" * 40]),
)  # fmt: skip
MESSAGE_ID = st.one_of(
    MSGID_LIKE,
    MSGID_LIKE,
    st.builds(lambda left, right: f"<{left}@{right}>", DOT_ATOM, DOT_ATOM),
    st.sampled_from(["", "x", "<a b@c>", "<é@x>", "<a@b> <c@d>", "<a@[1.2.3.4]>"]),
)
ASCII = st.characters(min_codepoint=32, max_codepoint=126)
SUBJECT = st.one_of(
    st.text(ASCII, max_size=100),
    st.text(max_size=40),
    st.lists(st.text(ASCII, min_size=1, max_size=90), max_size=6).map(" ".join),
    st.sampled_from(["", "  ", "Re: [Error] orders", "\tRe:  x \n", "=?utf-8?q?x?=", "Grüße"]),
)
REFERENCES = st.lists(
    st.one_of(
        MSGID_LIKE, MSGID_LIKE, MESSAGE_ID,
        st.builds(lambda n: "<" + "r" * n + "@x.org>", st.integers(1, 80)),
    ),
    max_size=20,
)  # fmt: skip
BODY_LINE = st.one_of(
    st.text(ASCII, max_size=120),
    st.text(max_size=60),
    st.builds(lambda n, c: c * n, st.integers(0, 200), st.sampled_from(["x", " ", "=", "é", "."])),
    st.sampled_from(["", "From me", ".", "> quoted", "*** Error: no", "trailing  "]),
)
BODY = st.builds(
    lambda lines, eol, end: eol.join(lines) + end,
    st.lists(BODY_LINE, max_size=30),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.sampled_from(["", "\n", "\n\n"]),
)
OFFSET = st.one_of(
    st.just(UTC),
    st.builds(lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-1439, 1439)),
    st.builds(lambda seconds: timezone(timedelta(seconds=seconds)), st.integers(-86399, 86399)),
)
WHEN = st.one_of(
    st.just(NOW),
    st.datetimes(timezones=st.just(UTC), min_value=datetime(1000, 1, 1)),
    st.builds(lambda moment, zone: moment.replace(tzinfo=zone),
              st.datetimes(min_value=datetime(1, 1, 1)), OFFSET),
    st.datetimes(),
)  # fmt: skip


@st.composite
def replies(draw: st.DrawFn) -> tuple[ReplyFields, str]:
    fields = ReplyFields(
        sender=draw(SENDER), to=draw(TO), original_subject=draw(SUBJECT),
        in_reply_to=draw(st.one_of(st.none(), st.just(""), MESSAGE_ID)),
        references=tuple(draw(REFERENCES)), body=draw(BODY), error=draw(st.booleans()),
        now=draw(WHEN),
    )  # fmt: skip
    fields["sender_name"] = draw(SENDER_NAME)
    return fields, draw(st.one_of(MSGID_LIKE, MESSAGE_ID))


@PROPERTY
@given(replies())
def test_generated_replies_are_the_same_bytes_on_both_paths(
    reply_and_id: tuple[ReplyFields, str],
) -> None:
    fields, message_id = reply_and_id
    event("fast path" if agree(fields, message_id) else "EmailMessage path")


@st.composite
def plain_replies(draw: st.DrawFn) -> tuple[ReplyFields, str]:
    ids = st.one_of(
        PLAIN_MSGID, st.builds(lambda a: f"<{a}@example.org>", ATOM.filter(lambda a: "=?" not in a))
    )
    fields = ReplyFields(
        sender=draw(PLAIN_ADDRESS), to=draw(PLAIN_ADDRESS),
        original_subject=draw(st.text(ASCII, max_size=40).filter(lambda s: "=?" not in s)),
        in_reply_to=draw(st.one_of(st.none(), ids)), references=tuple(draw(st.lists(ids))),
        body=draw(st.text(max_size=500)), error=draw(st.booleans()),
        now=draw(st.datetimes(timezones=st.just(UTC), min_value=datetime(1000, 1, 1))),
    )  # fmt: skip
    return fields, draw(PLAIN_MSGID)


@PROPERTY
@given(plain_replies())
def test_plain_replies_take_the_fast_path_and_are_the_same_bytes(
    reply_and_id: tuple[ReplyFields, str],
) -> None:
    assert agree(*reply_and_id)
