"""Commands for a game one is signed on to: preferences, bids, votes and the GM's controls.

Most take no arguments; `simple` builds their readers, which refuse trailing text
rather than guess (`DRAW F G` is not a draw between France and Germany).
"""

from __future__ import annotations

from collections.abc import Callable

from judge.i18n import N_
from judge.language.arguments import (
    CommandError,
    address,
    count,
    no_arguments,
    power,
    power_list,
    words,
)
from judge.language.command_types import (
    Approve,
    Bid,
    BidNone,
    Cancel,
    Command,
    Eject,
    Preferences,
    Signoff,
)
from judge.language.messages import Phrase

MAX_BID = 999_999


def simple(name: str, make: Callable[[], Command]) -> Callable[[str], Command]:
    """A reader for a command that takes nothing after its keyword."""

    def read(rest: str) -> Command:
        no_arguments(name, rest)
        return make()

    return read


def preferences_command(rest: str) -> Preferences:
    if not rest:
        raise CommandError("preferences_usage")
    return Preferences(power_list(rest))


def bid_command(rest: str) -> Bid:
    """`BID Italy 5`; `BID 5 Italy` is read the same way."""
    given = words(rest)
    if len(given) != 2:
        raise CommandError("bid_usage")
    name, amount = given
    if name.rstrip(".").isdigit() and not amount.rstrip(".").isdigit():
        name, amount = amount, name
    return Bid(power(name), count(amount, Phrase(N_("a bid")), 0, MAX_BID))


def cancel_command(rest: str) -> Cancel:
    """`CANCEL A PAR`, `CANCEL BUILD F BRE`, `CANCEL Italy`: what follows is read
    by the service, against the orders or bids on file."""
    if not rest.strip():
        raise CommandError("cancel_usage")
    return Cancel(rest.strip())


def bid_none_command(rest: str) -> BidNone:
    no_arguments("BID NONE", rest)
    return BidNone()


def eject_command(rest: str) -> Eject:
    given = words(rest)
    if len(given) != 1:
        raise CommandError("eject_usage")
    if "@" in given[0]:
        return Eject(address=address(given[0]))
    return Eject(power(given[0]))


def approve_command(rest: str) -> Approve:
    given = words(rest)
    if len(given) != 2:
        raise CommandError("approve_usage")
    return Approve(power(given[0]), address(given[1]))


def signoff_command(rest: str) -> Signoff:
    """SIGNOFF ends the mail; whatever follows it on the line is a farewell, not a command."""
    return Signoff()


def stray_endpress_command(rest: str) -> Command:
    raise CommandError("endpress_alone")
