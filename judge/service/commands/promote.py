"""`PROMOTE address` (njudge's): an observer of the game becomes one of its masters.

The observer's seat becomes a master's seat, with the password it observes with:
the new master signs on with `SIGNON Mgame` and that password (a game's masters
are told apart by the sender's address). Every master gets the master's mail
from then on (late powers, takeover requests, bounces). The new master is told by
mail; the players see the masters in LIST and WHOGAME.

Anyone may OBSERVE from any From address, so an observer whose address has not
confirmed (`[security] confirm_addresses`) may be a forgery: PROMOTE refuses it
until the address confirms, else a forged observer would become a listed
co-master, given the master's mail and the master's powers.
"""

from __future__ import annotations

from judge.language.command_types import Promote
from judge.language.grammar import Audience
from judge.service.confirming.confirmation import is_confirmed, observing
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game_mail.mailing import broadcast, header_data
from judge.service.seats.finding import find_game
from judge.service.seats.reader_preferences import readers_for
from judge.store import games as store
from judge.store.models import Game, GameStatus, Player, PlayerRole
from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro


def promote(ctx: MailContext, command: Promote) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.name)
    masters = store.players_of(ctx.session, game, roles=[PlayerRole.MASTER])
    if any(m.address.lower() == command.address.lower() for m in masters):
        raise Refusal("already_master", game=game.name, address=command.address)
    watching = observing(ctx.session, game, command.address)
    if not watching:
        raise Refusal("promote_not_observer", game=game.name, address=command.address)
    observer = watching[0]
    # An OBSERVE from an address that has not asked for this game waits for its
    # confirmation (judge.service.seats.pending_seats), so a forged observer has no seat;
    # this guards the seats made before that rule, and MTA-verified senders seated at
    # once whose address never confirmed.
    if not is_confirmed(ctx.session, ctx.config, observer.address):
        raise Refusal("promote_unconfirmed", game=game.name, address=observer.address)
    observer.role = PlayerRole.MASTER
    _tell(ctx, game, observer)
    return [note("promoted", game=game.name, address=observer.address)]


def _tell(ctx: MailContext, game: Game, person: Player) -> None:
    display = ctx.variants.get(game.variant).display_name
    header = header_data(ctx.config, game, display)

    def body(reader: Reader) -> str:
        said = render_macro("announcements.txt.j2", "you_are_master", reader, game=game.name)
        return render("announcement.txt.j2", reader, **header, text=said)

    broadcast(
        ctx.session, ctx.config, game, to=[person.address], what="You Are a Master",
        body=body, kind="notice", now=ctx.now, gate=ctx.gate, readers=readers_for(game, [person]),
    )  # fmt: skip
