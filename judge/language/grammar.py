"""The keywords of the command language, built from the commands a judge registers.

A command declares its own keyword, its spellings in each language, its usage line,
its one-line description, who may send it and how it reads the rest of its line
(`CommandSyntax`; the service's command registry, `judge.service.commands.registry`,
is made of such declarations). `Grammar` collects those declarations into what the
parser needs: the keyword table (French spellings included), the SET words (and
which of them CREATE takes as options), the names a typo is compared with. Nothing
here knows one command by name: the grammar is handed to the parser, as the
variants' words are (`Vocabulary`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Protocol

from judge.language.arguments import CommandError
from judge.language.keywords import BROADCAST, PRESS, Keyword, clean, match_keyword
from judge.language.spelling import closest
from judge.language.vocabulary import Vocabulary

ENGLISH = "en"
SET_PREFIX = "SET "


class Audience(Enum):
    """Who may send a command: the dispatcher refuses a line from anyone else before
    its handler runs (`judge.service.replies.dispatch`), with the audience's error."""

    ANYONE = "anyone"  # no signon needed
    SIGNED_ON = "signed on"  # anyone signed on: a player, the master or an observer
    PLAYER = "player"  # a player signed on to the game
    MASTER = "master"  # the game's master, signed on
    PLAYER_OR_MASTER = "player or master"  # either; the master names whom


@dataclass(frozen=True)
class Words:
    """What a command's reader may consult beyond its own text: the variants' words
    (CREATE's, HELP's, SIGNON's) and the grammar (CREATE's settings)."""

    vocabulary: Vocabulary
    grammar: Grammar


class CommandSyntax(Protocol):
    """One keyword of the language, as its command declares it.

    `spellings` maps a language code to the spellings of the keyword in that
    language (`Keyword.spelling` form: words separated by spaces, a word may be a
    small regex); English defaults to `name` itself, and an empty tuple says the
    command has no keyword of its own (PRESS blocks, order lines: read elsewhere).
    `in_create` marks a SET command CREATE takes as an option (without SET).
    """

    name: str
    usage: str
    description: str
    audience: Audience
    in_create: bool

    @property
    def spellings(self) -> Mapping[str, tuple[str, ...]]: ...

    def read_words(self, rest: str, words: Words) -> object:
        """The typed command for the text after the keyword (`CommandError`: unreadable)."""
        ...


def spellings_of(syntax: CommandSyntax, language: str) -> tuple[str, ...]:
    """The spellings of a command's keyword in one language (English: its name if
    it declares none)."""
    declared = syntax.spellings.get(language)
    if declared is None:
        return (syntax.name,) if language == ENGLISH else ()
    return declared


@dataclass(frozen=True)
class _SetWord:
    """A SET command seen from CREATE: its name without SET, and its keyword there."""

    name: str
    keyword: Keyword
    syntax: CommandSyntax


def _set_words_of(commands: Iterable[CommandSyntax]) -> tuple[_SetWord, ...]:
    """The SET commands as CREATE reads them: `PLAYERS 4` or `SET PLAYERS 4`, by the
    first English spelling of each."""
    found = []
    for syntax in commands:
        spellings = spellings_of(syntax, ENGLISH)
        if syntax.name.startswith(SET_PREFIX) and spellings:
            name = syntax.name.removeprefix(SET_PREFIX)
            spelling = spellings[0].removeprefix(SET_PREFIX)
            found.append(_SetWord(name, Keyword(name, f"(?:SET)? {spelling}"), syntax))
    return tuple(found)


@dataclass(frozen=True, eq=False)
class Grammar:
    """The keyword table of a set of commands, in the order they were given."""

    commands: tuple[CommandSyntax, ...]
    keywords: tuple[Keyword, ...] = field(init=False, repr=False)
    _by_name: Mapping[str, CommandSyntax] = field(init=False, repr=False)
    _set_words: tuple[_SetWord, ...] = field(init=False, repr=False)
    _names: tuple[str, ...] = field(init=False, repr=False)
    _first_words: frozenset[str] = field(init=False, repr=False)
    _only_french: tuple[Keyword, ...] = field(init=False, repr=False)
    _near: Callable[[str], str | None] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_name = {syntax.name: syntax for syntax in self.commands}
        english = [Keyword(s.name, spelling) for s in self.commands
                   for spelling in spellings_of(s, ENGLISH)]  # fmt: skip
        french = [Keyword(s.name, spelling) for s in self.commands
                  for spelling in spellings_of(s, "fr")]  # fmt: skip
        names = sorted({k.name for k in english} | {"SET", PRESS.name, BROADCAST.name})
        setattr_ = object.__setattr__
        setattr_(self, "_by_name", by_name)
        setattr_(self, "keywords", (*english, Keyword("SET"), *french))
        setattr_(self, "_set_words", _set_words_of(self.commands))
        setattr_(self, "_names", tuple(names))
        setattr_(self, "_first_words", frozenset(name.split()[0] for name in names))
        # PRÉFÉRENCES is the English word too: only words English has not are French.
        setattr_(self, "_only_french", tuple(k for k in french if not k.pattern.match(k.name)))
        # computed once per first word (a mail of 500 `HLEP` lines, read twice, asks
        # 1,000 times)
        setattr_(self, "_near", lru_cache(maxsize=1024)(self._near_first_word))

    def command(self, name: str) -> CommandSyntax:
        """The command whose keyword is `name` (`KeyError` if none)."""
        return self._by_name[name]

    def command_named(self, text: str) -> str | None:
        """The name of the command whose keyword is all of `text`, in any language
        the judge reads (`set nodias`, `SET NO DIAS`, `AIDE`: HELP); None for any
        other text (`SET`, `SET DIAS now`)."""
        found = match_keyword(text, self.keywords)
        if found is None or found[1] or found[0].name not in self._by_name:
            return None
        return found[0].name

    def read(self, line: str, vocabulary: Vocabulary) -> object | None:
        """The command a line starts with, read; None if it starts with no keyword.
        `CommandError` if the keyword's reader refuses the rest of the line."""
        found = match_keyword(line, self.keywords)
        if found is None:
            return None
        keyword, rest = found
        if keyword.name == "SET":
            self._unknown_set(rest)
        return self._by_name[keyword.name].read_words(rest, Words(vocabulary, self))

    # --- SET and CREATE's settings ------------------------------------------------

    @property
    def set_names(self) -> str:
        """Every SET word, as the refusal of an unknown one lists them."""
        return ", ".join(word.name for word in self._set_words)

    def _unknown_set(self, rest: str) -> None:
        what = rest.split()[0] if rest else ""
        if not what:
            raise CommandError("set_nothing", names=self.set_names)
        raise CommandError("unknown_set", what=what, names=self.set_names)

    def parse_settings(self, text: str, vocabulary: Vocabulary) -> tuple[
        tuple[str, ...], tuple[object, ...], tuple[CommandSyntax, ...]
    ]:
        """The settings after CREATE: `PLAYERS 4, MOVE NEXT 2d` -> (texts, settings,
        the commands that read them)."""
        texts = tuple(part.strip() for part in re.split(r"[,;]", text) if part.strip())
        read = [self._game_setting(part, vocabulary) for part in texts]
        return texts, tuple(value for value, _ in read), tuple(syntax for _, syntax in read)

    def _game_setting(self, text: str, vocabulary: Vocabulary) -> tuple[object, CommandSyntax]:
        found = match_keyword(text, [word.keyword for word in self._set_words])
        if found is None:
            names = ", ".join(w.name for w in self._set_words if w.syntax.in_create)
            raise CommandError("create_unknown_setting", text=text, names=names)
        keyword, rest = found
        word = next(w for w in self._set_words if w.keyword is keyword)
        if not word.syntax.in_create:
            raise CommandError("create_not_game_setting_signon", name=word.name)
        return word.syntax.read_words(rest, Words(vocabulary, self)), word.syntax

    # --- what a player typed, nearly --------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """Every keyword's name (PRESS and BROADCAST too), sorted."""
        return self._names

    def near_keyword(self, line: str) -> str | None:
        """The command keyword the first word of `line` looks like a typo of, if any
        (`HLEP` -> HELP, `LSIT` -> LIST, `SINGON` -> SIGNON; see `spelling`)."""
        words = clean(line).split()
        if not words:
            return None
        return self._near(words[0].rstrip(".!,;:?").upper())

    def _near_first_word(self, word: str) -> str | None:
        if word in self._first_words:
            return None  # a keyword itself, used wrongly: no "did you mean" it
        return closest(word, ((name.split()[0], name) for name in self._names))

    def writes_french(self, lines: Iterable[str]) -> bool:
        """Whether a mail's lines use a French command word no English one shares
        (`AIDE`, `LISTE g1`): a stranger who writes them is answered in French."""
        return any(match_keyword(line, self._only_french) is not None for line in lines)

