"""The index of a zine folder: one row per game, linking to its page."""

from __future__ import annotations

from dataclasses import dataclass

from judge.store.models import Game
from judge.variants.registry import VariantRegistry
from judge.wording.describe import winner_titles
from judge.zine.html import render_html


@dataclass(frozen=True)
class IndexRow:
    name: str
    page: str  # the page's file name, relative to the index
    variant: str
    status: str
    phase: str
    winners: list[str]


def index_row(registry: VariantRegistry, game: Game, page: str) -> IndexRow:
    variant = registry.get(game.variant)
    return IndexRow(
        name=game.name,
        page=page,
        variant=variant.display_name or variant.name,
        status=game.status.value,
        phase=game.phase or "-",
        winners=winner_titles(game.winner),
    )


def index_page(rows: list[IndexRow]) -> str:
    return render_html("index.html.j2", games=rows)
