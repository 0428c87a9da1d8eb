"""What anyone may ask about the games without signing on: LIST, HISTORY, SUMMARY.

Nothing secret is shown: no player addresses, no orders before they are
processed, only the public results.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy.orm import Session

from judge.language.command_types import History, ListGames, Summary
from judge.rules.state import GameState, Phase, Season
from judge.service.commands.signed_game import named_or_signed
from judge.service.commands.takeover import powers_nobody_plays
from judge.service.context import MailContext, Note, Refusal, rendered
from judge.service.game.ending import holdings_of
from judge.service.game.play_settings import play_settings
from judge.service.seats.snapshots import active_players, load_board, rules_of
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, PhaseRecord, PlayerRole
from judge.store.rollback import ROLLED_BACK_EVENT
from judge.variants.registry import VariantRegistry
from judge.wording.describe import power_title, winner_groups, winner_titles
from judge.wording.report import phase_words


def _game(session: Session, name: str) -> Game:
    game = store.get_game(session, name)
    if game is None:
        raise Refusal("no_such_game", game=name)
    return game


def list_games(ctx: MailContext, command: ListGames) -> list[Note]:
    """`LIST game`: that game; `LIST` after a SIGNON: the game signed on to (as
    njudge does); `LIST` alone: every game."""
    name = command.game
    if name is None and ctx.signed is not None:
        name = ctx.signed.game.name
    if name is not None:
        listing = game_listing(ctx.session, ctx.variants, _game(ctx.session, name))
        return [rendered("list_game.txt.j2", **listing)]
    rows = [
        {
            "name": game.name,
            "variant": _column_name(ctx.variants.get(game.variant).display_name,
                                    game.variant),
            "status": game.status.value,
            "phase": game.phase or "-",
            "players": game.players,
        }
        for game in store.game_summaries(ctx.session)
    ]
    return [rendered("list_games.txt.j2", code=ctx.config.judge.code, games=rows)]


VARIANT_COLUMN = 14  # LIST's variant column: a longer display name shows as its key


def _column_name(display: str, key: str) -> str:
    """`Standard`; `intimate-2000` for `Intimate Diplomacy (2000 rules)`, which would
    push the row past 78 columns."""
    return display if len(display) <= VARIANT_COLUMN else key


def game_listing(session: Session, variants: VariantRegistry, game: Game) -> dict[str, Any]:
    """One game's public status: phase, deadline, master, players and powers."""
    variant = variants.get(game.variant)
    players = active_players(session, game)
    masters = store.players_of(session, game, roles=[PlayerRole.MASTER])
    board = load_board(session, variants, game)
    powers: list[dict[str, Any]] = []
    credits: list[dict[str, Any]] = []
    currency = None
    if board is not None:
        held = {power for p in players for power in p.powers}
        public = variant.public_summary(board.snapshot)
        powers = _power_rows(board.state, variant.map.home_centers, held, public)
        credits, currency = _credit_rows(public)
    return {
        "game": game.name,
        "variant": variant.display_name,
        "status": game.status.value,
        "phase": phase_words(Phase.parse(game.phase)) if game.phase else None,
        "phase_code": game.phase,
        "deadline": game.next_deadline,
        "master": ", ".join(m.address for m in masters) or None,  # PROMOTE adds masters
        "players": len(players),
        "needed": variant.players_needed(rules_of(game)),
        "forming": game.status is GameStatus.FORMING,
        "powers": powers,
        "credits": credits,
        "currency": currency,
        "winners": winner_titles(game.winner),
        "disorder": _in_disorder(session, variants, game),
        "winner_groups": winner_groups(game.winner, holdings_of(session, game)),
        "settings": play_settings(variant, GameSettings.of(game)),
    }


def _in_disorder(session: Session, variants: VariantRegistry, game: Game) -> list[str]:
    """The powers nobody plays in a running game (SIGNON with their letter asks)."""
    if game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):
        return []
    return [power_title(power) for power in powers_nobody_plays(session, variants, game)]


def _power_rows(
    state: GameState, powers: Iterable[str], held: set[str], public: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Per power its centres, units and who orders it, as far as the variant declares:
    `neutral` (Taskdip) and `controllers` (power -> the power whose player orders it,
    None for nobody: an Intimate mercenary in anarchy). Without `controllers`, a power
    nobody holds is in civil disorder."""
    neutral = set(public.get("neutral", ()))
    controllers: Mapping[str, str | None] | None = public.get("controllers")
    rows = []
    for power in sorted(powers):
        rows.append(
            {
                "power": power_title(power),
                "centers": len(state.centers_of(power)),
                "units": len(state.units_of(power)),
                "control": _control(power, held, neutral, controllers),
            }
        )
    return rows


def _control(
    power: str, held: set[str], neutral: set[str], controllers: Mapping[str, str | None] | None
) -> dict[str, str | None]:
    """How a power is ordered: `{"kind": ..., "by": title}`, kind one of played,
    neutral, controlled, anarchy, disorder."""
    if power in neutral:
        return {"kind": "neutral", "by": None}
    if controllers is not None and power in controllers:
        controller = controllers[power]
        if controller is None:
            return {"kind": "anarchy", "by": None}
        if controller != power:
            return {"kind": "controlled", "by": power_title(controller)}
    return {"kind": "played" if power in held else "disorder", "by": None}


def _credit_rows(public: Mapping[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """Each home power's credits (Intimate: `credits_by_power` and `currency`)."""
    by_power: Mapping[str, int] = public.get("credits_by_power", {})
    rows = [{"power": power_title(p), "amount": by_power[p]} for p in sorted(by_power)]
    return rows, public.get("currency")


HISTORY_TITLES = {"press": "Press", "broadcast": "Broadcast", "notice": "Notice"}


def history(ctx: MailContext, command: History) -> list[Note]:
    """The public record in order: results, public press, broadcasts, notices, the end.

    Private events (private press, votes) are never read: `public_only`.
    """
    game = named_or_signed(ctx, command.game, "HISTORY")
    phases = [
        {
            "title": _history_title(event.kind, event.phase, event.author),
            "kind": event.kind,  # the parts of the title, for a language that words it
            "phase": event.phase,
            "author": event.author,
            "body": event.body,
            "worded": dict(event.translations or {}),  # the reader's language, if kept
        }
        for event in store.events_of(ctx.session, game, public_only=True)
        if event.kind in ("results", "end", ROLLED_BACK_EVENT) or event.kind in HISTORY_TITLES
    ]
    return [rendered("history.txt.j2", game=game.name, phases=phases)]


def _history_title(kind: str, phase: str | None, author: str | None) -> str:
    if kind == ROLLED_BACK_EVENT:
        return f"{phase or ''} (rolled back)"
    words = HISTORY_TITLES.get(kind)
    if words is None:
        return phase or ""
    by = f" from {author}" if author else ""
    return f"{phase or 'Before the start'}: {words}{by}"


def summary(ctx: MailContext, command: Summary) -> list[Note]:
    game = named_or_signed(ctx, command.game, "SUMMARY")
    variant = ctx.variants.get(game.variant)
    powers = sorted(variant.map.home_centers)
    rows = [
        {"label": label, "counts": [len(state.centers_of(p)) for p in powers]}
        for label, state in _yearly_states(store.phase_history(ctx.session, game))
    ]
    return [
        rendered(
            "summary.txt.j2",
            game=game.name,
            variant=variant.display_name,
            powers=[_short(p) for p in powers],
            rows=rows,
            control=_control_rows(ctx.session, ctx.variants, game, powers),
        )
    ]


def _short(power: str | None) -> str:
    return power[:3].title() if power else "-"


def _control_rows(
    session: Session, variants: VariantRegistry, game: Game, powers: list[str]
) -> list[dict[str, Any]]:
    """Who controlled each power, year by year, where the variant records it
    (Intimate: `control_history`, public once the bids are revealed)."""
    board = load_board(session, variants, game)
    if board is None:
        return []
    history = board.variant.public_summary(board.snapshot).get("control_history", {})
    return [
        {"label": year, "controllers": [_short(by_power.get(p, p)) for p in powers]}
        for year, by_power in sorted(history.items())
    ]


def _yearly_states(records: list[PhaseRecord]) -> list[tuple[str, GameState]]:
    """The board at the start of each year (labelled with the year just ended),
    then the board now when the game is inside a year."""
    rows: list[tuple[str, GameState]] = []
    years: set[int] = set()
    state: GameState | None = None
    for record in records:
        state = store.phase_state(record)
        if state.phase.season is Season.SPRING and state.phase.year not in years:
            years.add(state.phase.year)
            rows.append(("Start" if not rows else str(state.phase.year - 1), state))
    if state is not None and (not rows or rows[-1][1] is not state):
        rows.append(("Now", state))
    return rows
