"""Maps in the mail: the PNG on every results mail, and the MAP command's reply.

A game's results mails carry the map unless its master sent SET MAPS OFF (kept
in the game's `GameSettings`, read by `maps_on`). The results map is drawn once
per phase and attached to every copy. Only public things are drawn: the board,
the processed orders, and Taskdip's unplayed powers in the neutral colour
(`judge.render.neutrals`); no task or bid is ever on a board. A results map that
fails to draw is logged and left out, since the results must go out anyway.
"""

from __future__ import annotations

import logging

from judge.mail.attachments import Attachment
from judge.mail.command_types import MapRequest
from judge.render.neutrals import board_colours
from judge.render.palette import ColourOf
from judge.render.phase_map import board_png, phase_png
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.snapshots import Board, load_board
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game
from judge.variants.base import Outcome, Snapshot, Variant

log = logging.getLogger(__name__)

def maps_on(game: Game) -> bool:
    """Whether the game's results mails carry the map (the default)."""
    return GameSettings.of(game).maps


def map_filename(game: str, phase: str) -> str:
    """`g1-S1901M.png`."""
    return f"{game}-{phase}.png"


def results_maps(board: Board, outcome: Outcome) -> tuple[Attachment, ...]:
    """The map for the results of the board's phase: none when the game has maps off."""
    if not maps_on(board.game):
        return ()
    after = outcome.snapshot
    try:
        png = phase_png(
            board.state.phase, after.state, outcome.results, _colours(board.variant, after)
        )
    except Exception:
        log.exception("the map of %s %s failed to draw", board.game.name, board.record.phase)
        return ()
    return (Attachment(map_filename(board.game.name, board.record.phase), png),)


def map_request(ctx: MailContext, command: MapRequest) -> list[Note]:
    """`MAP game`: the current board, attached to the reply (whatever SET MAPS says)."""
    game = store.get_game(ctx.session, command.game)
    if game is None:
        raise Refusal("no_such_game", game=command.game)
    board = load_board(ctx.session, game)
    if board is None:
        raise Refusal("not_started", game=game.name)
    png = board_png(board.state, _colours(board.variant, board.snapshot))
    filename = map_filename(game.name, board.record.phase)
    ctx.attachments[filename] = Attachment(filename, png)
    return [note("map_attached", game=game.name, filename=filename)]


def _colours(variant: Variant, snapshot: Snapshot) -> ColourOf | None:
    return board_colours(variant.public_summary(snapshot), snapshot.state.phase)
