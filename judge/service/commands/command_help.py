"""HELP COMMANDS and HELP keyword: the help the command registry carries, mailed.

Each command's class declares its usage line, its one-line description and who may
send it (`judge.service.commands.registry`); the catalogs word the first two in each
language (`commands.po`). `HELP COMMANDS` lists every command grouped by who may send
it, in the way of njudge's command index; `HELP SET DIAS` shows one command under
who may send it, with its other spellings. Both are templates
(`templates/help/commands.txt.j2`, `command.txt.j2`) given the English, worded for
the reader and laid out in the mail's 78 columns (`judge.wording.command_table`).
The topic pages (`HELP game`, `HELP gm`...) stay the hand-written templates.
"""

from __future__ import annotations

from judge.i18n import N_
from judge.language.grammar import ENGLISH, Audience, Grammar, spellings_of
from judge.service.context import Note, rendered

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
ALSO_WRITTEN = N_("Also written:")
LANGUAGES_READ = (ENGLISH, "fr")  # the keywords' languages (`judge.language.grammar`)


def commands_page(grammar: Grammar) -> Note:
    """`HELP COMMANDS`: every command of `grammar`, grouped by who may send it."""
    groups = [
        {"heading": heading,
         "rows": [(c.usage, c.description) for c in grammar.commands if c.audience is audience]}
        for audience, heading in AUDIENCE_HEADINGS.items()
    ]  # fmt: skip
    return rendered("help/commands.txt.j2", introduction=COMMANDS_INTRODUCTION,
                    groups=[group for group in groups if group["rows"]])  # fmt: skip


def command_page(grammar: Grammar, name: str) -> Note:
    """`HELP keyword`: the one command named `name`, under who may send it, with its
    other spellings in the languages the judge reads."""
    command = grammar.command(name)
    others = [spelling for language in LANGUAGES_READ
              for spelling in spellings_of(command, language)
              if _plain(spelling) and spelling != command.name]  # fmt: skip
    return rendered("help/command.txt.j2", heading=AUDIENCE_HEADINGS[command.audience],
                    usage=command.usage, description=command.description,
                    also_written=ALSO_WRITTEN, others=list(dict.fromkeys(others)))  # fmt: skip


def _plain(spelling: str) -> bool:
    """A spelling a player can copy (`SIGN ON`, `AIDE`), not a small regex."""
    return not any(mark in spelling for mark in "()?[]|\\*+")
