"""Reading a zine page in the tests: its maps, its headings, its links."""

from __future__ import annotations

import base64
import io
import re

from PIL import Image

IMG_SRC = re.compile(r'<img\b[^>]*\bsrc="([^"]*)"')
DATA_PNG = "data:image/png;base64,"
DATA_URI = re.compile(r'"data:[^"]*"')
PHASE_HEADING = re.compile(r'<article class="phase" id="([A-Z0-9]+)">')
NETWORK = re.compile(
    r"""(?:src|href)\s*=\s*["']?\s*((?:https?:)?//[^"'\s>]*)  # an attribute
      | url\(\s*["']?((?:https?:)?//[^)"']*)                  # a CSS url()
      | @import\s+["']([^"']*)                                # a CSS import
    """,
    re.IGNORECASE | re.VERBOSE,
)


def image_sources(page: str) -> list[str]:
    return IMG_SRC.findall(page)


def maps(page: str) -> list[Image.Image]:
    """Every `<img>` of the page, decoded; fails on anything but an inline PNG."""
    images = []
    for source in image_sources(page):
        assert source.startswith(DATA_PNG), source[:60]
        image = Image.open(io.BytesIO(base64.b64decode(source[len(DATA_PNG):], validate=True)))
        assert image.format == "PNG"
        image.load()
        images.append(image.convert("RGB"))
    return images


def phase_ids(page: str) -> list[str]:
    """The phase sections' ids (phase codes), in page order."""
    return PHASE_HEADING.findall(page)


def external_references(page: str) -> list[str]:
    """Every `src=` / `href=` / CSS `url(` that would fetch something from a network."""
    return [next(part for part in found if part) for found in NETWORK.findall(page)]


def text_of(page: str) -> str:
    """The page's body without its inline pictures: what a text search should look at
    (so it cannot hit the style sheet or base64 by chance)."""
    return DATA_URI.sub('"data:"', page[page.index("<body>"):])
