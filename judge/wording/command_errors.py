"""Why a command line cannot be read, worded for the reader.

A command reader refuses a line with a `Message` (`judge.language.messages`, a
`KeyedText`): a key, its values, and the English text. The English (its `TABLE`,
`messages.ENGLISH`, one entry per key) is the msgid; the reader's catalog gives the
sentence in their language, with the same `{name}` placeholders. Each value is
worded before it is put in:

* a nested message, in turn;
* a power's `Named` name, as the reader's map names it, with the language's
  grammatical forms by the placeholder's format spec (French `{power:La}`:
  `La France`);
* a `Listed` list, joined the reader's way (Babel's CLDR lists: French alternatives
  `A, B ou C`);
* a `Phrase`, from the catalog.

A text without a key is shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.lists import format_list

from judge.rules.reasons import KeyedText, Listed, Named, Phrase
from judge.wording import french_filters
from judge.wording.catalogs import gettext_in, locale_of
from judge.wording.help_topics import topic_name
from judge.wording.language_names import language_listed
from judge.wording.readers import DEFAULT_LANGUAGE
from judge.wording.vocabulary import wording_for

# A language's grammatical forms of a power's name, by format spec (`{power:La}`).
FORMS: dict[str, dict[str, Callable[[str], str | None]]] = {
    "fr": {"la": french_filters.la, "La": french_filters.La, "de": french_filters.de,
           "a": french_filters.a},
}  # fmt: skip


class ShownName(str):
    """A name in the reader's language whose format spec picks one of the language's
    grammatical forms of it (`FORMS`: French `la`, `La`, `de`, `a`)."""

    language: str
    english: str

    def __new__(cls, english: str, language: str) -> ShownName:
        made = super().__new__(cls, wording_for(language).name(english))
        made.language = language
        made.english = english
        return made

    def __format__(self, spec: str) -> str:
        form = FORMS.get(self.language, {}).get(spec) if spec else None
        return str(self) if form is None else form(self.english) or str(self)


def worded(message: Any, language: str = DEFAULT_LANGUAGE) -> str:
    """`message` in `language`: English is the message's own text."""
    if not isinstance(message, KeyedText):
        return str(message)
    if language == DEFAULT_LANGUAGE:
        return str(message)
    text = gettext_in(language, type(message).TABLE[message.key])
    values = {name: _value(value, language) for name, value in message.params.items()}
    return text.format(**values)


def _value(value: Any, language: str) -> Any:
    if isinstance(value, KeyedText):
        return worded(value, language)
    if isinstance(value, Named):
        return ShownName(str(value), language)
    if isinstance(value, Phrase):
        return gettext_in(language, str(value))
    if isinstance(value, Listed):
        items = [_item(item, value.kind, language) for item in value.items]
        if value.alternatives:
            return format_list(items, style="or", locale=locale_of(language))
        return ", ".join(items)
    return AsGiven(value)


class AsGiven(str):
    """A value shown as it was given, whatever form the sentence asks of it (a
    grammatical form of a name that came as plain text is the text)."""

    def __format__(self, spec: str) -> str:
        return str(self)


def _item(item: str, kind: str, language: str) -> str:
    if kind == "name":
        return wording_for(language).name(item)
    if kind == "topic":
        return topic_name(item, language)  # as the reader types it (AIDE reads it too)
    if kind == "language":
        return language_listed(item, language)  # `FR (français)`
    return item
