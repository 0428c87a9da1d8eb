"""The HELP topics by the names the reader's language gives them (`HELP` lists them:
French `partie, ordres, enchères`).

The topics are named in English by the code (`game`, `orders`, and a variant's own
topic by the variant's name); each general topic is a msgid with the context `help
topic`, so a language names it in its catalog (the command language reads those
names back: `judge.language.open_commands.HELP_ALIASES`). A variant's topic keeps its
name in every language.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.i18n import NP_
from judge.wording.catalogs import translations
from judge.wording.lists import names_of

HELP_TOPIC = "help topic"  # the context of each name below
GENERAL_TOPICS = (
    NP_("help topic", "game"), NP_("help topic", "orders"), NP_("help topic", "bid"),
    NP_("help topic", "press"), NP_("help topic", "settings"), NP_("help topic", "gm"),
    NP_("help topic", "commands"),
)  # fmt: skip


def topic_name(topic: str, language: str) -> str:
    """`game` in French: `partie`; a variant's topic (`intimate`) as it is."""
    if topic not in GENERAL_TOPICS:
        return topic
    return translations(language).pgettext(HELP_TOPIC, topic)


def topic_names(topics: Iterable[str] | str, language: str) -> str:
    """`{{ topics|help_topics }}`: `game, orders, bid`; French `partie, ordres, enchères`."""
    return ", ".join(topic_name(topic, language) for topic in names_of(topics))
