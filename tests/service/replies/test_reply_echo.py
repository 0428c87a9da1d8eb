"""How much of a mail a reply and a seat's copy repeat (`judge.service.replies.reply_echo`).

A reply repeats a screenful of the mail, then only the lines that did something,
and counts the rest: a password change past 40 LIST lines is never done unseen.
A seat's copy also keeps each line that tried to do something and was refused.
Neither cuts a line silently: what is left out is counted.
"""

from __future__ import annotations

from judge.language import command_types as c
from judge.service.context import Note, Refusal, note
from judge.service.replies.dispatch import Entry
from judge.service.replies.reply_echo import SCREENFUL, copy_screenful, screenful

LISTING = Entry("LIST g1", (note("answered_above"),), kind=c.ListGames)
JUNK = Entry("WOBBLE", (Refusal("parse_error", message="no").note,))
CHANGED = Entry("SET PASSWORD x", (note("password_changed"),), kind=c.SetPassword)
REFUSED = Entry("SET PASSWORD y", (Refusal("need_signon").note,), kind=c.SetPassword)
PRESS = Entry("PRESS TO MASTER\nhello\nENDPRESS", (note("password_changed"),), kind=c.Press)


def _count(notes: list[Note]) -> str:
    return " ".join(n.text for n in notes)


def test_a_short_mail_is_repeated_whole() -> None:
    entries = [LISTING, JUNK, CHANGED, REFUSED]
    assert screenful(entries) == (entries, [])
    assert copy_screenful(entries) == (entries, [])


def test_past_a_screenful_a_reply_keeps_only_the_lines_that_did_something() -> None:
    entries = [*[LISTING] * (SCREENFUL + 5), CHANGED, REFUSED, JUNK, PRESS, LISTING]
    shown, more = screenful(entries)
    assert shown == [*[LISTING] * SCREENFUL, CHANGED, PRESS]
    assert "... and 8 more lines that only read or were refused" in _count(more)
    assert "with 2 errors among them" in _count(more)


def test_past_a_screenful_a_copy_keeps_every_line_that_tried_something() -> None:
    entries = [*[LISTING] * (SCREENFUL + 5), CHANGED, REFUSED, JUNK, PRESS, LISTING]
    shown, more = copy_screenful(entries)
    assert shown == [*[LISTING] * SCREENFUL, CHANGED, REFUSED, PRESS]
    assert "... and 7 more lines done in your name" in _count(more)
    assert "with 1 error among them" in _count(more)


def test_every_line_is_shown_or_counted() -> None:
    """Whatever the mix, the lines shown and the lines counted are all the lines."""
    kinds = [LISTING, JUNK, CHANGED, REFUSED, PRESS]
    for size in range(0, 120, 7):
        entries = [kinds[(i * i + size) % len(kinds)] for i in range(size)]
        total = sum(len(e.text.splitlines()) for e in entries)
        for cut in (screenful, copy_screenful):
            shown, more = cut(entries)
            counted = int(_count(more).split()[2]) if more else 0
            assert sum(len(e.text.splitlines()) for e in shown) + counted == total
            assert all(e in shown for e in entries if e.changed)
