"""The command registry is complete and consistent, and a command is one class.

Every type the parser can make has a handler, no keyword is spelled twice in one
language, every command's keyword is on a HELP page, and a command declared in
this module alone, registered into a copy of the judge's registry, is read and
answered by the real parser and dispatcher through a real mail.
"""

from __future__ import annotations

import re
import typing

import pytest
from support.service.command_samples import SAMPLES
from support.service.harness import JudgeHarness, body_of
from support.service.ping_command import PingCommand

import judge.language.command_types as c
import judge.service.replies.dispatch as dispatch
from judge.i18n import N_
from judge.language.commands import parse_commands
from judge.language.grammar import Audience, spellings_of
from judge.language.keywords import Keyword, match_keyword
from judge.service.commands.catalog import judge_commands
from judge.service.commands.registry import CommandRegistry, MailCommand, RegistryError
from judge.service.commands.settings import SettingCommand
from judge.service.context import MailContext, Note
from judge.variants.registry import default_registry

COMMANDS = judge_commands()
LANGUAGES = ("en", "fr")
HELP_TOPICS = ("", "game", "orders", "bid", "press", "settings", "gm", "intimate", "taskdip")


def test_every_type_the_parser_makes_has_a_handler() -> None:
    made = set(typing.get_args(c.Command))
    assert made <= set(COMMANDS.handlers), made - set(COMMANDS.handlers)


def test_every_handled_type_is_one_the_service_knows() -> None:
    assert set(COMMANDS.handlers) <= set(typing.get_args(c.Command))


def test_every_command_has_its_own_reader_and_handler() -> None:
    for command in COMMANDS.commands:
        kind = type(command)
        if spellings_of(command, "en"):
            overridden = (kind.read is not MailCommand.read
                          or kind.read_words is not MailCommand.read_words)  # fmt: skip
            assert overridden, f"{command.name} has a keyword but no reader"
        if command.handles:
            assert kind.handle is not MailCommand.handle, f"{command.name} has no handler"


def test_every_keyword_reads_into_a_handled_type_or_always_refuses() -> None:
    refusing = {command.name for command in COMMANDS.commands if not command.handles}
    assert refusing == {"ENDPRESS"}  # ENDPRESS alone has nothing to close


def test_the_game_settings_create_takes_are_game_setting_classes() -> None:
    """CREATE applies each option with its class (`apply`, `said`, `before_change`)."""
    for command in COMMANDS.commands:
        if command.in_create:
            assert isinstance(command, SettingCommand), command.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_spelling_is_declared_twice_in_a_language(language: str) -> None:
    seen: dict[str, str] = {}
    for command in COMMANDS.commands:
        for spelling in spellings_of(command, language):
            key = spelling.upper()
            assert key not in seen, f"{command.name} and {seen[key]} are both spelled {spelling}"
            seen[key] = command.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_keyword_name_reads_as_its_own_command(language: str) -> None:
    """No command's spelling catches another's name (longest match wins)."""
    keywords = [Keyword(command.name, spelling) for command in COMMANDS.commands
                for spelling in spellings_of(command, language)]  # fmt: skip
    for command in COMMANDS.commands:
        found = match_keyword(command.name, keywords)
        assert found is None or found[0].name == command.name, (command.name, found)


KEYWORDED = [command for command in COMMANDS.commands if spellings_of(command, "en")]


def test_every_command_declares_usage_description_and_audience() -> None:
    for command in COMMANDS.commands:
        assert command.usage, command.name
        assert command.description, command.name
        assert isinstance(command.audience, Audience), command.name


def test_two_handlers_for_one_type_are_refused() -> None:
    class OtherList(MailCommand[c.ListGames]):
        name = "LISTE2"
        usage = N_("LISTE2")
        description = N_("lists again")
        audience = Audience.ANYONE
        handles = (c.ListGames,)

        def handle(self, ctx: MailContext, command: c.ListGames) -> list[Note]:
            return []

    with pytest.raises(RegistryError, match="ListGames has two handlers"):
        COMMANDS.with_command(OtherList())


def test_a_name_registered_twice_is_refused() -> None:
    with pytest.raises(RegistryError, match="two commands are named HELP"):
        CommandRegistry((*COMMANDS.commands, COMMANDS.commands[0]))


def test_every_keyword_is_on_a_help_page(judge: JudgeHarness) -> None:
    """Each keyword's own word (`SET NODIAS`: DIAS; `SET RETREAT NEXT`: RETREAT) is on
    one of the HELP pages a player can ask for, as the judge mails them."""
    asked = "\n".join(f"HELP {topic}".strip() for topic in HELP_TOPICS)
    pages = " ".join(body_of(judge.reply("ann@example.org", asked)).split())
    for command in KEYWORDED:
        word = command.name.removeprefix("SET ").split()[0]
        word = re.sub(r"^NO(?=[A-Z]{3})", "", word) if word.startswith("NO") else word
        assert re.search(rf"\b{re.escape(word)}\b", pages), command.name


# --- a command declared here, and nowhere else ---------------------------------------




def test_a_command_in_one_class_is_read_and_answered(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dispatch, "COMMANDS", dispatch.COMMANDS.with_command(PingCommand()))

    reply = body_of(judge.reply("ann@example.org", "PING hello there\nPIGN"))
    assert "> PING hello there\nPONG hello there\n" in reply
    assert "did you mean PING" in reply  # a typo is compared with the new keyword too

    french = body_of(judge.reply("bob@example.org", "COUCOU"))
    assert "> COUCOU\nPONG\n" in french  # its French word, which makes the reply French
    assert "Aucune erreur" in french


def test_without_its_class_the_command_is_unknown(judge: JudgeHarness) -> None:
    reply = body_of(judge.reply("ann@example.org", "PING hello there"))
    assert "PONG" not in reply


def test_who_may_send_a_command_is_what_the_dispatcher_checks(judge: JudgeHarness) -> None:
    """A stranger's line is refused for want of a SIGNON exactly when its command is
    not declared for ANYONE (one sample line per command type, the fault tests')."""
    wrong = []
    for sample in SAMPLES:
        [parsed] = parse_commands(sample.split("\n"), default_registry(), COMMANDS.grammar)
        command = COMMANDS.owner_of(type(parsed.command))
        reply = " ".join(body_of(judge.reply("stranger@example.org", sample)).split())
        refused = "Sign on first" in reply or "orders need a SIGNON" in reply
        if refused != (command.audience is not Audience.ANYONE):
            wrong.append((command.name, command.audience, reply))
    assert wrong == []
