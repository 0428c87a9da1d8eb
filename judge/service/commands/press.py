"""PRESS and BROADCAST: players and the master writing to each other through the judge.

* `PRESS TO powers ... ENDPRESS` is private: one mail to each player of the named
  powers (and to the master for `MASTER`), nobody else. Not even the master sees
  private press between players. It is kept as a private event, never shown by
  HISTORY or the zine.
* `PRESS ... ENDPRESS` without TO, and `BROADCAST ... ENDPRESS`, are public: they go
  to the whole audience (players, master, observers, zine), except the sender, and
  into the game's public record.

`PRESS TO ALL BUT powers` (njudge's; also `PRESS TO -R -T`) is private press to
every power a player holds and to the master, minus those named (`M`: the master).

Press is signed with the sender's power(s), or "Master"; `PRESS GREY` is signed
"Anonymous" (and its private record names no sender). Observers cannot send press.
What the game's press settings allow is `press_settings.check_press`'s to say.
The sender's reply echoes the text and says who it went to.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import judge.service.game_mail.mailing as mailing
from judge.language.command_types import Broadcast, Press
from judge.language.grammar import Audience
from judge.service.commands.press_settings import check_press
from judge.service.context import MailContext, Note, Refusal, Signed, note
from judge.service.game_mail.mailing import audience, header_data, one_per_address
from judge.service.seats.finding import find_game
from judge.service.seats.snapshots import active_players
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import GameStatus, Player, PlayerRole
from judge.wording.describe import power_title
from judge.wording.templates import render

MASTER = "MASTER"
ANONYMOUS = "Anonymous"


def press(ctx: MailContext, command: Press) -> list[Note]:
    to = _all_but(ctx, command.to or ()) if command.all_but else command.to
    signed = _sender(ctx, to=to, grey=command.grey)
    author = ANONYMOUS if command.grey else _author(signed)
    if to is None:
        return _public(ctx, signed, author, "press", command.body)
    return _private(ctx, signed, author, to, command.body)


def _all_but(ctx: MailContext, left_out: Sequence[str]) -> tuple[str, ...]:
    """njudge's `PRESS TO ALL BUT ...`: every power a player holds, and the master,
    minus those named and the sender's own; observers never get private press."""
    signed = ctx.seat(Audience.PLAYER_OR_MASTER)
    own = () if signed.is_master else signed.player.powers
    players = active_players(ctx.session, signed.game)
    played = sorted({power for player in players for power in player.powers})
    names = [p for p in played if p not in left_out and p not in own]
    if MASTER not in left_out and not signed.is_master:
        names.append(MASTER)
    if not names:
        raise Refusal("press_nobody_left", game=signed.game.name)
    return tuple(names)


def broadcast(ctx: MailContext, command: Broadcast) -> list[Note]:
    signed = _sender(ctx, to=None, grey=False, broadcast=True)
    return _public(ctx, signed, _author(signed), "broadcast", command.body)


def _sender(
    ctx: MailContext, *, to: tuple[str, ...] | None, grey: bool, broadcast: bool = False
) -> Signed:
    signed = ctx.seat(Audience.PLAYER_OR_MASTER)
    check_press(
        GameSettings.of(signed.game), signed.game.name,
        from_master=signed.is_master, to=to, grey=grey, broadcast=broadcast,
    )  # fmt: skip
    limit = ctx.config.limits.broadcasts_per_mail
    if ctx.effects.broadcasts >= limit:
        raise Refusal("too_many_broadcasts", limit=limit)
    find_game(ctx.session, signed.game.name)
    ctx.count_broadcast()
    return signed


def _author(signed: Signed) -> str:
    if signed.is_master:
        return "Master"
    return " and ".join(power_title(p) for p in sorted(signed.player.powers)) or "a player"


def _public(
    ctx: MailContext, signed: Signed, author: str, kind: str, body: Sequence[str]
) -> list[Note]:
    readers = [p for p in audience(ctx.session, signed.game) if p.id != signed.player.id]
    _deliver(ctx, signed, author, kind, body, readers, to=[], recipients=None)
    return [note("press_sent", to=[], count=len(readers))]


def _private(
    ctx: MailContext, signed: Signed, author: str, to: Sequence[str], body: Sequence[str]
) -> list[Note]:
    if signed.game.status is GameStatus.FORMING:
        raise Refusal("not_started", game=signed.game.name)
    readers = [
        reader
        for name in to
        for reader in _readers_of(ctx, signed, name)
        if reader.id != signed.player.id
    ]
    readers = one_per_address(readers, lambda person: person.address)
    names = [_name(n) for n in to]
    own = ["MASTER"] if signed.is_master else list(signed.player.powers)
    if author == ANONYMOUS:
        own = []  # the record of anonymous press does not name its sender either
    recipients = sorted({*to, *own})
    _deliver(ctx, signed, author, "press", body, readers, to=names, recipients=recipients)
    return [note("press_sent", to=names, count=len(readers))]


def _readers_of(ctx: MailContext, signed: Signed, name: str) -> list[Player]:
    if name == MASTER:
        return store.players_of(ctx.session, signed.game, roles=[PlayerRole.MASTER])
    holders = [p for p in active_players(ctx.session, signed.game) if name in p.powers]
    if not holders:
        raise Refusal("power_not_played", game=signed.game.name, power=power_title(name))
    return holders


def _name(name: str) -> str:
    return "the Master" if name == MASTER else power_title(name)


def _deliver(
    ctx: MailContext,
    signed: Signed,
    author: str,
    kind: str,
    body: Sequence[str],
    readers: Sequence[Player],
    *,
    to: list[str],
    recipients: list[str] | None,
) -> None:
    game = signed.game
    text = "\n".join(body)
    store.add_event(
        ctx.session, game, kind=kind, body=text, now=ctx.now, phase=game.phase,
        author=author, recipients=recipients,
    )  # fmt: skip
    display = ctx.variants.get(game.variant).display_name
    mail = functools.partial(
        render, "press.txt.j2", **header_data(ctx.config, game, display),
        kind=kind, author=author, to=to, body=text,
    )  # fmt: skip
    what = f"{'Broadcast' if kind == 'broadcast' else 'Press'} from {author}"
    mailing.broadcast(
        ctx.session, ctx.config, game, to=[reader.address for reader in readers], what=what,
        body=mail, kind="press", now=ctx.now, gate=ctx.gate,
    )  # fmt: skip
