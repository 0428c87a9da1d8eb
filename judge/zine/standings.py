"""The end of the page: centres and units per power on the latest board, and the winner."""

from __future__ import annotations

from dataclasses import dataclass

from judge.variants.zine_blocks import ZineBlock
from judge.wording.describe import power_title, winner_titles
from judge.zine.phases import heading
from judge.zine.record import GameRecord


@dataclass(frozen=True)
class PowerRow:
    power: str
    centres: int
    units: int


@dataclass(frozen=True)
class Standings:
    board: str | None  # the phase of the board counted, as a heading
    rows: list[PowerRow]
    winners: list[str]
    finished: bool
    endings: list[str]  # how the game ended, from the game-over notices
    revealed: list[ZineBlock]  # what the variant makes public at the end (Taskdip tasks)


def standings(record: GameRecord) -> Standings:
    board = record.board
    rows = []
    if board is not None:
        counts = board.center_counts()
        rows = [
            PowerRow(power_title(p), counts.get(p, 0), len(board.units_of(p)))
            for p in sorted(record.variant.map.home_centers)
        ]
        rows.sort(key=lambda row: (-row.centres, -row.units, row.power))
    return Standings(
        board=heading(board.phase) if board is not None else None,
        rows=rows,
        winners=winner_titles(record.winner),
        finished=record.finished,
        endings=[notice_text(body) for body in record.endings],
        revealed=revealed(record),
    )


def revealed(record: GameRecord) -> list[ZineBlock]:
    """The variant's secrets that the end of the game makes public; nothing before."""
    if not record.finished or record.latest is None:
        return []
    return record.variant.zine_final_blocks(record.latest)


def notice_text(body: str) -> str:
    """A game-over mail without its `:: Judge` / `:: Deadline` header lines."""
    lines = [line for line in body.splitlines() if not line.startswith("::")]
    return "\n".join(lines).strip()

