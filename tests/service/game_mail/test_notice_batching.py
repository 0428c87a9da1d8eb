"""A mail's announcements reach each reader as one mail (judge.service.game_mail.notice_batch).

Four SET lines of a master used to send four notices to each of the nine readers of
a game (36 mails); one mail in now sends one notice to each, with the four changes
in order and the header once.
"""

from __future__ import annotations

from collections import Counter

from support.service.harness import JudgeHarness, body_of

from judge.service.game_mail.notice_batch import joined_bodies

MASTER = "gm@example.org"
FOUR_SETS = "SET GRACE 24h\nSET MOVE NEXT 2d\nSET RETREAT NEXT 1.5\nSET RULE convoy_adjacent 2.4"


def test_four_set_lines_send_one_notice_per_reader(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply("obs@example.org", "OBSERVE g1 obspw")
    mails = judge.send(MASTER, f"SIGNON Mg1 gmpass\n{FOUR_SETS}")
    notices = [m for m in mails if m["Auto-Submitted"] == "auto-generated"]
    per_reader = Counter(str(m["To"]) for m in notices)
    readers = {MASTER, "obs@example.org", *(f"p{i}@example.org" for i in range(7))}
    assert per_reader == Counter({reader: 1 for reader in readers}), per_reader
    assert len(mails) == 10  # the reply, and nine notices (not 36)
    text = body_of(notices[0])
    said = ["Grace", "Movement phase length", "Retreat phase length", "convoy_adjacent"]
    places = [text.find(words) for words in said]
    assert -1 not in places and places == sorted(places), text
    assert text.count(":: Judge:") == 1
    assert text.count("To stop this mail") == 1
    assert str(notices[0]["Subject"]) == "TEST:g1 - Setting Changed"


def test_the_notices_of_two_mails_are_two_mails(judge: JudgeHarness) -> None:
    judge.start_game()
    first = judge.send(MASTER, "SIGNON Mg1 gmpass\nSET GRACE 24h\nSET MOVE NEXT 2d")
    second = judge.send(MASTER, "SIGNON Mg1 gmpass\nSET GRACE 12h")
    for mails in (first, second):
        notices = [m for m in mails if m["Auto-Submitted"] == "auto-generated"]
        assert Counter(str(m["To"]) for m in notices).most_common(1)[0][1] == 1
        assert len(notices) == 8


def test_different_announcements_are_named_once_each_in_the_subject(judge: JudgeHarness) -> None:
    judge.start_game()
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\nPAUSE\nSET GRACE 24h\nRESUME\nSET GRACE 12h")
    notices = [m for m in mails if m["To"] == "p0@example.org"]
    assert len(notices) == 1
    assert str(notices[0]["Subject"]) == "TEST:g1 - Game Paused, Setting Changed, Game Resumed"


def test_joined_bodies_keep_one_header_and_a_changed_one() -> None:
    same = joined_bodies([":: a\n:: b\n\nfirst\n", ":: a\n:: b\n\nsecond\n"])
    assert same == ":: a\n:: b\n\nfirst\n\nsecond\n"
    moved = joined_bodies([":: a\n:: b\n\nfirst\n", ":: a\n:: c\n\nsecond\n"])
    assert moved == ":: a\n:: b\n\nfirst\n\n:: a\n:: c\n\nsecond\n"  # a new deadline shows
