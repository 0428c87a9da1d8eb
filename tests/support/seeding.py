"""Running games made in bulk, straight into the store, for benchmarks and load tests.

Playing hundreds of games by mail to get them running would measure the mail, not
the scheduler. `seed_game` creates a game with its master and players, starts it
with the real `start_game` (powers allotted, first phase recorded, start mails
queued), stores an opening for every standard power, and sets the deadline to
`due` with no grace, so the phase is processed the moment a scheduler looks.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import no_mail_in
from judge.service.context import MailContext
from judge.service.game import deadlines
from judge.service.game.starting import start_game
from judge.service.seats.snapshots import draw_seed, load_board
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, PlayerRole
from judge.variants.registry import VariantRegistry

# One legal opening per power (Spring 1901), with bounces, supports and a convoy-free mix.
OPENINGS: dict[str, tuple[str, ...]] = {
    "AUSTRIA": ("A VIE-GAL", "A BUD-SER", "F TRI-ALB"),
    "ENGLAND": ("F LON-NTH", "F EDI-NWG", "A LVP-YOR"),
    "FRANCE": ("F BRE-MAO", "A PAR-BUR", "A MAR S A PAR-BUR"),
    "GERMANY": ("F KIE-DEN", "A BER-KIE", "A MUN-BUR"),
    "ITALY": ("F NAP-ION", "A ROM-APU", "A VEN-TYR"),
    "RUSSIA": ("A WAR-GAL", "A MOS-UKR", "F SEV-BLA", "F STP/SC-BOT"),
    "TURKEY": ("F ANK-BLA", "A CON-BUL", "A SMY-ARM"),
}


def seed_game(
    session: Session,
    config: Config,
    *,
    variants: VariantRegistry,
    name: str,
    variant: str,
    password_hash: str,
    now: datetime,
    due: datetime,
    maps: bool = True,
) -> Game:
    """A started game `name` whose current phase is due at `due` (no grace); with
    `maps` False, as after SET MAPS OFF (results mails without the map)."""
    rules = variants.get(variant).default_rules()
    game = store.create_game(
        session, name=name, variant=variant, rng_seed=draw_seed(), now=now,
        settings=GameSettings(rules=rules, grace=timedelta(0), maps=maps).to_json(),
    )  # fmt: skip
    master = store.add_player(
        session, game, address=f"gm-{name}@example.org", password_hash=password_hash,
        now=now, role=PlayerRole.MASTER,
    )  # fmt: skip
    for index in range(variants.get(variant).players_needed(rules)):
        store.add_player(
            session, game, address=f"p{index}-{name}@example.org",
            password_hash=password_hash, now=now,
        )  # fmt: skip
    ctx = MailContext(session=session, config=config, now=now, sender=master.address,
                      variants=variants, gate=no_mail_in())  # fmt: skip
    start_game(ctx, game)
    _order_openings(session, variants, game, now)
    deadlines.set_deadline(game, due, now)
    return game


def _order_openings(
    session: Session, variants: VariantRegistry, game: Game, now: datetime
) -> None:
    """Every power with units in a movement phase gets its opening (or holds)."""
    board = load_board(session, variants, game)
    if board is None or board.state.phase.code != "S1901M":
        return
    for power, lines in OPENINGS.items():
        store.set_orders(session, board.record, power, lines, now=now)
