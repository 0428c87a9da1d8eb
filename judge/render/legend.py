"""The title line (the phase) and the small power legend with centre counts."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageDraw

import judge.render.palette as palette
from judge.render.fonts import font
from judge.render.glyphs import draw_centre
from judge.rules.state import POWERS, Phase


def phase_title(phase: Phase) -> str:
    """`S1901M` -> `Spring 1901 Movement`."""
    return f"{phase.season_name} {phase.year} {phase.type_name}"


def draw_title(draw: ImageDraw.ImageDraw, text: str, u: float) -> None:
    """The title in a panel at the top left, over the open Atlantic."""
    title_font = font(round(17 * u))
    left, top, right, bottom = draw.textbbox((0, 0), text, font=title_font)
    pad = 7 * u
    box = (6 * u, 6 * u, 6 * u + right - left + 2 * pad, 6 * u + bottom - top + 2 * pad)
    draw.rectangle(box, fill=palette.PANEL, outline=palette.INK, width=max(1, round(u)))
    draw.text((box[0] + pad - left, box[1] + pad - top), text, fill=palette.INK, font=title_font)


def draw_legend(
    draw: ImageDraw.ImageDraw,
    colours: Mapping[str, palette.RGB],
    counts: Mapping[str, int],
    size: tuple[int, int],
    u: float,
    notes: Mapping[str, str] | None = None,
) -> None:
    """One row per power at the bottom right: its colour, its name (and who orders
    it, `notes`: `by France`), its centres. The panel widens for the notes."""
    notes = notes or {}
    small = font(round(10.5 * u))
    row, width = 17 * u, 136 * u
    named = {power: _name(power, notes) for power in POWERS}
    longest = max(draw.textlength(text, font=small) for text in named.values())
    width = max(width, longest + 27 * u + 44 * u)
    height = row * (len(POWERS) + 1) + 10 * u
    x0, y0 = size[0] - width - 8 * u, size[1] - height - 8 * u
    draw.rectangle(
        (x0, y0, x0 + width, y0 + height),
        fill=palette.PANEL,
        outline=palette.INK,
        width=max(1, round(u)),
    )
    draw.text((x0 + 8 * u, y0 + 6 * u), "Power", fill=palette.INK, font=small)
    draw.text(
        (x0 + width - 8 * u, y0 + 6 * u), "Centres", fill=palette.INK, font=small, anchor="ra"
    )
    for i, power in enumerate(POWERS, start=1):
        y = y0 + 6 * u + row * i
        draw_centre(draw, (x0 + 14 * u, y + 6.5 * u), u * 1.35, colours[power])
        draw.text((x0 + 27 * u, y), named[power], fill=palette.INK, font=small)
        draw.text(
            (x0 + width - 12 * u, y),
            str(counts.get(power, 0)),
            fill=palette.INK,
            font=small,
            anchor="ra",
        )


def _name(power: str, notes: Mapping[str, str]) -> str:
    note = notes.get(power)
    return f"{power.title()} ({note})" if note else power.title()
