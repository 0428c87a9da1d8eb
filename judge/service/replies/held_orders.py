"""When a phase opens, the orders its players held for it with PHASE are checked.

Each player who sent lines with `PHASE ...` for the phase now open gets them run
exactly as a mail of orders would (the same checks, the same replies, the same
listing of the orders now on file), and the reply by mail, worded for them. Lines
held for a phase the game went past without having (a retreat phase with no
retreats) are dropped, and the player is told. Lines of a player who left the
game are dropped with them. Nobody but the player ever sees any of it.

The lines are run by the mail dispatcher, so this step sits above the commands and
the phase processing: whoever processes a phase at the top of a mail or of a
scheduler round (`judge.service.replies.handling`, `judge.server.scheduler`) calls
`release_and_process`, which releases the held lines of the phase now open and then
processes early while the game is ready (the released orders may complete it).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

import judge.service.replies.dispatch as dispatch
from judge.config import Config
from judge.language.commands import parse_line
from judge.outbox.gate import Gate
from judge.service.commands.orders import current_orders, note_refusals
from judge.service.commands.phase_orders import named, phase_key
from judge.service.context import MailContext, Note, note
from judge.service.game.processing import Processed, process_if_ready
from judge.service.game_mail.mailing import broadcast, header_data
from judge.service.replies.dispatch import run_line
from judge.service.seats.reader_preferences import reader_of
from judge.store import phase_orders as store
from judge.store.models import Game, GameStatus, PhaseOrders, Player, PlayerRole, PlayerStatus
from judge.variants.registry import VariantRegistry
from judge.wording.readers import Reader
from judge.wording.templates import render

log = logging.getLogger(__name__)


def release_and_process(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    game: Game,
    now: datetime,
) -> list[Processed]:
    """Release the orders held for the game's phase now open, then process it early if
    it is ready; again for each phase so processed (at most `max_chained_phases`)."""
    done: list[Processed] = []
    while True:
        release_held_orders(session, config, variants, gate, game, now)
        more = process_if_ready(session, config, variants, gate, game, now)
        done += more
        if not more or len(done) >= config.scheduler.max_chained_phases:
            return done


def release_held_orders(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    game: Game,
    now: datetime,
) -> None:
    """Check the orders held for the game's phase that has just opened, and mail each
    player the reply; drop those held for phases now past."""
    rows = store.held_in(session, game)
    if game.status is GameStatus.FINISHED or game.phase is None:
        store.drop(session, rows)
        return
    current = phase_key(game.phase)
    due = [row for row in rows if phase_key(row.phase) <= current]
    by_player: dict[int, list[PhaseOrders]] = {}
    for row in due:
        by_player.setdefault(row.player_id, []).append(row)
    players = {player.id: player for player in game.players}
    for player_id, held in by_player.items():
        lines = [row.line for row in held if row.phase == game.phase]
        missed = _missed(held, game.phase)
        store.drop(session, held)
        player = players.get(player_id)
        if player is None or player.status is not PlayerStatus.ACTIVE:
            continue
        if player.role is PlayerRole.PLAYER:
            _guarded(session, config, variants, gate, game, player, lines, missed, now)


def _guarded(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    game: Game,
    player: Player,
    lines: Sequence[str],
    missed: Sequence[tuple[str, int]],
    now: datetime,
) -> None:
    """One player's held orders in a savepoint: whatever goes wrong with them is
    logged and undone, and never holds up the phase that has just been processed
    (each line already runs in its own savepoint; this guards the reply's mail)."""
    savepoint = session.begin_nested()
    try:
        _check_and_mail(session, config, variants, gate, game, player, lines, missed, now)
    except Exception:
        log.exception("held orders of player %s in %s failed", player.id, game.name)
        savepoint.rollback()
        return
    savepoint.commit()


def _missed(held: Sequence[PhaseOrders], current: str) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for row in held:
        if row.phase != current:
            counts[row.phase] = counts.get(row.phase, 0) + 1
    return sorted(counts.items(), key=lambda item: phase_key(item[0]))


def _check_and_mail(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    game: Game,
    player: Player,
    lines: Sequence[str],
    missed: Sequence[tuple[str, int]],
    now: datetime,
) -> None:
    ctx = MailContext(session=session, config=config, now=now, sender=player.address,
                      variants=variants, gate=gate)  # fmt: skip
    signed = ctx.sign_on(game, player)
    grammar = dispatch.COMMANDS.grammar
    entries = [run_line(ctx, parse_line(line, variants, grammar, i))
               for i, line in enumerate(lines)]  # fmt: skip
    note_refusals(ctx)
    trailer: list[Note] = [note("held_phase_missed", phase=named(p), count=n) for p, n in missed]
    listing = current_orders(ctx, signed) if lines else None
    if listing is not None:
        trailer.append(note("current_orders", **listing))
    errors = sum(entry.errors for entry in entries) + sum(n.error for n in trailer)
    opened = note("held_orders_opened", game=game.name, phase=named(game.phase or ""))

    header = header_data(config, game, variants.get(game.variant).display_name)

    def body(reader: Reader) -> str:
        if not lines:  # only lines for a phase the game did not have
            reply, intro = "".join(f"{n.text_for(reader).rstrip()}\n\n" for n in trailer), ""
        else:
            intro = opened.text_for(reader).rstrip()
            reply = render("reply.txt.j2", reader, problems=[], entries=entries, trailer=trailer,
                           errors=errors)  # fmt: skip
        return render("held_orders.txt.j2", reader, **header, intro=intro, reply=reply)

    broadcast(
        session, config, game, to=[player.address], what=f"{game.phase} Orders held with PHASE",
        body=body, kind="reply", now=now, gate=gate,
        readers={player.address: reader_of(game, player)},
    )  # fmt: skip
