"""One game's zine: its whole public record as one self-contained HTML page.

The page holds everything inline (the style sheet, and the maps as `data:`
URIs), so it can be mailed, archived or opened from disk with nothing else.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.store.models import Game
from judge.variants.registry import VariantRegistry
from judge.zine.html import render_html
from judge.zine.record import GameRecord, read_record
from judge.zine.sections import press_of, years
from judge.zine.standings import standings


def game_page(session: Session, variants: VariantRegistry, game: Game) -> str:
    """The zine page of `game` (its variant from the judge's `variants`), as HTML text."""
    return record_page(read_record(session, variants, game))


def record_page(record: GameRecord) -> str:
    return render_html(
        "page.html.j2",
        game=record.name,
        variant=record.variant.display_name or record.variant.name,
        status=record.status.value,
        opening=press_of(record.press, None),
        years=years(record),
        standings=standings(record),
    )
