"""The commands anyone may send without a signon: HELP, LIST, CREATE, SIGNON and friends.

Each function reads the text after its keyword and returns a command, or raises
`CommandError` with the usage line, so that the player sees how to write it.
"""

from __future__ import annotations

from typing import cast

from judge.language.arguments import CommandError, game_name, password, words
from judge.language.command_types import (
    Confirm,
    Create,
    Help,
    History,
    JoinNext,
    ListGames,
    MapRequest,
    Observe,
    Signon,
    SignonLetter,
    Stop,
    Summary,
    Unobserve,
)
from judge.language.grammar import Grammar, Words
from judge.language.master_commands import join_next
from judge.language.messages import Listed, Message
from judge.language.vocabulary import Vocabulary
from judge.rules.folding import fold_accents

# Names, aliases, power letters and help topics are the variant registry's, which the
# readers of CREATE, HELP and SIGNON are given (`Vocabulary`).
OTHER_SIGNON_LETTERS = "?MO"  # join, the master, an observer
# Other words for a topic: the command a player has in mind (a variant's name or
# alias leads to its own topic, which the registry knows).
HELP_ALIASES = {
    "set": "settings", "join": "game", "signon": "game", "create": "game", "list": "game",
    "observe": "game", "order": "orders", "builds": "orders", "bids": "bid",
    "broadcast": "press", "master": "gm", "stalemate": "intimate",
    # French (`AIDE enchere`), written with or without accents
    "enchere": "bid", "encheres": "bid", "partie": "game", "jeu": "game", "ordres": "orders",
    "ordre": "orders", "constructions": "orders", "presse": "press", "annonce": "press",
    "reglages": "settings", "reglage": "settings", "parametres": "settings", "maitre": "gm",
    "mj": "gm", "impasse": "intimate", "command": "commands", "commandes": "commands",
    "commande": "commands",
}  # fmt: skip


def _signon_usage(vocabulary: Vocabulary) -> Message:
    return Message("signon_usage", letters=" ".join(vocabulary.power_letters()))


def help_command(rest: str, vocabulary: Vocabulary, grammar: Grammar | None = None) -> Help:
    """`HELP`, `HELP topic` (or a word that leads to one), or `HELP keyword`: the
    help on one command of `grammar` (`HELP SET DIAS`), when no topic has the name."""
    topic = rest.rstrip(".?!").strip().lower() or None
    if topic is not None:
        folded = fold_accents(topic)
        topic = HELP_ALIASES.get(folded) or vocabulary.topic_of(topic) or topic
    topics = vocabulary.help_topics()
    if topic is not None and topic not in topics:
        named = None if grammar is None else grammar.command_named(rest.rstrip(".?!"))
        if named is not None:
            return Help(command=named, grammar=grammar)
        listed = Listed(topics, ", ".join(topics), kind="topic")
        raise CommandError("no_help_topic", rest=rest, topics=listed)
    return Help(topic, grammar=grammar)


def list_command(rest: str) -> ListGames:
    given = words(rest)
    if len(given) > 1:
        raise CommandError("list_usage")
    return ListGames(game_name(given[0]) if given else None)


def history_command(rest: str) -> History:
    """`HISTORY game`, or `HISTORY` alone after a SIGNON (njudge)."""
    return History(_game_or_signed("HISTORY", rest))


def summary_command(rest: str) -> Summary:
    """`SUMMARY game`, or `SUMMARY` alone after a SIGNON (njudge)."""
    return Summary(_game_or_signed("SUMMARY", rest))


def _game_or_signed(name: str, rest: str) -> str | None:
    return _one_game(name, rest) if words(rest) else None


def map_command(rest: str) -> MapRequest:
    return MapRequest(_one_game("MAP", rest))


def _one_game(name: str, rest: str) -> str:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("needs_game_name", name=name)
    return game_name(given[0])


def observe_command(rest: str) -> Observe:
    given = words(rest)
    if len(given) != 2:
        raise CommandError("observe_usage")
    return Observe(game_name(given[0]), password(given[1]))


def create_command(rest: str, words: Words) -> Create:
    """`CREATE game password variant [settings]`: the settings are the grammar's SET
    commands that CREATE takes (`in_create`)."""
    vocabulary = words.vocabulary
    given = rest.split(maxsplit=3)
    if len(given) < 3:
        raise CommandError("create_usage", variants=", ".join(vocabulary.listed_names()))
    game, secret, variant = given[:3]
    settings_text = given[3] if len(given) == 4 else ""
    options, settings, setters = words.grammar.parse_settings(settings_text, vocabulary)
    return Create(game_name(game.removeprefix("?")), password(secret),
                  _variant(variant, vocabulary), options, settings, setters)  # fmt: skip


def _variant(word: str, vocabulary: Vocabulary) -> str:
    name = vocabulary.resolve(word.rstrip(".,;"))
    if name is None:
        names = ", ".join(vocabulary.listed_names())
        raise CommandError("unknown_variant", word=word, variants=names)
    return name


def signon_command(rest: str, vocabulary: Vocabulary) -> Signon | JoinNext:
    """`SIGNON Fgame pw`; `SIGNON F game pw` (letter apart) is read the same way.
    `SIGNON ? pw [variant]` (no game) joins the next forming game (njudge)."""
    given = words(rest)
    joining = join_next(given, vocabulary)
    if joining is not None:
        return joining
    if len(given) == 3 and len(given[0]) == 1:
        given = [given[0] + given[1], given[2]]
    _check_signon_shape(given, vocabulary)
    letter = given[0][0].upper()
    if letter not in vocabulary.power_letters() + OTHER_SIGNON_LETTERS:
        usage = _signon_usage(vocabulary)
        raise CommandError("not_power_letter", letter=given[0][0], word=given[0], usage=usage)
    return Signon(cast(SignonLetter, letter), game_name(given[0][1:]), password(given[1]))


def _check_signon_shape(given: list[str], vocabulary: Vocabulary) -> None:
    if not given:
        raise CommandError("signon_usage", letters=" ".join(vocabulary.power_letters()))
    if len(given[0]) < 2:
        raise CommandError("signon_no_game", word=given[0], usage=_signon_usage(vocabulary))
    if len(given) == 1:
        raise CommandError("signon_no_password", word=given[0])
    if len(given) > 2:
        raise CommandError("signon_too_much", extra=" ".join(given[2:]))


def confirm_command(rest: str) -> Confirm:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("confirm_usage")
    return Confirm(given[0].strip(".,;").upper())


def stop_command(rest: str) -> Stop:
    if rest.strip(" .!"):
        raise CommandError("stop_usage")
    return Stop()


def unobserve_command(rest: str) -> Unobserve:
    return Unobserve(_one_game("UNOBSERVE", rest))
