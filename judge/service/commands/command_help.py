"""HELP COMMANDS and HELP keyword: the help the command registry carries, mailed.

Each command's class declares its usage line, its one-line description and who may
send it (`judge.service.commands.registry`); the catalogs word the first two in each
language (`commands.po`). `HELP COMMANDS` lists every command grouped by who may send
it, in the way of njudge's command index; `HELP SET DIAS` shows one command:
its usage, what it does, who may send it, and its other spellings. Both are worded
for the reader and laid out in the mail's 78 columns (`judge.wording.command_table`).
The topic pages (`HELP game`, `HELP gm`...) stay the hand-written templates.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from judge.i18n import N_
from judge.language.grammar import ENGLISH, Audience, CommandSyntax, Grammar, spellings_of
from judge.service.context import Note, worded
from judge.wording.catalogs import gettext_in
from judge.wording.command_table import command_table
from judge.wording.mail_width import fit
from judge.wording.readers import Reader

# Who may send the commands of a group, as the page heads it; the order of the page.
AUDIENCE_HEADINGS: dict[Audience, str] = {
    Audience.ANYONE: N_("Anyone, without a signon:"),
    Audience.SIGNED_ON: N_("Anyone signed on to a game (a player, its master or an observer):"),
    Audience.PLAYER: N_("A player, signed on to the game:"),
    Audience.PLAYER_OR_MASTER: N_("A player or the master, signed on to the game:"),
    Audience.MASTER: N_("The game's master, signed on (HELP gm):"),
}
COMMANDS_INTRODUCTION = N_(
    "Every command of this judge, by who may send it. HELP and a command's keyword "
    "says more on one (HELP SET DIAS); HELP alone gives the topics."
)
# The general HELP page's pointer to these pages (`templates/help/general.txt.j2`).
GENERAL_PAGE_POINTER = N_(
    "HELP COMMANDS lists every command, by who may send it; HELP and a command's "
    "keyword (HELP SET DIAS) says more on that one."
)
WHO = N_("Who may send it:")
ALSO_WRITTEN = N_("Also written:")


def commands_page(grammar: Grammar) -> Note:
    """`HELP COMMANDS`: every command of `grammar`, grouped by who may send it."""
    return worded(functools.partial(_commands_text, tuple(grammar.commands)))


def command_page(grammar: Grammar, name: str) -> Note:
    """`HELP keyword`: the one command named `name`."""
    return worded(functools.partial(_command_text, grammar.command(name)))


def _commands_text(commands: Sequence[CommandSyntax], reader: Reader) -> str:
    def _(text: str) -> str:
        return gettext_in(reader.language, text)

    parts = [_fitted(_(COMMANDS_INTRODUCTION))]
    for audience, heading in AUDIENCE_HEADINGS.items():
        rows = [(_(c.usage), _(c.description)) for c in commands if c.audience is audience]
        if rows:
            parts.append(f"{_(heading)}\n{command_table(rows)}")
    return "\n\n".join(parts)


def _command_text(command: CommandSyntax, reader: Reader) -> str:
    def _(text: str) -> str:
        return gettext_in(reader.language, text)

    lines = [command_table([(_(command.usage), _(command.description))]),
             _fitted(f"{_(WHO)} {_first_lower(_(AUDIENCE_HEADINGS[command.audience]))}")]
    others = [spelling for language in (ENGLISH, reader.language)
              for spelling in spellings_of(command, language)
              if _plain(spelling) and spelling != command.name]  # fmt: skip
    if others:
        lines.append(_fitted(f"{_(ALSO_WRITTEN)} {', '.join(dict.fromkeys(others))}"))
    return "\n".join(lines)


def _first_lower(heading: str) -> str:
    """A group's heading as the end of a sentence: `the game's master, signed on`."""
    text = heading.removesuffix(":").removesuffix(" ").rstrip()
    return (text[:1].lower() + text[1:]) + "."


def _plain(spelling: str) -> bool:
    """A spelling a player can copy (`SIGN ON`, `AIDE`), not a small regex."""
    return not any(mark in spelling for mark in "()?[]|\\*+")


def _fitted(text: str) -> str:
    return fit(text)
