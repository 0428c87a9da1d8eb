"""Readers of the commands for a game one is signed on to: preferences, bids, CANCEL,
and the GM's EJECT and APPROVE. (Those that take nothing after their keyword read
themselves: `judge.service.commands.catalog.base.NoArguments`.)
"""

from __future__ import annotations

from judge.i18n import N_
from judge.language.arguments import (
    CommandError,
    address,
    count,
    power,
    power_list,
    words,
)
from judge.language.command_types import (
    Approve,
    Bid,
    Cancel,
    Eject,
    Preferences,
)
from judge.language.messages import Phrase

MAX_BID = 999_999


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
