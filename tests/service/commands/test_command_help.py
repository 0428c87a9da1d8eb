"""HELP COMMANDS and HELP keyword: the registry's usage lines and descriptions, mailed.

Every command of the registry is on the HELP COMMANDS page, under the heading of who
may send it, in the reader's language and within 78 columns; `HELP SET DIAS` shows
that one command; a command declared only in a test is on both pages, since they are
built from the registry the judge runs; the topic pages are as they were.
"""

from __future__ import annotations

import pytest
from support.service.harness import JudgeHarness, body_of
from support.service.ping_command import PingCommand

import judge.service.replies.dispatch as dispatch
from judge.service.commands.catalog import judge_commands
from judge.service.commands.command_help import AUDIENCE_HEADINGS
from judge.wording.catalogs import gettext_in
from judge.wording.mail_width import line_bytes

COMMANDS = judge_commands()


def _section(page: str, heading: str) -> str:
    """The lines under `heading`, up to the next blank line."""
    start = page.index(heading + "\n") + len(heading) + 1
    end = page.find("\n\n", start)
    return page[start : end if end != -1 else None]


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(("language", "asked"), [("en", "HELP COMMANDS"), ("fr", "AIDE COMMANDES")])
def test_every_command_is_listed_under_who_may_send_it(
    judge: JudgeHarness, language: str, asked: str
) -> None:
    page = body_of(judge.reply("ann@example.org", asked))
    assert all(line_bytes(line) <= 78 for line in page.splitlines()), page
    for command in COMMANDS.commands:
        section = _section(page, gettext_in(language, AUDIENCE_HEADINGS[command.audience]))
        usage, description = (gettext_in(language, text)
                              for text in (command.usage, command.description))  # fmt: skip
        lines = [line.strip() for line in section.splitlines()]
        assert any(line.startswith(usage) for line in lines), (command.name, usage)
        assert _flat(description) in _flat(section), (command.name, description)
    if language == "fr":
        assert "Le maître de la partie, connecté (AIDE maître) :" in page
        assert "HELP [sujet] (ou AIDE)" in page


def test_help_on_a_keyword_shows_that_command(judge: JudgeHarness) -> None:
    reply = body_of(judge.reply("ann@example.org", "HELP SET DIAS\nHELP set nodias"))
    assert (
        "> HELP SET DIAS\n"
        "The game's master, signed on (HELP gm):\n"
        "  SET DIAS                         a draw includes every surviving player\n"
    ) in reply
    assert "Also written: SET NO DIAS" in reply
    assert "No errors found in your mail." in reply


def test_help_on_a_keyword_in_french(judge: JudgeHarness) -> None:
    reply = body_of(judge.reply("ann@example.org", "AIDE ANNULER"))
    assert "CANCEL A PAR (ou ANNULER)" in reply
    assert "Un joueur, connecté à la partie :\n  CANCEL A PAR (ou ANNULER)" in reply
    assert "S'écrit aussi : ANNULER" in reply


def test_a_command_in_one_class_is_on_both_pages(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dispatch, "COMMANDS", dispatch.COMMANDS.with_command(PingCommand()))
    reply = body_of(judge.reply("ann@example.org", "HELP COMMANDS\nHELP PING"))
    listed = _section(reply, "Anyone, without a signon:")
    assert "  PING [words]                     the judge answers PONG with your words" in listed
    assert ("> HELP PING\n"
            "Anyone, without a signon:\n"
            "  PING [words]                     the judge answers PONG with your words\n"
            "Also written: COUCOU\n") in reply  # fmt: skip


def test_the_general_page_points_to_the_commands_page(judge: JudgeHarness) -> None:
    english = body_of(judge.reply("ann@example.org", "HELP"))
    assert "HELP COMMANDS lists every command, by who may send it" in _flat(english)
    assert "gm, commands." in _flat(english)
    french = body_of(judge.reply("bob@example.org", "AIDE"))
    assert "AIDE COMMANDES liste toutes les commandes" in _flat(french)
    assert "maître, commandes." in _flat(french)
