"""The variant's part of the mail that ends a game outside adjudication.

A game may end by a draw everyone voted for, a concession, resignations or the
master's TERMINATE. The variant may then have something to make public
(Taskdip: every secret task, `Variant.end_report`). It is rendered with the
variant's `report_template`, as the public part of a results mail is.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.service.seats.snapshots import load_board
from judge.store.models import Game
from judge.variants.registry import VariantRegistry
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render


def end_report_text(
    session: Session, variants: VariantRegistry, game: Game, reader: Reader = DEFAULT_READER
) -> str:
    """The variant's public words on the end of `game`, or "" (also for a forming game)."""
    board = load_board(session, variants, game)
    if board is None or board.variant.report_template is None:
        return ""
    report = dict(board.variant.end_report(board.snapshot))
    if not report:
        return ""
    text = render(board.variant.report_template, reader, report=report, private=None).strip("\n")
    return f"\n{text}\n" if text else ""
