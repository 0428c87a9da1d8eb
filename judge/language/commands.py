"""The judge's command language: the lines of a mail in, typed commands out.

`parse_commands` reads each line (or press block) into a `ParsedLine` holding either a
command from `command_types` or an error for the player. It never raises. It does not
know who is signed on: a line that is no command becomes an `OrderLine`, and the
service decides whether it is an order in context.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import judge.language.game_commands as game
import judge.language.master_commands as master
import judge.language.njudge_commands as njudge
import judge.language.open_commands as open_
import judge.language.vote_commands as vote
from judge.language.arguments import CommandError
from judge.language.command_types import (
    Clear,
    Command,
    EndOrders,
    NoDraw,
    OrderLine,
    Orders,
    ParsedLine,
    Pause,
    Process,
    Resume,
    Stalemate,
    Start,
    Terminate,
)
from judge.language.french_keywords import with_french
from judge.language.keywords import (
    BROADCAST,
    ENDPRESS,
    PRESS,
    SIGNOFF,
    Keyword,
    clean,
    match_keyword,
)
from judge.language.phase_command import phase_command
from judge.language.press_blocks import read_press_block
from judge.language.rollback_command import rollback_command
from judge.language.set_commands import set_keywords
from judge.language.spelling import closest
from judge.language.vocabulary import Vocabulary

Reader = Callable[[str], Command]
VocabularyReader = Callable[[str, Vocabulary], Command]  # CREATE, HELP, SIGNON


def _plain(reader: Reader) -> VocabularyReader:
    """A reader that needs none of the variants' words."""
    return lambda rest, vocabulary: reader(rest)


_PLAIN_TABLE: list[tuple[Keyword, Reader]] = [
    (Keyword("LIST"), open_.list_command),
    (Keyword("HISTORY"), open_.history_command),
    (Keyword("SUMMARY"), open_.summary_command),
    (Keyword("MAP"), open_.map_command),
    (Keyword("OBSERVE"), open_.observe_command),
    (Keyword("UNOBSERVE", "UN OBSERVE"), open_.unobserve_command),
    (Keyword("CONFIRM"), open_.confirm_command),
    (Keyword("STOP"), open_.stop_command),
    (Keyword("PREFERENCES", "PREF(?:ERENCE)?S?"), game.preferences_command),
    (Keyword("BID"), game.bid_command),
    (Keyword("BID NONE"), game.bid_none_command),
    (Keyword("CANCEL"), game.cancel_command),
    (Keyword("ORDERS"), game.simple("ORDERS", Orders)),
    (Keyword("ENDORDERS", "END ORDERS"), game.simple("ENDORDERS", EndOrders)),
    (Keyword("DRAW"), vote.draw_command),
    (Keyword("NODRAW", "NO DRAW"), game.simple("NODRAW", NoDraw)),
    (Keyword("CONCEDE"), vote.concede_command),
    (Keyword("PHASE"), phase_command),
    (Keyword("CLEAR"), game.simple("CLEAR", Clear)),
    (Keyword("STALEMATE"), game.simple("STALEMATE", Stalemate)),
    (Keyword("RESIGN"), master.resign_reader("RESIGN")),
    (Keyword("WITHDRAW"), njudge.withdraw_command),
    (Keyword("VERSION"), njudge.version_command),
    (Keyword("WHOGAME", "WHO GAME"), njudge.whogame_command),
    (Keyword("START"), game.simple("START", Start)),
    (Keyword("PROCESS"), game.simple("PROCESS", Process)),
    (Keyword("PAUSE"), game.simple("PAUSE", Pause)),
    (Keyword("RESUME"), game.simple("RESUME", Resume)),
    (Keyword("TERMINATE"), game.simple("TERMINATE", Terminate)),
    (Keyword("EJECT"), game.eject_command),
    (Keyword("APPROVE"), game.approve_command),
    (Keyword("BECOME"), master.become_command),
    (Keyword("PROMOTE"), master.promote_command),
    (Keyword("ROLLBACK", "ROLL BACK"), rollback_command),
    (SIGNOFF, game.signoff_command),
    (ENDPRESS, game.stray_endpress_command),
    *set_keywords(),
]
_TABLE: list[tuple[Keyword, VocabularyReader]] = [
    (Keyword("HELP"), open_.help_command),
    (Keyword("CREATE"), open_.create_command),
    (Keyword("SIGNON", "SIGN ON"), open_.signon_command),
    (Keyword("GET"), njudge.get_command),
    *((keyword, _plain(reader)) for keyword, reader in _PLAIN_TABLE),
]
_KEYWORDS = [keyword for keyword, _ in _TABLE] + list(with_french(_TABLE))
_READERS = {keyword.name: reader for keyword, reader in _TABLE}
_NAMES = sorted({keyword.name for keyword in _KEYWORDS} | {PRESS.name, BROADCAST.name})
_FIRST_WORDS = frozenset(name.split()[0] for name in _NAMES)


def parse_commands(lines: Sequence[str], vocabulary: Vocabulary) -> list[ParsedLine]:
    """Read every line. Blank lines outside press are skipped; every other line ends up
    in exactly one ParsedLine, in order (a press block is one ParsedLine). The
    variants' words (CREATE's, HELP's, SIGNON's) are `vocabulary`'s: the registry."""
    parsed: list[ParsedLine] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not clean(line):
            index += 1
        elif match_keyword(line, (PRESS, BROADCAST)):
            block, index = read_press_block(lines, index)
            parsed.append(block)
        else:
            parsed.append(parse_line(line, vocabulary, index))
            index += 1
    return parsed


def parse_line(line: str, vocabulary: Vocabulary, index: int = 0) -> ParsedLine:
    """One line that is not part of a press block."""
    found = match_keyword(line, _KEYWORDS)
    if found is None:
        return ParsedLine((line,), index, command=OrderLine(clean(line), near_keyword(line)))
    keyword, rest = found
    try:
        return ParsedLine((line,), index, command=_READERS[keyword.name](rest, vocabulary))
    except CommandError as error:
        return ParsedLine((line,), index, error=error.message)


def near_keyword(line: str) -> str | None:
    """The command keyword the first word of `line` looks like a typo of, if any
    (`HLEP` -> HELP, `LSIT` -> LIST, `SINGON` -> SIGNON; see `spelling`)."""
    words = clean(line).split()
    if not words:
        return None
    return _near_keyword(words[0].rstrip(".!,;:?").upper())


@lru_cache(maxsize=1024)
def _near_keyword(word: str) -> str | None:
    """`near_keyword` of one first word: computed once per word (a mail of 500
    `HLEP` lines, read twice, asks 1,000 times)."""
    if word in _FIRST_WORDS:
        return None  # a keyword itself, used wrongly: no "did you mean" it
    return closest(word, ((name.split()[0], name) for name in _NAMES))


def unknown_command_error(line: str) -> str:
    """The message for a line that is neither a command nor allowed as an order here."""
    words = clean(line).split()
    first = words[0] if words else ""
    suggestion = near_keyword(line)
    hint = f" (did you mean {suggestion}?)" if suggestion else ""
    return f"unknown command {first!r}{hint}"
