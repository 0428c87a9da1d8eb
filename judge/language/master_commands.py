"""Readers of njudge's commands for a game's masters, and of `SIGNON ?` without a game.

(`BECOME power` and `PROMOTE address` read themselves: `judge.service.commands.catalog`.)
* `RESIGN` / `WITHDRAW`, alone (a player leaves), or with a power or an address
  (the master resigns that power's player, or removes that observer).
* `SET NMR` / `SET CD` (`SET NO NMR`), `SET QUIET` / `SET NOQUIET`: game settings.
* `SIGNON ? password [variant]`: join the oldest forming game with a free seat.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.language.arguments import CommandError, address, no_arguments, password, power, words
from judge.language.command_types import JoinNext, Resign, SetNmr, SetQuiet
from judge.language.vocabulary import Vocabulary


def resign_reader(name: str) -> Callable[[str], Resign]:
    """RESIGN's reader (WITHDRAW's, under its own name): nothing, a power or an address."""

    def read(rest: str) -> Resign:
        given = words(rest)
        if not given:
            return Resign()
        if len(given) > 1:
            raise CommandError("resign_usage", name=name)
        if "@" in given[0]:
            return Resign(address=address(given[0]))
        try:
            return Resign(power=power(given[0]))
        except CommandError:
            raise CommandError("resign_usage", name=name) from None

    return read


def _flag(
    name: str, make: Callable[[bool], SetNmr | SetQuiet], value: bool
) -> Callable[[str], SetNmr | SetQuiet]:
    def read(rest: str) -> SetNmr | SetQuiet:
        no_arguments(name, rest)
        return make(value)

    return read


set_nmr = _flag("SET NMR", SetNmr, True)
set_cd = _flag("SET CD", SetNmr, False)
set_quiet = _flag("SET QUIET", SetQuiet, True)
set_noquiet = _flag("SET NOQUIET", SetQuiet, False)


def join_next(given: list[str], vocabulary: Vocabulary) -> JoinNext | None:
    """`SIGNON ? password` or `SIGNON ? password variant`, else None (a game named
    after the `?`, letter apart: `SIGNON ? g1 secret`). A third word that names a
    variant makes the line a join of that variant's next forming game."""
    if not given or given[0] != "?" or len(given) not in (2, 3):
        return None
    if len(given) == 2:
        return JoinNext(password(given[1]))
    variant = vocabulary.resolve(given[2].rstrip(".,;"))
    return None if variant is None else JoinNext(password(given[1]), variant)
