"""The typed commands a mail can hold, and `ParsedLine`, one read line with its outcome.

These values are the whole contract between the mail parser and the service that runs
commands: the parser only reads text, the service only sees these dataclasses. Power
names are canonical (`"FRANCE"`), game names lower case, passwords exactly as typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal

from judge.language.absence_dates import DayTime
from judge.rules.state import POWER_BY_LETTER

if TYPE_CHECKING:
    from judge.language.grammar import CommandSyntax, Grammar

PhaseKind = Literal["MOVE", "RETREAT", "ADJUST", "BID"]
PressLevel = Literal["white", "grey", "none"]
SignonLetter = Literal["?", "A", "E", "F", "G", "I", "R", "T", "M", "O"]

# --- commands that need no signon -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Help:
    """`HELP [topic]`; topic is lower case, one of HELP_TOPICS, or None for the index.
    `HELP keyword` (`HELP SET DIAS`): `command` is that command's name, topic None.
    `grammar` is the one the line was read with, whose commands `HELP COMMANDS` and
    `HELP keyword` show (not part of the value: two HELP lines are the same question)."""

    topic: str | None = None
    command: str | None = None
    grammar: Grammar | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ListGames:
    """`LIST` (game None: every game) or `LIST game`."""

    game: str | None = None


@dataclass(frozen=True, slots=True)
class History:
    """`HISTORY game`; game None: the game signed on to earlier in the mail (njudge)."""

    game: str | None


@dataclass(frozen=True, slots=True)
class Summary:
    """`SUMMARY game`; game None: the game signed on to earlier in the mail (njudge)."""

    game: str | None


@dataclass(frozen=True, slots=True)
class MapRequest:
    """`MAP game`: the current map of a game."""

    game: str


@dataclass(frozen=True, slots=True)
class Create:
    """`CREATE game password variant [setting, setting ...]`.

    `options` holds each setting's text as typed (e.g. "PLAYERS 4"); `settings` holds
    the same settings parsed, in the same order: each the value of a SET command the
    grammar lets CREATE take (`in_create`); `setters` the commands that read them,
    whose classes apply them (not part of the value).
    """

    game: str
    password: str
    variant: str
    options: tuple[str, ...] = ()
    settings: tuple[object, ...] = ()
    setters: tuple[CommandSyntax, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Signon:
    """`SIGNON Xgame password`: X is `?` (join a forming game), a power letter, M or O."""

    letter: SignonLetter
    game: str
    password: str

    @property
    def role(self) -> Literal["join", "power", "master", "observer"]:
        if self.letter == "?":
            return "join"
        if self.letter == "M":
            return "master"
        if self.letter == "O":
            return "observer"
        return "power"

    @property
    def power(self) -> str | None:
        """The power's name for a power letter, else None."""
        return POWER_BY_LETTER.get(self.letter)


@dataclass(frozen=True, slots=True)
class Observe:
    """`OBSERVE game password`."""

    game: str
    password: str


# --- commands after SIGNON -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preferences:
    """`PREFERENCES list`: 1 to 7 distinct powers, in order; the service completes it."""

    powers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bid:
    """`BID power amount`; amount 0 withdraws the bid for that power."""

    power: str
    amount: int


@dataclass(frozen=True, slots=True)
class BidNone:
    """`BID NONE`: no bids this year."""


@dataclass(frozen=True, slots=True)
class Cancel:
    """`CANCEL what`: take back an order, a build or a bid already on file (`CANCEL
    A PAR`, `CANCEL BUILD F BRE`, `CANCEL WAIVE`, `CANCEL Italy` in a bid phase).
    njudge's CLEAR keeps its own meaning (the orders held with PHASE)."""

    text: str


@dataclass(frozen=True, slots=True)
class Orders:
    """`ORDERS`: start of an order block (order lines are read as orders anyway)."""


@dataclass(frozen=True, slots=True)
class EndOrders:
    """`ENDORDERS`: end of an order block."""


@dataclass(frozen=True, slots=True)
class OrderLine:
    """Any line that is no command keyword: an order, if the service can read one.

    `near_keyword` names a command the line looks like a typo of (e.g. "SIGNON" for
    `SIGNOM ?g1 pw`), so that an error can say "did you mean ...".
    """

    text: str
    near_keyword: str | None = None


@dataclass(frozen=True, slots=True)
class SetWait:
    """`SET WAIT` (on=True) or `SET NOWAIT` (on=False)."""

    on: bool


@dataclass(frozen=True, slots=True)
class SetPassword:
    """`SET PASSWORD new`."""

    new: str


@dataclass(frozen=True, slots=True)
class SetAddress:
    """`SET ADDRESS new@addr` (address shape checked, `<...>` and `mailto:` removed)."""

    address: str


@dataclass(frozen=True, slots=True)
class SetTimezone:
    """`SET TIMEZONE zone` as typed (`SET NOTIMEZONE`: "UTC"); the service finds the zone."""

    zone: str


@dataclass(frozen=True, slots=True)
class SetAbsence:
    """`SET ABSENCE start [TO end]`: days as written, read in the player's zone."""

    start: DayTime
    end: DayTime | None = None


@dataclass(frozen=True, slots=True)
class SetNoAbsence:
    """`SET NOABSENCE [date]`: withdraw the absence on that day (None: the only one)."""

    day: DayTime | None = None


@dataclass(frozen=True, slots=True)
class Press:
    """`PRESS [TO powers]` ... `ENDPRESS`. `to` None is public press.

    `to` holds canonical power names, and "MASTER" for the GM. `body` keeps the lines
    as typed, blank lines and `>` quotes included, minus leading and trailing blanks.
    `grey` is `PRESS GREY`: sent without the sender's power (games with SET PRESS GREY).
    `all_but` is njudge's `PRESS TO ALL BUT powers` (or `PRESS TO -F -G`): `to` then
    names who is left out, and the press goes to everyone else who plays.
    """

    to: tuple[str, ...] | None
    body: tuple[str, ...]
    grey: bool = False
    all_but: bool = False


@dataclass(frozen=True, slots=True)
class Broadcast:
    """`BROADCAST` ... `ENDPRESS`: press to everyone."""

    body: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """`DRAW` (or `SET DRAW`): propose or vote for a draw. `powers` is njudge's
    `SET DRAW powers`: the draw voted for (empty: every surviving player)."""

    powers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NoDraw:
    """`NODRAW` (or `SET NODRAW`): withdraw a draw vote."""


@dataclass(frozen=True, slots=True)
class Concede:
    """`CONCEDE`."""


@dataclass(frozen=True, slots=True)
class ConcedeTo:
    """njudge's `SET CONCEDE power` (power None: `SET NOCONCEDE`, the vote withdrawn)."""

    power: str | None


@dataclass(frozen=True, slots=True)
class ForPhase:
    """njudge's `PHASE season year phase`: the orders that follow in the mail are for
    that later phase (`phase`, a code like `F1901M`), held until it opens."""

    phase: str


@dataclass(frozen=True, slots=True)
class Clear:
    """njudge's `CLEAR`: drop the orders held with PHASE."""


@dataclass(frozen=True, slots=True)
class Stalemate:
    """`STALEMATE` (Intimate)."""


@dataclass(frozen=True, slots=True)
class Resign:
    """`RESIGN` (or `WITHDRAW`): a player leaves. The master names whom to resign
    (njudge): a power's player (`power`) or an address (`address`: a player or an
    observer); a player may name their own power."""

    power: str | None = None
    address: str | None = None


@dataclass(frozen=True, slots=True)
class Signoff:
    """`SIGNOFF`: the end of the commands; anything after it on the line is ignored."""


# --- GM commands -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetDeadline:
    """`SET DEADLINE when`: an aware UTC datetime, a positive timedelta from now, or a
    day as written (`tomorrow 18:00`, `Dec 5 23:30`), placed in the master's zone."""

    when: datetime | timedelta | DayTime


@dataclass(frozen=True, slots=True)
class SetGrace:
    """`SET GRACE duration` (zero allowed)."""

    duration: timedelta


@dataclass(frozen=True, slots=True)
class SetNext:
    """`SET MOVE|RETREAT|ADJUST|BID NEXT duration` (more than zero)."""

    kind: PhaseKind
    duration: timedelta


@dataclass(frozen=True, slots=True)
class SetPlayers:
    """`SET PLAYERS n`, 2 to 7 (Taskdip)."""

    n: int


@dataclass(frozen=True, slots=True)
class SetRule:
    """`SET RULE name value`; name lower case, value as typed (one or more words)."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class SetZine:
    """`SET ZINE address`; `SET ZINE NONE` (or OFF) gives address None: no zine."""

    address: str | None


@dataclass(frozen=True, slots=True)
class SetMaps:
    """`SET MAPS ON|OFF`: whether result mails carry a map."""

    on: bool


@dataclass(frozen=True, slots=True)
class SetPress:
    """`SET PRESS WHITE|GREY|NONE`: signed press, anonymous press allowed, or none."""

    level: PressLevel


@dataclass(frozen=True, slots=True)
class SetPartial:
    """`SET PARTIAL ON|OFF`: whether press may go to some powers only."""

    on: bool


@dataclass(frozen=True, slots=True)
class SetDias:
    """njudge's `SET DIAS` (on=True, the default: a draw includes every surviving
    player) or `SET NODIAS` (players vote for a named draw)."""

    on: bool


@dataclass(frozen=True, slots=True)
class SetGunboat:
    """`SET GUNBOAT` (on=True) or `SET NOGUNBOAT` (on=False): anonymous players."""

    on: bool


@dataclass(frozen=True, slots=True)
class SetLanguage:
    """`SET LANGUAGE en|fr`: a player's own language in the game, or (sent by the
    master, or as a CREATE option) the game's default language."""

    language: str


@dataclass(frozen=True, slots=True)
class SetMaxAbsence:
    """`SET MAXABSENCE days`: each player's days of absence in the game (0: none)."""

    days: int


@dataclass(frozen=True, slots=True)
class Start:
    """`START`."""


@dataclass(frozen=True, slots=True)
class Process:
    """`PROCESS`: process the current phase now."""


@dataclass(frozen=True, slots=True)
class Pause:
    """`PAUSE`."""


@dataclass(frozen=True, slots=True)
class Resume:
    """`RESUME`."""


@dataclass(frozen=True, slots=True)
class Terminate:
    """`TERMINATE`."""


@dataclass(frozen=True, slots=True)
class Eject:
    """`EJECT power`, or `EJECT address`: that address's player (before the start, a
    joined address, which is removed and barred from joining again)."""

    power: str | None = None
    address: str | None = None


@dataclass(frozen=True, slots=True)
class Approve:
    """`APPROVE power address`: the master lets `address` take over an ejected power."""

    power: str
    address: str


@dataclass(frozen=True, slots=True)
class Rollback:
    """`ROLLBACK [phase]` (njudge's): the master takes the game back to the start of
    `phase` (a code such as `S1902M`); None: back one phase."""

    phase: str | None = None


@dataclass(frozen=True, slots=True)
class Confirm:
    """`CONFIRM code`: the sender's address reads the judge's mail (see mail.md)."""

    code: str


@dataclass(frozen=True, slots=True)
class Stop:
    """`STOP`: no more game mail to the sender's address, until it confirms again."""


@dataclass(frozen=True, slots=True)
class Unobserve:
    """`UNOBSERVE game`: the sender's address stops observing the game."""

    game: str


@dataclass(frozen=True, slots=True)
class Version:
    """`VERSION`: the judge's version (njudge's VERSION)."""


@dataclass(frozen=True, slots=True)
class WhoGame:
    """`WHOGAME [game]`: who plays a game (njudge's WHOGAME); None: the signed-on game."""

    game: str | None = None


@dataclass(frozen=True, slots=True)
class JoinNext:
    """`SIGNON ? password [variant]` (njudge): join the oldest forming game with a
    free seat, of `variant` when one is named."""

    password: str
    variant: str | None = None


@dataclass(frozen=True, slots=True)
class Become:
    """`BECOME power`: the master acts as that power's player for the rest of the mail."""

    power: str


@dataclass(frozen=True, slots=True)
class Promote:
    """`PROMOTE address`: an observer of the game becomes one of its masters."""

    address: str


@dataclass(frozen=True, slots=True)
class SetNmr:
    """`SET NMR` (waits=True) or `SET CD` (waits=False): after the grace, whether the
    game waits for a power that sent no orders (NMR) or puts it in civil disorder."""

    waits: bool


@dataclass(frozen=True, slots=True)
class SetQuiet:
    """`SET QUIET` (on=True) or `SET NOQUIET`: whether resignations and takeovers are
    announced to the whole game (NOQUIET, the default) or told to the masters only."""

    on: bool


Command = (
    Help | ListGames | History | Summary | MapRequest | Create | Signon | Observe
    | Preferences | Bid | BidNone | Cancel | Orders | EndOrders | OrderLine
    | SetWait | SetPassword | SetAddress | SetTimezone | SetAbsence | SetNoAbsence
    | Press | Broadcast
    | Draw | NoDraw | Concede | ConcedeTo | ForPhase | Clear | Stalemate | Resign | Signoff
    | SetDeadline | SetGrace | SetNext | SetPlayers | SetRule | SetZine | SetMaps
    | SetPress | SetPartial | SetGunboat | SetLanguage | SetMaxAbsence | SetDias
    | Start | Process | Pause | Resume | Terminate | Eject | Approve | Rollback
    | Confirm | Stop | Unobserve | Version | WhoGame
    | JoinNext | Become | Promote | SetNmr | SetQuiet
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ParsedLine:
    """One command as read: the input lines it came from, and a command or an error.

    `start` is the index of its first line in the list given to `parse_commands`.
    Exactly one of `command` and `error` is set. `command` is whatever type the
    registered command's reader made (one of `Command` for the judge's own).
    """

    lines: tuple[str, ...]
    start: int
    command: object | None = None
    error: str | None = None

    @property
    def text(self) -> str:
        """The original line(s), for the echo in the reply."""
        return "\n".join(self.lines)

    @property
    def ok(self) -> bool:
        return self.error is None
