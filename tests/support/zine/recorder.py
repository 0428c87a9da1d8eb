"""Games for the zine tests, played by the real variants and stored with the store API.

No mail is needed: the recorder does what `judge.service.game.processing` does for
one phase. The variant processes the submissions, and the results, the
variant's report (its private part included, which the zine must never show),
the next phase and the variant's data are written in one transaction. Any
board can be set up first (`set_board`), which a game by mail cannot do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.rules.parse import parse_order
from judge.rules.state import GameState
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, GameStatus, PlayerRole
from judge.store.state_json import results_to_json, state_to_json
from judge.variants.base import Outcome, Seat, Snapshot, Submission, Variant
from judge.variants.registry import VariantRegistry
from support.variant_registry import WORKER_REGISTRY


@dataclass
class Recorder:
    sessions: sessionmaker[Session]
    clock: ManualClock
    seed: int = 7
    variants: VariantRegistry = WORKER_REGISTRY  # the judge's, passed by argument

    def create(
        self,
        name: str,
        variant: str,
        preferences: Sequence[tuple[str, ...]],
        rules: Mapping[str, str] | None = None,
    ) -> dict[str, tuple[str, ...]]:
        """A started game with one seat per preference list; returns seat -> powers."""
        with self.sessions.begin() as session:
            game = store.create_game(
                session, name=name, variant=variant, rng_seed=self.seed, now=self.clock.now()
            )
            seats = [self._join(session, game, i, prefs) for i, prefs in enumerate(preferences)]
            rules = {**self.variants.get(variant).default_rules(), **(rules or {})}
            GameSettings(rules=dict(rules)).save(game)
            started = self.variants.get(variant).start(seats, rules, random.Random(self.seed))
            game.variant_data = dict(started.snapshot.data)
            store.record_phase(session, game, started.snapshot.state, now=self.clock.now(),
                               variant_data=game.variant_data)
            game.status = GameStatus.ACTIVE
            return dict(started.holdings)

    def _join(self, session: Session, game: Game, index: int, prefs: tuple[str, ...]) -> Seat:
        player = store.add_player(
            session, game, address=f"p{index}@example.org", password_hash="-",
            now=self.clock.now(), role=PlayerRole.PLAYER,
        )
        player.preferences = list(prefs)
        return Seat(str(player.id), prefs)

    def seats(self, name: str) -> list[str]:
        with self.sessions() as session:
            game = _game(session, name)
            return [str(p.id) for p in store.players_of(session, game)]

    def play(
        self,
        name: str,
        orders: Mapping[str, Sequence[str]] | None = None,
        bids: Mapping[str, Mapping[str, int]] | None = None,
    ) -> Outcome:
        """Process the current phase with `orders` (seat -> lines) and `bids` (seat -> bids)."""
        with self.sessions.begin() as session:
            game = _game(session, name)
            variant = self.variants.get(game.variant)
            record = store.current_phase(session, game)
            assert record is not None
            snapshot = _snapshot(game, store.phase_state(record))
            sent = {
                seat: _submission(variant, snapshot, seat, (orders or {}).get(seat, ()),
                                  (bids or {}).get(seat))
                for seat in variant.holdings(snapshot)
            }
            outcome = variant.process(snapshot, sent, random.Random(self.seed))
            store.mark_processed(record, results_to_json(outcome.results), now=self.clock.now())
            record.report = dict(outcome.report) if outcome.report else None
            game.variant_data = dict(outcome.snapshot.data)
            store.record_phase(session, game, outcome.snapshot.state, now=self.clock.now(),
                               variant_data=game.variant_data)
            if outcome.finished:
                game.status = GameStatus.FINISHED
                game.winner = outcome.winner
            return outcome

    def set_board(self, name: str, state: GameState) -> None:
        """Replace the current phase's board (to set up a position quickly)."""
        with self.sessions.begin() as session:
            game = _game(session, name)
            record = store.current_phase(session, game)
            assert record is not None
            record.state = state_to_json(state)
            record.phase = state.phase.code
            game.phase = state.phase.code

    def board(self, name: str) -> GameState:
        with self.sessions() as session:
            record = store.current_phase(session, _game(session, name))
            assert record is not None
            return store.phase_state(record)

    def add_event(self, name: str | None, body: str, **fields: Any) -> None:
        """Press and the like: `kind`, `author`, `recipients` (private), `phase`."""
        with self.sessions.begin() as session:
            game = _game(session, name) if name else None
            phase = fields.pop("phase", game.phase if game else None)
            store.add_event(session, game, body=body, now=self.clock.now(), phase=phase,
                            kind=fields.pop("kind", "press"), **fields)

    def send_orders(self, name: str, power: str, lines: Sequence[str]) -> None:
        """Orders (or bids) stored for the current phase and not processed."""
        with self.sessions.begin() as session:
            record = store.current_phase(session, _game(session, name))
            assert record is not None
            store.set_orders(session, record, power, lines, now=self.clock.now())


def _game(session: Session, name: str) -> Game:
    game = store.get_game(session, name)
    assert game is not None, name
    return game


def _snapshot(game: Game, state: GameState) -> Snapshot:
    return Snapshot(state, dict(game.variant_data), dict(GameSettings.of(game).rules))


def _submission(
    variant: Variant,
    snapshot: Snapshot,
    seat: str,
    lines: Sequence[str],
    bids: Mapping[str, int] | None,
) -> Submission:
    powers = variant.orderable_powers(snapshot, seat)
    orders = tuple(parse_order(line, variant.map, snapshot.state, powers) for line in lines)
    extra = {"bids": dict(bids)} if bids is not None else {}
    return Submission(orders=orders, extra=extra)

