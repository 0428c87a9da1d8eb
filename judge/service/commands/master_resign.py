"""`RESIGN power` and `RESIGN address` from a master (njudge's): whom to take out.

* A power (or a player's address): its player is resigned, as if they had sent
  RESIGN: the power is in civil disorder, and is taken over only by an address the
  master APPROVEs (`judge.service.seats.consent`; the old password does not bring it
  back). Unlike after EJECT, the address is not barred from the game. The game is
  told (the masters only, in a QUIET game) and so is the player, by mail.
* An observer's address: the observer no longer gets the game's mail.
* Before the start, a joined player's address: the address is taken out of the
  forming game and may join again (`leaving_before_start`; `EJECT address` bars it).

A master is never resigned this way. A player who names their own power or
address simply resigns (`account.resign`); naming anyone else is refused.
"""

from __future__ import annotations

from judge.language.command_types import Resign
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.commands.leaving_before_start import remove
from judge.service.commands.takeover import record_resignation
from judge.service.confirming.confirmation import observing
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.announce import announce_leaving
from judge.service.game.last_player import end_if_alone
from judge.service.game_mail.mailing import broadcast, header_data
from judge.service.seats.finding import find_game, power_holder
from judge.service.seats.reader_preferences import readers_for
from judge.service.seats.snapshots import active_players
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, Player, PlayerRole, PlayerStatus
from judge.wording.describe import power_title
from judge.wording.lists import and_list
from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro


def master_resign(ctx: MailContext, command: Resign) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER_OR_MASTER)
    if signed.is_player:  # naming someone else: the master's to do
        if command.power is not None:
            raise Refusal("resign_not_yours", game=signed.game.name,
                          power=power_title(command.power))  # fmt: skip
        raise Refusal("need_master", game=signed.game.name)
    game = find_game(ctx.session, signed.game.name)
    if command.power is not None:
        if game.status is GameStatus.FORMING:  # nobody has a power yet
            raise Refusal("name_the_address", game=game.name, command="RESIGN")
        running_board(ctx, signed)
        holder = power_holder(ctx.session, game, command.power)
        if holder is None:
            raise Refusal("power_not_played", game=game.name, power=power_title(command.power))
        return _resign_player(ctx, game, holder)
    return _resign_address(ctx, game, command.address or "")


def _resign_address(ctx: MailContext, game: Game, address: str) -> list[Note]:
    key = address.lower()
    people = store.players_of(ctx.session, game)
    if any(p.role is PlayerRole.MASTER and p.address.lower() == key for p in people):
        raise Refusal("resign_a_master", game=game.name, address=address)
    watching = observing(ctx.session, game, address)
    if watching:
        for observer in watching:
            observer.status = PlayerStatus.RESIGNED
        return [note("observer_removed", game=game.name, address=address)]
    players = [p for p in active_players(ctx.session, game) if p.address.lower() == key]
    if not players:
        raise Refusal("resign_nobody", game=game.name, address=address)
    if game.status is GameStatus.FORMING:
        return remove(ctx, game, players[0], ejected=False)
    running_board(ctx, ctx.seat(Audience.MASTER))
    return _resign_player(ctx, game, players[0])


def _resign_player(ctx: MailContext, game: Game, player: Player) -> list[Note]:
    player.status = PlayerStatus.RESIGNED
    record_resignation(ctx, game, player)  # retaken only as the master allows
    powers = " and ".join(power_title(p) for p in sorted(player.powers))
    announce_leaving(
        ctx.session, ctx.config, ctx.variants, game, "resigned_by_master",
        what=f"{and_list(powers)} Resigned", now=ctx.now, gate=ctx.gate, power=powers,
    )  # fmt: skip
    _tell_the_player(ctx, game, player, powers)
    ctx.touch(game)
    quiet = GameSettings.of(game).quiet
    done = note("resigned_by_master", game=game.name, power=powers, quiet=quiet)
    return [done, *end_if_alone(ctx, game)]


def _tell_the_player(ctx: MailContext, game: Game, player: Player, powers: str) -> None:
    """The resigned player learns it by mail, QUIET or not: it is their seat."""
    display = ctx.variants.get(game.variant).display_name
    header = header_data(ctx.config, game, display)

    def body(reader: Reader) -> str:
        said = render_macro(
            "announcements.txt.j2", "you_were_resigned", reader, game=game.name, power=powers
        )
        return render("announcement.txt.j2", reader, **header, text=said)

    broadcast(
        ctx.session, ctx.config, game, to=[player.address], what="Resigned by the Master",
        body=body, kind="notice", now=ctx.now, gate=ctx.gate,
        readers=readers_for(game, [player]),
    )  # fmt: skip
