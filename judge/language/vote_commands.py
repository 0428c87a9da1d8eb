"""Readers of njudge's votes to end a game: `SET DRAW [powers]`, `SET CONCEDE
power`/`SET NOCONCEDE`.

* `DRAW` (and `SET DRAW`) alone votes for a draw of every surviving player; followed
  by powers (`SET DRAW F G`, `SET DRAW France Germany`) it votes for that draw, which
  a game of named draws needs (the service refuses a list in a game where a draw
  includes every survivor, unless it names them all).
* `SET CONCEDE power` (and `CONCEDE power`) concedes the game to a power; `SET
  NOCONCEDE` (`NO CONCEDE`) takes it back. `CONCEDE` alone keeps its own meaning.
"""

from __future__ import annotations

from judge.language.arguments import CommandError, no_arguments, power, power_list, words
from judge.language.command_types import Concede, ConcedeTo, Draw


def draw_command(rest: str) -> Draw:
    """`DRAW`, `SET DRAW`, or either with the powers of the draw voted for."""
    return Draw(power_list(rest) if rest.strip() else ())


def set_concede(rest: str) -> ConcedeTo:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("set_concede_usage")
    return ConcedeTo(power(given[0]))


def concede_command(rest: str) -> Concede | ConcedeTo:
    """`CONCEDE` alone concedes the game (the variant says to whom); `CONCEDE power`
    is njudge's `SET CONCEDE power`."""
    return set_concede(rest) if rest.strip() else Concede()


def set_noconcede(rest: str) -> ConcedeTo:
    no_arguments("SET NOCONCEDE", rest)
    return ConcedeTo(None)
