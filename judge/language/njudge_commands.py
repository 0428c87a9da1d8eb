"""Readers of commands njudge players type that this judge had no word for.

* `WITHDRAW`: njudge's other word for RESIGN; it reads as `Resign`.
* `VERSION` and `WHOGAME [game]` read themselves (`judge.service.commands.catalog`).
* `GET topic`: njudge mails its info and rules files on request; here the topics are
  the HELP topics, so `GET press` is `HELP press`. njudge's file names are read as
  the topic that holds the same text (`GET info`, `GET rules`, `GET info.press`,
  `GET rules.intimate`); an unknown file is refused with the list.
"""

from __future__ import annotations

from judge.language.arguments import CommandError, words
from judge.language.command_types import Help, Resign
from judge.language.master_commands import resign_reader
from judge.language.messages import Listed
from judge.language.open_commands import HELP_ALIASES
from judge.language.vocabulary import Vocabulary
from judge.rules.folding import fold_accents

# njudge's file names -> the HELP topic with that information (None: the index).
GET_FILES: dict[str, str | None] = {
    "index": None, "info": None, "help": None, "general": None, "commands": None,
    "rules": "orders", "house.rules": "gm", "form": "game", "deadline": "settings",
    "dedication": "settings", "flist": "game",
}  # fmt: skip
_PREFIXES = ("info.", "rules.", "map.", "help.")


def withdraw_command(rest: str) -> Resign:
    """RESIGN's other word, with RESIGN's arguments (the master names whom)."""
    return resign_reader("WITHDRAW")(rest)


def get_command(rest: str, vocabulary: Vocabulary) -> Help:
    """`GET topic`: the help topic (or njudge file) by mail."""
    given = words(rest.rstrip(".?!"))
    topics = Listed(vocabulary.help_topics(), ", ".join(vocabulary.help_topics()), kind="topic")
    if len(given) != 1:
        raise CommandError("get_usage", topics=topics)
    return Help(_topic(given[0].lower(), vocabulary, topics))


def _topic(word: str, vocabulary: Vocabulary, topics: str) -> str | None:
    if word in GET_FILES:
        return GET_FILES[word]
    for prefix in _PREFIXES:
        if word.startswith(prefix) and len(word) > len(prefix):
            word = word.removeprefix(prefix)
            break
    topic = HELP_ALIASES.get(fold_accents(word)) or vocabulary.topic_of(word) or word
    if topic not in vocabulary.help_topics():
        raise CommandError("no_get_topic", word=word, topics=topics)
    return topic
