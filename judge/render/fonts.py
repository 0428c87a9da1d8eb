"""The fonts the map is written in: DejaVu Sans where installed, Pillow's own otherwise."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_FILES = {
    (True, False): "DejaVuSans-Bold.ttf",
    (True, True): "DejaVuSans-BoldOblique.ttf",
    (False, False): "DejaVuSans.ttf",
    (False, True): "DejaVuSans-Oblique.ttf",
}


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = True, italic: bool = False) -> Font:
    """A font of `size` pixels; the same object for the same request."""
    try:
        return ImageFont.truetype(_FILES[(bold, italic)], size)
    except OSError:
        return ImageFont.load_default(size)
