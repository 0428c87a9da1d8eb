"""Reply subjects do not stack prefixes: the `Re:` of any mail program, and the
judge's own `[Error]` mark, are taken off before the judge puts its own on."""

from __future__ import annotations

import pytest

from judge.mail.compose import judge_from, reply_subject


@pytest.mark.parametrize(
    ("original", "error", "expected"),
    [
        ("orders", False, "Re: orders"),
        ("orders", True, "Re: [Error] orders"),
        ("Re: orders", False, "Re: orders"),
        ("Re: Re: orders", False, "Re: orders"),
        ("RE: orders", True, "Re: [Error] orders"),  # Outlook
        ("Re: [Error] RE: orders", True, "Re: [Error] orders"),
        ("Re: [Error] orders", False, "Re: orders"),  # fixed now: no stale mark
        ("AW: Re: orders", False, "Re: orders"),  # German Outlook
        ("SV: orders", False, "Re: orders"),
        ("Re[2]: orders", False, "Re: orders"),
        ("re:orders", False, "Re: orders"),
        ("Fwd: orders", False, "Re: Fwd: orders"),  # a forward is kept
        ("Results of the Re: vote", False, "Re: Results of the Re: vote"),
        ("Re:", False, "Re:"),
        ("", True, "Re: [Error]"),
    ],
)
def test_reply_subjects_do_not_stack_prefixes(original: str, error: bool, expected: str) -> None:
    assert reply_subject(original, error) == expected


def test_the_judges_from_carries_its_display_name() -> None:
    assert judge_from("judge@localhost", "LOCAL Judge") == "LOCAL Judge <judge@localhost>"
    assert judge_from("judge@localhost", "") == "judge@localhost"
    assert judge_from("judge@localhost", "Dip. Judge") == '"Dip. Judge" <judge@localhost>'
