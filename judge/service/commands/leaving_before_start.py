"""Leaving a forming game (issue 32, item 3), as njudge allows: a player who joined
withdraws (`RESIGN` or `WITHDRAW`), or a master removes a joined address (`RESIGN
address`: it may join again; `EJECT address`: it is barred from the game, as after an
EJECT in a running game, `judge.service.seats.consent`).

The seat is closed (its row kept, marked resigned or ejected, so the record says who
joined and left), the game needs one more player to start, and everyone who joined
(the players, the masters, the observers) is told; in a gunboat game the address is
not named to them. A removed player is told by mail.
"""

from __future__ import annotations

from judge.service.context import MailContext, Note, Signed, note
from judge.service.game.announce import announce
from judge.service.game_mail.mailing import broadcast, header_data
from judge.service.seats.consent import record_leaving
from judge.service.seats.reader_preferences import readers_for
from judge.service.seats.snapshots import active_players, rules_of, seat_of
from judge.store.game_settings import GameSettings
from judge.store.models import Game, Player, PlayerStatus
from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro


def withdraw(ctx: MailContext, signed: Signed) -> list[Note]:
    """A joined player leaves the forming game."""
    game = signed.game
    signed.player.status = PlayerStatus.RESIGNED
    count, needed = _count(ctx, game)
    _announce(ctx, game, "withdrew_before_start", signed.player, count, needed)
    return [note("withdrawn_before_start", game=game.name)]


def remove(ctx: MailContext, game: Game, player: Player, *, ejected: bool) -> list[Note]:
    """A master takes a joined address out of the forming game (`ejected`: barred)."""
    player.status = PlayerStatus.EJECTED if ejected else PlayerStatus.RESIGNED
    if ejected:
        record_leaving(
            ctx.session, game, player.address, [], ejected=True, now=ctx.now,
            author=seat_of(player),
        )  # fmt: skip
    count, needed = _count(ctx, game)
    _announce(ctx, game, "removed_before_start", player, count, needed)
    _tell_the_player(ctx, game, player, ejected=ejected)
    return [note("removed_before_start", game=game.name, address=player.address,
                 ejected=ejected)]  # fmt: skip


def _count(ctx: MailContext, game: Game) -> tuple[int, int]:
    """How many have joined now, and how many the game needs to start."""
    needed = ctx.variants.get(game.variant).players_needed(rules_of(game))
    return len(active_players(ctx.session, game)), needed


def _announce(
    ctx: MailContext, game: Game, key: str, player: Player, count: int, needed: int
) -> None:
    """Everyone who joined is told; a gunboat game keeps the address to the master."""
    who = None if GameSettings.of(game).gunboat else player.address
    announce(
        ctx.session, ctx.config, ctx.variants, game, key, what="Player Left", now=ctx.now,
        gate=ctx.gate, who=who, count=count, needed=needed,
    )  # fmt: skip


def _tell_the_player(ctx: MailContext, game: Game, player: Player, *, ejected: bool) -> None:
    display = ctx.variants.get(game.variant).display_name
    header = header_data(ctx.config, game, display)

    def body(reader: Reader) -> str:
        said = render_macro(
            "announcements.txt.j2", "you_were_removed", reader, game=game.name, ejected=ejected
        )
        return render("announcement.txt.j2", reader, **header, text=said)

    broadcast(
        ctx.session, ctx.config, game, to=[player.address], what="Removed by the Master",
        body=body, kind="notice", now=ctx.now, gate=ctx.gate, readers=readers_for(game, [player]),
    )  # fmt: skip
