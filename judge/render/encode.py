"""PNG output with a fixed palette: the map's own colours and blends between them.

A map has few colours, so an 8-bit palette loses nothing that matters; it keeps every
key colour exact (a French army is exactly France's blue), makes the file about a
third of the size, and is quicker to write than a full-colour PNG.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image

import judge.render.palette as palette
from judge.render.palette import RGB

_PARTNERS = (palette.INK, palette.LAND, palette.SEA, palette.WHITE)
_MIX = (0.33, 0.66)
ZLIB_LEVEL = 6


def palette_image(colours: Iterable[RGB]) -> Image.Image:
    """A palette of the given colours, then blends of each with the usual backgrounds."""
    keys = list(dict.fromkeys([*palette.KEY_COLOURS, *colours]))
    blends = [_blend(c, p, a) for c in keys for p in _PARTNERS for a in _MIX]
    entries = list(dict.fromkeys(keys + blends))[:256]
    flat = [v for colour in entries for v in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + [0] * (768 - len(flat)))
    return image


def png_bytes(image: Image.Image, palette_of: Image.Image) -> bytes:
    indexed = image.quantize(palette=palette_of, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=ZLIB_LEVEL)
    return out.getvalue()


def _blend(colour: RGB, partner: RGB, share: float) -> RGB:
    r, g, b = (round(c * share + p * (1 - share)) for c, p in zip(colour, partner, strict=True))
    return (r, g, b)
