"""Creating, joining, observing and starting games.

CREATE makes a forming game with the sender as its master; SIGNON ?game joins it,
SIGNON Xgame signs on to a power (or M, O); a forming game starts by itself once
it has the variant's number of players, or when the master sends START. A SIGNON
?game or OBSERVE from an address that has not asked for the game yet takes its seat
only once that address confirms (`judge.service.confirming.confirmation.seats_at_once`).
"""

from __future__ import annotations

from datetime import timedelta

import judge.service.confirming.pending_actions as pending_actions
from judge.language.command_types import Create, Observe, Preferences, Signon, Start
from judge.language.grammar import Audience
from judge.rules.state import POWERS
from judge.service.commands.passwords import check_password
from judge.service.commands.settings import apply_settings
from judge.service.commands.takeover import powers_nobody_plays, take_over
from judge.service.confirming.confirmation import confirmation_note, seats_at_once, unconfirmed
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game.starting import start_game
from judge.service.seats import consent
from judge.service.seats.consent import Consent
from judge.service.seats.finding import (
    find_game,
    of_address,
    power_holder,
    signon_seat,
    the_master,
    the_observer,
)
from judge.service.seats.reader_preferences import reader_of
from judge.service.seats.snapshots import active_players, draw_seed, rules_of
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, PlayerRole
from judge.variants.base import VariantError
from judge.wording.describe import power_title

_RUNNING = (GameStatus.ACTIVE, GameStatus.PAUSED)


def create(ctx: MailContext, command: Create) -> list[Note]:
    if store.get_game(ctx.session, command.game) is not None:
        raise Refusal("game_exists", game=command.game)
    limit = ctx.config.limits.games_per_address_per_day
    if _games_created_today(ctx) >= limit:
        raise Refusal("too_many_games", limit=limit)
    try:
        variant = ctx.variants.get(command.variant)
    except VariantError as error:
        raise Refusal("variant_error", message=error.reason) from error
    defaults = GameSettings(rules=variant.default_rules())
    settings = apply_settings(variant, defaults, zip(command.setters, command.settings,
                                                     strict=True))  # fmt: skip
    game = store.create_game(
        ctx.session,
        name=command.game,
        variant=variant.name,
        rng_seed=draw_seed(),
        now=ctx.now,
        settings=settings.to_json(),
    )
    master = store.add_player(
        ctx.session,
        game,
        address=ctx.sender,
        password_hash=ctx.password_work.new_hash(command.password),
        now=ctx.now,
        role=PlayerRole.MASTER,
    )
    ctx.sign_on(game, master)
    needed = variant.players_needed(dict(settings.rules))
    created = note("created", game=game.name, variant=variant.display_name, needed=needed)
    return [created, *confirmation_note(ctx, ctx.sender, reader_of(game, master))]


def _games_created_today(ctx: MailContext) -> int:
    return store.games_mastered_since(ctx.session, ctx.sender, ctx.now - timedelta(days=1))


def signon(ctx: MailContext, command: Signon) -> list[Note]:
    game = find_game(ctx.session, command.game)
    ctx.tally.named_game = game
    if command.role == "join":
        return join(ctx, game, command.password)
    if command.role == "master":
        person = the_master(ctx.session, game, ctx.sender)
        check_password(ctx, game, person, command.password)
        ctx.sign_on(game, person)
        return [note("signed_on_master", game=game.name)]
    if command.role == "observer":
        observer = the_observer(ctx.session, game, ctx.sender)
        if observer is None:
            raise Refusal("not_observing", game=game.name)
        check_password(ctx, game, observer, command.password)
        ctx.sign_on(game, observer)
        return [note("signed_on_observer", game=game.name)]
    return [_sign_on_power(ctx, game, command.power or "", command.password)]


def signon_password_holds(ctx: MailContext, command: Signon) -> bool:
    """Whether `command` names an existing seat and its password (no sign-on made)."""
    game = store.get_game(ctx.session, command.game)
    seat = signon_seat(ctx.session, game, command, ctx.sender) if game is not None else None
    if game is None or seat is None:
        return False
    try:
        check_password(ctx, game, seat, command.password)
    except Refusal:
        return False
    return True


def _sign_on_power(ctx: MailContext, game: Game, power: str, password: str) -> Note:
    if game.status is GameStatus.FORMING:
        raise Refusal("not_started", game=game.name)
    holder = power_holder(ctx.session, game, power)
    if holder is None:
        return take_over(ctx, game, power, password)
    check_password(ctx, game, holder, password)
    ctx.sign_on(game, holder)
    others = [p.title() for p in sorted(holder.powers) if p != power]
    return note("signed_on_power", game=game.name, power=power.title(), others=others)


def join(ctx: MailContext, game: Game, password: str) -> list[Note]:
    if game.status is not GameStatus.FORMING:
        raise _not_forming(ctx, game)
    players = active_players(ctx.session, game)
    mine = of_address(players, ctx.sender)
    if mine is not None:
        check_password(ctx, game, mine, password)
        ctx.sign_on(game, mine)
        return [note("already_joined", game=game.name)]
    if consent.consent(ctx.session, game, ctx.sender, None) is Consent.BARRED:
        raise Refusal("removed_address", game=game.name)  # EJECT address before the start
    variant = ctx.variants.get(game.variant)
    if len(players) >= variant.max_players:
        raise Refusal("game_full", game=game.name)
    if not seats_at_once(ctx, game):
        return _seat_pending(ctx, game, pending_actions.JOIN, password)
    player = store.add_player(
        ctx.session,
        game,
        address=ctx.sender,
        password_hash=ctx.password_work.new_hash(password),
        now=ctx.now,
    )
    ctx.sign_on(game, player)
    ctx.touch(game)  # it may be full now: it starts after the mail's last line
    count, needed = len(players) + 1, variant.players_needed(rules_of(game))
    joined = note("joined", game=game.name, count=count, needed=needed)
    return [joined, *confirmation_note(ctx, ctx.sender, reader_of(game, player))]


def _not_forming(ctx: MailContext, game: Game) -> Refusal:
    """SIGNON ?game for a started game: njudge's `?` is for forming games only; the
    refusal names the powers nobody plays, which SIGNON with their letter asks for."""
    nobody = powers_nobody_plays(ctx.session, ctx.variants, game) if game.status in _RUNNING else []
    if not nobody:
        return Refusal("not_forming", game=game.name)
    titles = [power_title(power) for power in nobody]
    return Refusal("not_forming_open", game=game.name, powers=titles, letter=titles[0][0])


def start_if_full(ctx: MailContext, game: Game) -> list[Note]:
    """Start a forming game that has the variant's number of players.

    Called after a mail's last line, so that a PREFERENCES line after the last
    SIGNON still counts.
    """
    if game.status is not GameStatus.FORMING:
        return []
    variant = ctx.variants.get(game.variant)
    players = active_players(ctx.session, game)
    if len(players) < variant.players_needed(rules_of(game)):
        return []
    waiting = unconfirmed(ctx.session, ctx.config, players)
    if waiting and _anonymous_to_sender(ctx, game):
        return [note("waiting_for_confirmation_count", game=game.name, count=len(waiting))]
    if waiting:
        return [note("waiting_for_confirmation", game=game.name, addresses=waiting)]
    return [start_game(ctx, game)]


def _anonymous_to_sender(ctx: MailContext, game: Game) -> bool:
    """In a gunboat game, the players' addresses are for the master's eyes only."""
    master = ctx.signed is not None and ctx.signed.is_master and ctx.signed.game.id == game.id
    return GameSettings.of(game).gunboat and not master


def observe(ctx: MailContext, command: Observe) -> list[Note]:
    game = find_game(ctx.session, command.game)
    observers = store.players_of(ctx.session, game, roles=[PlayerRole.OBSERVER])
    mine = of_address(observers, ctx.sender)
    if mine is not None:
        check_password(ctx, game, mine, command.password)
        ctx.sign_on(game, mine)
        return [note("already_observing", game=game.name)]
    limit = ctx.config.limits.observers_per_game
    if len(observers) >= limit:
        raise Refusal("too_many_observers", game=game.name, limit=limit)
    if not seats_at_once(ctx, game):
        return _seat_pending(ctx, game, pending_actions.OBSERVE, command.password)
    person = store.add_player(
        ctx.session,
        game,
        address=ctx.sender,
        password_hash=ctx.password_work.new_hash(command.password),
        now=ctx.now,
        role=PlayerRole.OBSERVER,
    )
    ctx.sign_on(game, person)
    confirm = confirmation_note(ctx, ctx.sender, reader_of(game, person))
    return [note("observing", game=game.name), *confirm]


def _seat_pending(ctx: MailContext, game: Game, action: str, password: str) -> list[Note]:
    """A join or an observer's seat that waits for the sender's confirmation: the
    sender is sent the one request with its code, and the seat's password is kept."""
    held = pending_actions.request(ctx, ctx.sender, action, game=game,
                                   password_hash=ctx.password_work.new_hash(password))  # fmt: skip
    if held is None:
        raise Refusal("confirm_not_sent", address=ctx.sender)
    return [note("seat_pending", game=game.name, action=action)]


def preferences(ctx: MailContext, command: Preferences) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    if signed.game.status is not GameStatus.FORMING:
        raise Refusal("preferences_closed", game=signed.game.name)
    given = list(command.powers)
    completed = given + [p for p in POWERS if p not in given]
    signed.player.preferences = completed
    return [
        note(
            "preferences",
            powers=[p.title() for p in completed],
            completed=len(given) < len(completed),
        )
    ]


def start(ctx: MailContext, command: Start) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is not GameStatus.FORMING:
        raise Refusal("not_forming", game=game.name)
    variant = ctx.variants.get(game.variant)
    players = active_players(ctx.session, game)
    count = len(players)
    if count < variant.min_players:
        raise Refusal("too_few_players", game=game.name, count=count, needed=variant.min_players)
    waiting = unconfirmed(ctx.session, ctx.config, players)
    if waiting:
        raise Refusal("unconfirmed_seats", game=game.name, addresses=waiting)
    return [start_game(ctx, game)]
