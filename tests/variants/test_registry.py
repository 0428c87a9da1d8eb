"""The registry owns the variants' names, aliases, power letters and help topics.

The mail commands read them from it: every registered name and alias is taken
by CREATE, every power letter by SIGNON, every help topic by HELP (and has its
help text); a word the registry does not know is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.language.arguments import CommandError
from judge.language.grammar import Words
from judge.language.open_commands import create_command, help_command, signon_command
from judge.rules.state import POWERS
from judge.service.replies.dispatch import COMMANDS
from judge.variants.registry import default_registry

VOCABULARY = default_registry()
WORDS = Words(VOCABULARY, COMMANDS.grammar)

REGISTRY = default_registry()
HELP_TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "help"
ALIASES = {"id": "intimate", "intimate2000": "intimate-2000", "wright": "propaganda"}


@pytest.mark.parametrize("name", REGISTRY.names())
def test_create_takes_every_registered_name(name: str) -> None:
    assert create_command(f"game secret {name.upper()}", WORDS).variant == name
    assert REGISTRY.get(name).name == name


@pytest.mark.parametrize(("alias", "name"), sorted(ALIASES.items()))
def test_create_takes_the_aliases_the_registry_knows(alias: str, name: str) -> None:
    assert REGISTRY.resolve(alias) == name
    assert create_command(f"game secret {alias}.", WORDS).variant == name


def test_an_unknown_variant_is_refused_with_the_registered_names() -> None:
    assert REGISTRY.resolve("chaos") is None
    with pytest.raises(CommandError, match="unknown variant 'chaos'") as refused:
        create_command("game secret chaos", WORDS)
    for name in REGISTRY.listed_names():
        assert name in str(refused.value)


def test_signon_takes_each_power_letter_of_the_registry() -> None:
    letters = REGISTRY.power_letters()
    assert sorted(letters) == sorted(power[0] for power in POWERS)
    for letter in letters:
        assert signon_command(f"{letter}game secret", VOCABULARY).letter == letter
    with pytest.raises(CommandError, match="not a power letter"):
        signon_command("Xgame secret", VOCABULARY)


def test_every_help_topic_has_its_text_and_is_taken() -> None:
    topics = REGISTRY.help_topics()
    assert topics == (
        "game", "orders", "bid", "intimate", "taskdip", "press", "settings", "gm", "commands"
    )
    for topic in topics:
        # `commands` is the command registry's page (judge.service.commands.command_help)
        assert topic == "commands" or (HELP_TEMPLATES / f"{topic}.txt.j2").is_file()
        assert help_command(topic, VOCABULARY).topic == topic
    with pytest.raises(CommandError, match="there is no help on"):
        help_command("chess", VOCABULARY)


def test_a_variant_name_or_alias_leads_to_its_own_help_topic() -> None:
    assert help_command("propaganda", VOCABULARY).topic == "intimate"
    assert help_command("wright", VOCABULARY).topic == "intimate"
    assert help_command("intimate-2000", VOCABULARY).topic == "intimate"
    assert help_command("taskdip", VOCABULARY).topic == "taskdip"
    assert REGISTRY.topic_of("standard") is None
