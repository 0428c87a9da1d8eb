"""A zine page in a real browser (headless Chromium): it renders, and every map loads."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from support.zine.browser import chromium, loaded_images, screenshot
from support.zine.standard_game import STANDARD_PHASES, PageOf

BROWSER = chromium()
needs_chromium = pytest.mark.skipif(
    BROWSER is None, reason="chromium is not installed (apt-get install chromium; .ci/run does)"
)


@pytest.fixture
def page_file(standard_game: str, page_of: PageOf, tmp_path: Path) -> Path:
    path = tmp_path / "g1.html"
    path.write_text(page_of(standard_game), encoding="utf-8")
    return path


@needs_chromium
def test_the_browser_loads_every_map_of_the_page(page_file: Path) -> None:
    assert BROWSER is not None
    assert loaded_images(BROWSER, page_file) == (len(STANDARD_PHASES), len(STANDARD_PHASES))


@needs_chromium
def test_the_browser_renders_the_page_to_a_screenshot_that_is_not_blank(
    page_file: Path, tmp_path: Path
) -> None:
    assert BROWSER is not None
    shot = tmp_path / "g1.png"
    screenshot(BROWSER, page_file, shot)
    with Image.open(shot) as image:
        assert image.format == "PNG"
        assert image.size == (1200, 2400)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is None or len(colours) > 50  # text, a map and its colours: far from blank
