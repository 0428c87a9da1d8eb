"""The start mail gives the first deadline once: Intimate's own start part says when
the first bids are due, so the common part leaves out its deadline line; a standard
game's start mail keeps it."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.harness import JudgeHarness, body_of

MASTER = "gm@example.org"


def _start_mails(
    judge: JudgeHarness, variant: str, preferences: tuple[str, ...], game: str = "g1"
) -> list[str]:
    judge.reply(MASTER, f"CREATE {game} gmpass {variant}")
    mails: list[EmailMessage] = []
    for index, preference in enumerate(preferences):
        signon = f"SIGNON ?{game} pw{index}\nPREFERENCES {preference}"
        mails = judge.send(f"p{index}@example.org", signon)
    if variant == "standard":
        mails = judge.send(MASTER, f"SIGNON M{game} gmpass\nSTART")
    starts = [body_of(m) for m in mails if "Game Start" in str(m["Subject"])]
    assert len(starts) == len(preferences) + 1, [m["Subject"] for m in mails]
    return starts


def _told(text: str, words: tuple[str, ...]) -> list[str]:
    """The body's lines with any of the words (the `::` header lines left out)."""
    lines = [line for line in text.splitlines() if not line.startswith("::")]
    return [line for line in lines if any(word in line for word in words)]


def test_the_intimate_start_mail_names_the_first_deadline_once(judge: JudgeHarness) -> None:
    for ruleset in ("intimate", "intimate-2000", "propaganda"):
        for text in _start_mails(judge, ruleset, ("GERMANY", "FRANCE"), game=f"g{len(ruleset)}"):
            told = _told(text, ("deadline", "Deadline", "due by"))
            assert len(told) == 1, text


def test_the_standard_start_mail_keeps_its_deadline_line(judge: JudgeHarness) -> None:
    for text in _start_mails(judge, "standard", ("E", "F")):
        told = _told(text, ("deadline", "Deadline", "due by"))
        assert len(told) == 1, text
        assert "deadline for orders" in told[0], text
