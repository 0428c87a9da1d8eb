"""Creating, joining, observing and starting games.

CREATE makes a forming game with the sender as its master; SIGNON ?game joins it,
SIGNON Xgame signs on to a power (or M, O); a forming game starts by itself once
it has the variant's number of players, or when the master sends START.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.mail.command_types import Create, Observe, Preferences, Signon, Start
from judge.rules.state import POWERS
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.settings import apply_settings
from judge.service.snapshots import active_players, draw_seed, rules_of, variants
from judge.service.starting import start_game
from judge.service.takeover import take_over
from judge.store import games as store
from judge.store.models import Game, GameStatus, Player, PlayerRole
from judge.store.passwords import hash_password, verify_password
from judge.variants.base import VariantError


def find_game(session: Session, name: str) -> Game:
    """The game, locked for this transaction; a Refusal if there is none."""
    game = store.get_game(session, name, for_update=True)
    if game is None:
        raise Refusal("no_such_game", game=name)
    return game


def create(ctx: MailContext, command: Create) -> list[Note]:
    if store.get_game(ctx.session, command.game) is not None:
        raise Refusal("game_exists", game=command.game)
    try:
        variant = variants().get(command.variant)
    except VariantError as error:
        raise Refusal("variant_error", message=str(error)) from error
    settings = {"rules": variant.default_rules()}
    apply_settings(variant, settings, command.settings)
    game = store.create_game(
        ctx.session,
        name=command.game,
        variant=variant.name,
        rng_seed=draw_seed(),
        now=ctx.now,
        settings=settings,
    )
    master = store.add_player(
        ctx.session,
        game,
        address=ctx.sender,
        password_hash=hash_password(command.password),
        now=ctx.now,
        role=PlayerRole.MASTER,
    )
    ctx.sign_on(game, master)
    needed = variant.players_needed(settings["rules"])
    return [note("created", game=game.name, variant=variant.display_name, needed=needed)]


def signon(ctx: MailContext, command: Signon) -> list[Note]:
    game = find_game(ctx.session, command.game)
    if command.role == "join":
        return join(ctx, game, command.password)
    if command.role == "master":
        person = _the_one(ctx.session, game, PlayerRole.MASTER, command.password)
        ctx.sign_on(game, person)
        return [note("signed_on_master", game=game.name)]
    if command.role == "observer":
        person = _the_one(ctx.session, game, PlayerRole.OBSERVER, command.password)
        ctx.sign_on(game, person)
        return [note("signed_on_observer", game=game.name)]
    return [_sign_on_power(ctx, game, command.power or "", command.password)]


def _the_one(session: Session, game: Game, role: PlayerRole, password: str) -> Player:
    for person in store.players_of(session, game, roles=[role]):
        if verify_password(person.password_hash, password):
            return person
    raise Refusal("bad_password", game=game.name)


def _sign_on_power(ctx: MailContext, game: Game, power: str, password: str) -> Note:
    if game.status is GameStatus.FORMING:
        raise Refusal("not_started", game=game.name)
    holders = [p for p in active_players(ctx.session, game) if power in p.powers]
    if not holders:
        return take_over(ctx, game, power, password)
    if not verify_password(holders[0].password_hash, password):
        raise Refusal("bad_password", game=game.name)
    ctx.sign_on(game, holders[0])
    return note("signed_on_power", game=game.name, power=power.title())


def join(ctx: MailContext, game: Game, password: str) -> list[Note]:
    if game.status is not GameStatus.FORMING:
        raise Refusal("not_forming", game=game.name)
    players = active_players(ctx.session, game)
    mine = [p for p in players if p.address.lower() == ctx.sender.lower()]
    if mine:
        if not verify_password(mine[0].password_hash, password):
            raise Refusal("bad_password", game=game.name)
        ctx.sign_on(game, mine[0])
        return [note("already_joined", game=game.name)]
    variant = variants().get(game.variant)
    if len(players) >= variant.max_players:
        raise Refusal("game_full", game=game.name)
    player = store.add_player(
        ctx.session, game, address=ctx.sender, password_hash=hash_password(password), now=ctx.now
    )
    ctx.sign_on(game, player)
    ctx.touch(game)  # it may be full now: it starts after the mail's last line
    count, needed = len(players) + 1, variant.players_needed(rules_of(game))
    return [note("joined", game=game.name, count=count, needed=needed)]


def start_if_full(ctx: MailContext, game: Game) -> list[Note]:
    """Start a forming game that has the variant's number of players.

    Called after a mail's last line, so that a PREFERENCES line after the last
    SIGNON still counts.
    """
    if game.status is not GameStatus.FORMING:
        return []
    variant = variants().get(game.variant)
    if len(active_players(ctx.session, game)) < variant.players_needed(rules_of(game)):
        return []
    return [start_game(ctx, game)]


def observe(ctx: MailContext, command: Observe) -> list[Note]:
    game = find_game(ctx.session, command.game)
    observers = store.players_of(ctx.session, game, roles=[PlayerRole.OBSERVER])
    mine = [p for p in observers if p.address.lower() == ctx.sender.lower()]
    if mine:
        if not verify_password(mine[0].password_hash, command.password):
            raise Refusal("bad_password", game=game.name)
        ctx.sign_on(game, mine[0])
        return [note("already_observing", game=game.name)]
    person = store.add_player(
        ctx.session,
        game,
        address=ctx.sender,
        password_hash=hash_password(command.password),
        now=ctx.now,
        role=PlayerRole.OBSERVER,
    )
    ctx.sign_on(game, person)
    return [note("observing", game=game.name)]


def preferences(ctx: MailContext, command: Preferences) -> list[Note]:
    signed = ctx.need_player()
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
    signed = ctx.need_master()
    game = find_game(ctx.session, signed.game.name)
    if game.status is not GameStatus.FORMING:
        raise Refusal("not_forming", game=game.name)
    variant = variants().get(game.variant)
    count = len(active_players(ctx.session, game))
    if count < variant.min_players:
        raise Refusal("too_few_players", game=game.name, count=count, needed=variant.min_players)
    return [start_game(ctx, game)]
