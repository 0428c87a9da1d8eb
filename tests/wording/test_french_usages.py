"""A command's usage line in French is the command as the judge reads it.

French players type the same keywords (docs/translating.md, "Writing a sentence"):
`commands.po` translates only the words of a usage line that stand for a value
(`CREATE partie motdepasse variante`), keeps the keywords first and as written, and
may add, as `(ou AIDE)`, a French keyword the command answers to. These tests hold
each translation to that: the keywords the English line starts with start the French
one, and a keyword shown after `ou` is one of the command's French spellings.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from judge.service.commands.catalog import judge_commands
from judge.service.commands.registry import MailCommand
from judge.wording.catalogs import gettext_in

COMMANDS = judge_commands().commands
ALIAS = re.compile(r"\(ou ([^)]+)\)$")


def keywords(usage: str) -> str:
    """The upper-case words a usage line starts with (`SET GUNBOAT [ON|OFF]` of
    `SET GUNBOAT [ON|OFF]`, `PRESS [TO` of `PRESS [TO powers] ... ENDPRESS`)."""
    words = []
    for word in usage.split():
        if not word.isupper():
            break
        words.append(word)
    return " ".join(words)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_the_french_usage_keeps_the_keywords_first(command: MailCommand[Any]) -> None:
    french = gettext_in("fr", command.usage)
    assert keywords(command.usage), command.usage
    assert french.startswith(keywords(command.usage)), f"{command.usage!r} -> {french!r}"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_a_french_keyword_shown_is_one_the_command_reads(command: MailCommand[Any]) -> None:
    shown = ALIAS.search(gettext_in("fr", command.usage))
    if shown is None:
        return
    spellings = command.spellings.get("fr", ())
    assert any(re.fullmatch(spelling, shown[1]) for spelling in spellings), (
        f"{command.name}: {shown[1]!r} is none of {spellings}"
    )


def test_the_french_keywords_are_shown() -> None:
    """Every command with a French spelling of its own shows one in its usage line."""
    french = {command.name for command in COMMANDS if command.spellings.get("fr")}
    shown = {command.name for command in COMMANDS
             if ALIAS.search(gettext_in("fr", command.usage))}  # fmt: skip
    assert french == shown
